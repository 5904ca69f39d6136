import { dataRequests } from "#app/back-office/tables.server";
import { bookingsPersonalData, lockBookingsPart } from "#app/bookings/index.server";
import { deliveryPersonalData } from "#app/delivery/index.server";
import { financialRetention, moneyPersonalData } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import type { Tx } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { outboxPersonalData, redactAuditRows } from "#app/platform/personal-data/platform-records.server";
import type { KeptRecord, Subject } from "#app/platform/personal-data/subject";
import { getSettings } from "#app/platform/settings/setting.server";
import { salesPersonalData } from "#app/sales/index.server";
import { today } from "#app/utils/dates";
import { countFound, findPersonalData, type PersonalData } from "./data-request-find.server";
import type { ErasedKind } from "./data-request-kinds";

// An erasure (decision 0637): what the law lets go is deleted (enquiries, "notify me" requests, e-mails) or
// anonymised where other records stand on it (registrations, bookings); what it requires, or what the house never
// destroys, is kept and said: a place on a course date still running, invoices, receipts, credit notes and
// payments within the retention period (and as issued after it: they are immutable), certificates. Each feature
// plans and erases its own rows (decision 0715); this module passes between them what one part needs of another.

/**
 * What an erasure of `found` would do today, without doing it: the page shows it before the owner confirms, and
 * the erasure applies the plan it makes again inside its transaction.
 */
export function planErasure(
  found: PersonalData,
  { on = today(), retentionYears }: { on?: string; retentionYears: number },
) {
  // a booking's financial records are kept for the retention period after the last of them: so is its buyer
  const retainedUntil = financialRetention(
    found,
    found.bookings.map((b) => b.id),
    retentionYears,
  );
  const retainedBookings = new Map([...retainedUntil].filter(([, until]) => until > on));
  const booked = bookingsPersonalData.plan(found, { retainedBookings });
  const parts = [
    booked,
    moneyPersonalData.plan(found, { on, retentionYears, retainedUntil }),
    deliveryPersonalData.plan(found, { anonymisedRegistrationIds: booked.plan.anonymiseRegistrations }),
    // e-mails still waiting belong to a booking that is still running
    outboxPersonalData.plan(found, {
      stillDelivering: found.registrations.some((r) => r.live) || found.bookings.some((b) => b.live),
    }),
    salesPersonalData.plan(found, { retainedBookings }),
  ] as const;
  const [, money, delivery, outbox, sales] = parts;
  return {
    ...booked.plan,
    ...money.plan,
    ...delivery.plan,
    ...outbox.plan,
    ...sales.plan,
    /** what stays, and why, in the order the screen lists it */
    kept: parts.flatMap((part) => part.kept),
    /** the records whose audit rows have their personal values replaced */
    redactAuditOf: parts.flatMap((part) => part.redactAuditOf),
  };
}

export type ErasurePlan = ReturnType<typeof planErasure>;

/** Locks what the erasure changes, in the house order (bookings before their participants), then re-reads it. */
async function lockAndFind(tx: Tx, subject: Subject) {
  await lockBookingsPart(tx, await findPersonalData(subject, tx));
  return findPersonalData(subject, tx);
}

/** Each feature applies its part; the audit rows of what changed are redacted last. */
async function applyPlan(tx: Tx, plan: ErasurePlan): Promise<Record<ErasedKind, number>> {
  const at = new Date();
  const sales = await salesPersonalData.erase(tx, plan, at);
  const booked = await bookingsPersonalData.erase(tx, plan, at);
  // money's part changes nothing: its plan only says what it keeps
  const delivery = await deliveryPersonalData.erase(tx, plan);
  const outbox = await outboxPersonalData.erase(tx, plan);
  return {
    ...sales,
    ...booked,
    ...delivery,
    ...outbox,
    auditRowsRedacted: await redactAuditRows(tx, plan.redactAuditOf),
  };
}

export type ErasureOutcome = {
  requestId: string;
  erased: Record<ErasedKind, number>;
  kept: KeptRecord[];
};

/**
 * Erases what may go of everything held about `subject`, in one transaction that also records the request and
 * its audit row: the records are locked and read again first, so what is erased is what the plan saw.
 */
export async function erasePersonalData(
  actor: AuditActor,
  subject: Subject,
  askedBy: string,
): Promise<ErasureOutcome> {
  const { financial_records_retention_years: retentionYears } = await getSettings();
  return moneyTransaction(async (tx) => {
    const found = await lockAndFind(tx, subject);
    const plan = planErasure(found, { retentionYears });
    const erased = await applyPlan(tx, plan);
    const foundCounts = countFound(found);
    const [request] = await tx
      .insert(dataRequests)
      .values({
        kind: "erasure",
        subject: subject.value,
        askedBy,
        found: foundCounts,
        erased,
        kept: plan.kept,
        handledBy: actor.id,
        handledByEmail: actor.email,
      })
      .returning({ id: dataRequests.id });
    if (!request) throw new Error("the data request was not recorded");
    await recordAudit(tx, actor, {
      action: "Erased personal data",
      tableName: "data_requests",
      recordId: request.id,
      newValues: { found: foundCounts, erased, kept: plan.kept.length },
    });
    return { requestId: request.id, erased, kept: plan.kept };
  });
}
