import { sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import type { PaymentState } from "#app/utils/payment-state";

// What the open invoice asks (the newest proforma, nothing once a credit note cancels it), what the ledger
// holds, what the invoice expects withheld and what certificates settled, per booking, as `bookingBalance` counts
// them (`settlement` in app/utils/payment-state.ts, decision 0745): for a list that shows many bookings' balances
// in one query
const openProformaColumn = (column: ReturnType<typeof sql.raw>) => sql<number>`coalesce((
  select case when exists (
    select 1 from finance_documents cn where cn.kind = 'credit_note' and cn.relates_to_id = d.id
  ) then 0 else ${column} end
  from finance_documents d where d.booking_id = ${bookings.id} and d.kind = 'proforma'
  order by d.version desc limit 1), 0)`;
export const bookingInvoicedSql = openProformaColumn(sql.raw("d.total_cents"));
export const bookingWithheldSql = openProformaColumn(sql.raw("d.wht_cents + d.whvat_cents"));
export const bookingPaidSql = sql<number>`coalesce((select sum(p.amount_cents) from payments p where p.booking_id = ${bookings.id}), 0)`;
export const bookingCertifiedSql = sql<number>`coalesce((select sum(w.amount_cents) from withholding_certificates w where w.booking_id = ${bookings.id} and w.voided_at is null), 0)`;

const outstandingSql = sql`(${bookingInvoicedSql} - ${bookingPaidSql} - ${bookingCertifiedSql})`;
const certificatesDueSql = sql`least(greatest(${bookingWithheldSql} - ${bookingCertifiedSql}, 0), greatest(${outstandingSql}, 0))`;
/** The cash still owed (negative: paid beyond the invoice), as `settlement` computes it. */
export const bookingBalanceSql = sql<number>`(${outstandingSql} - ${certificatesDueSql})`;

/** `paymentState`, in SQL, for filtering a list by it. */
export const bookingPaymentStateSql = sql<PaymentState>`case
  when ${bookingBalanceSql} < 0 then 'overpaid'
  when ${bookingBalanceSql} = 0 and ${bookingInvoicedSql} > 0 and ${certificatesDueSql} > 0 then 'certificates_due'
  when ${bookingBalanceSql} = 0 and ${bookingInvoicedSql} > 0 then 'paid'
  when ${bookingPaidSql} + ${bookingCertifiedSql} > 0 then 'part_paid'
  else 'unpaid' end`;
