import { desc } from "drizzle-orm";
import { dataRequests } from "#app/back-office/tables.server";
import { bookingsPersonalData } from "#app/bookings/index.server";
import { deliveryPersonalData } from "#app/delivery/index.server";
import { moneyPersonalData } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { outboxPersonalData } from "#app/platform/personal-data/platform-records.server";
import type { Subject } from "#app/platform/personal-data/subject";
import { getSettings } from "#app/platform/settings/setting.server";
import { salesPersonalData } from "#app/sales/index.server";
import { now } from "#app/utils/clock";
import { countFound, findPersonalData } from "./data-request-find.server";

// A person's copy of what the firm holds about them (decision 0637): the records as they stand, ID numbers opened
// (the copy is theirs), money as integer cents beside the amount in KES. The JSON and the PDF say the same. Each
// feature writes its own sections (decision 0715); this module puts them in the order the copy reads.

/** Everything found about `subject`, as the export hands it over. */
export async function personalDataCopy(subject: Subject) {
  const [found, settings] = await Promise.all([findPersonalData(subject), getSettings()]);
  const executor = db();
  const [booked, money, delivery, sales, outbox] = await Promise.all([
    bookingsPersonalData.copy(found, executor),
    moneyPersonalData.copy(found),
    deliveryPersonalData.copy(found),
    salesPersonalData.copy(found),
    outboxPersonalData.copy(found),
  ]);
  const copy = {
    heldBy: settings.finance_legal_name,
    subject: subject.value,
    exportedAt: now().toISOString(),
    retentionOfFinancialRecordsYears: settings.financial_records_retention_years,
    registrations: booked.registrations,
    bookings: booked.bookings,
    enquiries: sales.enquiries,
    officeEnquiries: sales.officeEnquiries,
    quotes: sales.quotes,
    engagements: sales.engagements,
    courseInterests: booked.courseInterests,
    feedback: delivery.feedback,
    certificates: delivery.certificates,
    financeDocuments: money.financeDocuments,
    payments: money.payments,
    paymentsHeldForReview: money.paymentsHeldForReview,
    cheques: money.cheques,
    emails: outbox.emails,
    texts: outbox.texts,
    smsStopped: outbox.smsStopped,
    whatsapp: outbox.whatsapp,
    whatsappStopped: outbox.whatsappStopped,
  };
  return { copy, found };
}

export type PersonalDataCopy = Awaited<ReturnType<typeof personalDataCopy>>["copy"];

/** Records a handed-over copy: the request's row and its audit line, which says the copy holds ID numbers. */
export async function recordExport(
  actor: AuditActor,
  subject: Subject,
  askedBy: string,
  format: "json" | "pdf",
  found: Awaited<ReturnType<typeof findPersonalData>>,
) {
  const counts = countFound(found);
  const withIdNumbers = found.registrations.filter((r) => r.maskedIdNumber !== null).length;
  await db().transaction(async (tx) => {
    const [request] = await tx
      .insert(dataRequests)
      .values({
        kind: "export",
        format,
        subject: subject.value,
        askedBy,
        found: counts,
        handledBy: actor.id,
        handledByEmail: actor.email,
      })
      .returning({ id: dataRequests.id });
    await recordAudit(tx, actor, {
      action: `Exported personal data (${format.toUpperCase()})${withIdNumbers > 0 ? " with full ID numbers" : ""}`,
      tableName: "data_requests",
      recordId: request?.id ?? null,
      newValues: { found: counts, withIdNumbers },
    });
  });
}

/** The requests handled lately, newest first, for the tool's page. */
export function listDataRequests(limit = 20) {
  return db()
    .select({
      id: dataRequests.id,
      kind: dataRequests.kind,
      format: dataRequests.format,
      subject: dataRequests.subject,
      askedBy: dataRequests.askedBy,
      found: dataRequests.found,
      erased: dataRequests.erased,
      kept: dataRequests.kept,
      handledByEmail: dataRequests.handledByEmail,
      createdAt: dataRequests.createdAt,
    })
    .from(dataRequests)
    .orderBy(desc(dataRequests.createdAt))
    .limit(limit);
}
