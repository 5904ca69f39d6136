import { and, asc, eq, isNull } from "drizzle-orm";
import { openBillingBooking } from "#app/booking/index.server";
import { issueMilestoneInvoice } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import type { Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { engagementMilestones, engagements } from "#app/sales/tables.server";
import { formatKes } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { formatLongDate, today } from "#app/utils/dates";
import type { MilestonePlan } from "./engagement";
import { anyReached } from "./engagement.server";

export type EngagementOutcome =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string };

const ENGAGEMENT_ROW = (id: string) => ({
  table: engagements,
  columns: {
    id: engagements.id,
    title: engagements.title,
    status: engagements.status,
    totalCents: engagements.totalCents,
    vatRatePercent: engagements.vatRatePercent,
    organisationId: engagements.organisationId,
    organisationName: engagements.organisationName,
    contactName: engagements.contactName,
    contactEmail: engagements.contactEmail,
    contactPhone: engagements.contactPhone,
    lpoNumber: engagements.lpoNumber,
  },
  where: eq(engagements.id, id),
  recordId: id,
});

type LockedEngagement = NonNullable<Awaited<ReturnType<typeof lockEngagement>>>;

/**
 * The engagement row, locked: every change of an engagement (its plan, a milestone reached, its cancelling)
 * takes it first, so they happen one after the other. House order: engagement, milestone, then the billing
 * booking and its documents.
 */
const lockEngagement = (tx: Executor, id: string) => lockRow(tx, ENGAGEMENT_ROW(id));

const NOT_FOUND = { ok: false as const, status: 404, message: "This engagement does not exist." };
const closed = (engagement: LockedEngagement) => ({
  ok: false as const,
  status: 409,
  message: `This engagement is ${engagement.status}: its milestones no longer change.`,
});

/**
 * Replaces the engagement's milestones with the office's plan. The rule (decision 0674): the amounts add up to
 * the engagement's total exactly, so what is invoiced milestone by milestone is what the client accepted; and the
 * plan is fixed once a milestone is invoiced (an issued invoice is never changed). Audited.
 */
export async function saveMilestonePlan(
  actor: AuditActor,
  engagementId: string,
  plan: MilestonePlan,
): Promise<EngagementOutcome> {
  return moneyTransaction(async (tx) => {
    const engagement = await lockEngagement(tx, engagementId);
    if (!engagement) return NOT_FOUND;
    if (engagement.status !== "active") return closed(engagement);
    if (await anyReached(tx, engagementId)) {
      return {
        ok: false,
        status: 409,
        message: "A milestone is already invoiced: the plan is fixed. Nothing was changed.",
      };
    }
    const plannedCents = plan.milestones.reduce((sum, m) => sum + m.amount, 0);
    if (plannedCents !== engagement.totalCents) {
      return {
        ok: false,
        status: 400,
        message: `The milestones come to ${formatKes(plannedCents)}; the engagement's total is ${formatKes(engagement.totalCents)}. Make them add up to the total. Nothing was saved.`,
      };
    }
    const before = await tx
      .select({
        title: engagementMilestones.title,
        dueOn: engagementMilestones.dueOn,
        amountCents: engagementMilestones.amountCents,
      })
      .from(engagementMilestones)
      .where(eq(engagementMilestones.engagementId, engagementId))
      .orderBy(asc(engagementMilestones.position));
    await tx.delete(engagementMilestones).where(eq(engagementMilestones.engagementId, engagementId));
    const after = plan.milestones.map((m, index) => ({
      engagementId,
      position: index + 1,
      title: m.title,
      dueOn: m.dueOn,
      amountCents: m.amount,
    }));
    await tx.insert(engagementMilestones).values(after);
    await recordAudit(tx, actor, {
      action: "Updated engagement milestones",
      tableName: "engagements",
      recordId: engagementId,
      oldValues: { milestones: before },
      newValues: {
        milestones: after.map(({ title, dueOn, amountCents }) => ({ title, dueOn, amountCents })),
      },
    });
    return { ok: true, message: `${after.length} milestones were saved for ${engagement.title}.` };
  });
}

/**
 * Marks a milestone reached and issues its invoice, in one transaction: the billing booking, the invoice
 * (numbered from the same gap-free sequence as bookings' invoices), its e-mail with the PDF. A milestone is
 * reached once: the second click of a double click waits for the first's lock, then finds it reached and issues
 * nothing. Refused while the milestones do not add up to the total, or the finance profile is incomplete (then
 * nothing changes). The last milestone reached completes the engagement. Audited.
 */
export async function reachMilestone(
  actor: AuditActor,
  engagementId: string,
  milestoneId: string,
): Promise<EngagementOutcome> {
  return moneyTransaction(async (tx): Promise<EngagementOutcome> => {
    const engagement = await lockEngagement(tx, engagementId);
    if (!engagement) return NOT_FOUND;
    const [milestone] = await tx
      .select()
      .from(engagementMilestones)
      .where(
        and(eq(engagementMilestones.id, milestoneId), eq(engagementMilestones.engagementId, engagementId)),
      )
      .for("update");
    if (!milestone) return { ok: false, status: 404, message: "This engagement has no such milestone." };
    if (milestone.reachedAt) {
      return {
        ok: false,
        status: 409,
        message: `${milestone.title} was already marked reached on ${formatLongDate(today(milestone.reachedAt))}: its invoice was issued then. Nothing was changed.`,
      };
    }
    if (engagement.status !== "active") return closed(engagement);
    const plan = await tx
      .select({ amountCents: engagementMilestones.amountCents })
      .from(engagementMilestones)
      .where(eq(engagementMilestones.engagementId, engagementId));
    const plannedCents = plan.reduce((sum, m) => sum + m.amountCents, 0);
    if (plannedCents !== engagement.totalCents) {
      return {
        ok: false,
        status: 409,
        message: `The milestones come to ${formatKes(plannedCents)}, not the engagement's ${formatKes(engagement.totalCents)}: correct the plan first.`,
      };
    }
    const booking = await openBillingBooking(tx, engagement);
    const reachedAt = now();
    await tx
      .update(engagementMilestones)
      .set({ reachedAt, reachedBy: actor.email ?? "system", bookingId: booking.id })
      .where(eq(engagementMilestones.id, milestoneId));
    const invoiced = await issueMilestoneInvoice(
      tx,
      booking.id,
      {
        description: `${milestone.title} — ${engagement.title}`,
        amountCents: milestone.amountCents,
        vatRatePercent: engagement.vatRatePercent,
      },
      actor,
    );
    // an invoice that cannot be issued leaves the milestone as it was: the transaction rolls back
    if (!invoiced.ok) throw new MilestoneRefusal(invoiced.message);
    await recordAudit(tx, actor, {
      action: "Marked engagement milestone reached",
      tableName: "engagement_milestones",
      recordId: milestoneId,
      newValues: { title: milestone.title, booking: booking.reference, invoice: invoiced.document?.number },
    });
    const [open] = await tx
      .select({ id: engagementMilestones.id })
      .from(engagementMilestones)
      .where(and(eq(engagementMilestones.engagementId, engagementId), isNull(engagementMilestones.reachedAt)))
      .limit(1);
    if (!open) {
      await auditedUpdate(tx, actor, {
        action: "Updated engagement status: completed",
        row: ENGAGEMENT_ROW(engagementId),
        before: engagement,
        values: { status: "completed" },
      });
    }
    return { ok: true, message: `${milestone.title} was marked reached. ${invoiced.message}` };
  }).catch((error: unknown): EngagementOutcome => {
    if (error instanceof MilestoneRefusal) return { ok: false as const, status: 409, message: error.message };
    throw error;
  });
}

/** Why a milestone's invoice could not be issued: thrown to roll its transaction back, then answered. */
class MilestoneRefusal extends Error {}

/** Cancels an engagement nothing of which is invoiced yet (an invoiced one is settled through its invoices). */
export async function cancelEngagement(actor: AuditActor, engagementId: string): Promise<EngagementOutcome> {
  return moneyTransaction(async (tx) => {
    const engagement = await lockEngagement(tx, engagementId);
    if (!engagement) return NOT_FOUND;
    if (engagement.status !== "active") return closed(engagement);
    if (await anyReached(tx, engagementId)) {
      return {
        ok: false,
        status: 409,
        message: "A milestone of this engagement is invoiced: it cannot be cancelled. Nothing was changed.",
      };
    }
    await auditedUpdate(tx, actor, {
      action: "Updated engagement status: cancelled",
      row: ENGAGEMENT_ROW(engagementId),
      before: engagement,
      values: { status: "cancelled" },
    });
    return { ok: true, message: `${engagement.title} was cancelled.` };
  });
}
