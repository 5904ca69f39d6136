import type { payments } from "#app/money/tables.server";
import type { AuditEntry } from "#app/platform/audit.server";
import { formatKes } from "#app/utils/cents";

/** The audit entry of a payment added to the ledger, the same whichever way the money arrived. */
export function paymentRecordedAudit(payment: typeof payments.$inferSelect): AuditEntry {
  return {
    action: "Recorded payment",
    tableName: "payments",
    recordId: payment.id,
    newValues: {
      method: payment.method,
      amount: formatKes(payment.amountCents),
      code: payment.transactionCode,
      source: payment.source,
      booking_id: payment.bookingId,
    },
  };
}
