import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { discountCodes, discountRedemptions, discountRules } from "#app/money/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courses } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import {
  type CodeTerms,
  type EarlyBird,
  type GroupRate,
  type OfferedRule,
  type ParticipantPrice,
  priceParticipant,
} from "#app/utils/discounts";

/** Registrations that hold a seat: the ones a booking pays for, and a group counts. */
export const SEAT_HOLDING = ["new", "confirmed", "paid", "attended"] as const;

type Rule = typeof discountRules.$inferSelect;
type Code = typeof discountCodes.$inferSelect;

const terms = (row: Pick<Rule, "percentBp" | "amountCents">) => ({
  percentBp: row.percentBp,
  amountCents: row.amountCents,
});

/** The live rules of a course, a run's own replacing the course's of the same kind. */
export async function rulesFor(tx: Executor, courseId: string, runId: string | null) {
  const rows = await tx
    .select()
    .from(discountRules)
    .where(
      and(
        eq(discountRules.courseId, courseId),
        isNull(discountRules.endedAt),
        runId ? or(isNull(discountRules.runId), eq(discountRules.runId, runId)) : isNull(discountRules.runId),
      ),
    )
    .orderBy(asc(discountRules.createdAt));
  const pick = (kind: Rule["kind"]) =>
    rows.filter((r) => r.kind === kind).sort((a, b) => Number(!!b.runId) - Number(!!a.runId))[0] ?? null;
  const early = pick("early_bird");
  const group = pick("group");
  return {
    earlyBird: early?.until ? ({ ...terms(early), until: early.until } satisfies EarlyBird) : null,
    group: group?.minParticipants
      ? ({ ...terms(group), minParticipants: group.minParticipants } satisfies GroupRate)
      : null,
    groupWindowDays: group?.windowDays ?? null,
  };
}

/**
 * The live rules of active courses, as the public forms preview them (`offeredFor` picks a course's and date's):
 * early birds whose day has not passed, and group rules. The public pages holding them are cached by the public
 * data version, which a change to the rules raises (migration 0035's trigger).
 */
export async function listOfferedDiscounts(executor: Executor = db()): Promise<OfferedRule[]> {
  const rows = await executor
    .select({
      slug: courses.slug,
      runId: discountRules.runId,
      kind: discountRules.kind,
      percentBp: discountRules.percentBp,
      amountCents: discountRules.amountCents,
      until: discountRules.until,
      minParticipants: discountRules.minParticipants,
    })
    .from(discountRules)
    .innerJoin(courses, eq(courses.id, discountRules.courseId))
    .where(
      and(
        isNull(discountRules.endedAt),
        eq(courses.status, "active"),
        or(isNull(discountRules.until), sql`${discountRules.until} >= ${today()}`),
      ),
    )
    .orderBy(asc(discountRules.createdAt));
  return rows;
}

type PricedBooking = {
  id: string;
  createdAt: Date;
  organisationId: string | null;
  organization: string | null;
};

/**
 * The participants one organisation holds seats for on a run: its bookings made within `windowDays` of its
 * first booking there (all of them without a window). An organisation is its register record when the booking
 * was matched to one, else its name as typed (in any case and spacing); a booking without either is alone.
 */
export async function groupSize(
  tx: Executor,
  booking: PricedBooking,
  runId: string,
  windowDays: number | null,
): Promise<number> {
  const name = booking.organization?.trim().toLowerCase().replace(/\s+/g, " ") ?? "";
  const same = booking.organisationId
    ? eq(bookings.organisationId, booking.organisationId)
    : name
      ? and(
          isNull(bookings.organisationId),
          sql`regexp_replace(lower(trim(${bookings.organization})), '\\s+', ' ', 'g') = ${name}`,
        )
      : eq(bookings.id, booking.id);
  const rows = await tx
    .select({ bookingId: bookings.id, createdAt: bookings.createdAt, seats: sql<number>`count(*)::int` })
    .from(courseRegistrations)
    .innerJoin(bookings, eq(bookings.id, courseRegistrations.bookingId))
    .where(
      and(
        eq(courseRegistrations.runId, runId),
        inArray(courseRegistrations.status, [...SEAT_HOLDING]),
        isNull(courseRegistrations.deletedAt),
        sql`${bookings.status} <> 'cancelled'`,
        same,
      ),
    )
    .groupBy(bookings.id, bookings.createdAt)
    .orderBy(asc(bookings.createdAt));
  const first = rows[0];
  if (!first) return 0;
  const last = windowDays === null ? null : addDays(today(first.createdAt), windowDays);
  // a booking made after the window closed is no part of the group
  if (last !== null && today(booking.createdAt) > last) return 0;
  return rows
    .filter((row) => last === null || today(row.createdAt) <= last)
    .reduce((sum, row) => sum + Number(row.seats), 0);
}

/** The code a booking redeemed, if any. */
export async function redeemedCode(tx: Executor, bookingId: string): Promise<Code | null> {
  const [row] = await tx
    .select({ code: discountCodes })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(eq(discountRedemptions.bookingId, bookingId));
  return row?.code ?? null;
}

export const codeTerms = (code: Code): CodeTerms => ({ ...terms(code), code: code.code });
const codeFits = (code: Code, courseId: string, runId: string | null) =>
  (code.courseId === null || code.courseId === courseId) && (code.runId === null || code.runId === runId);

/**
 * What applies to a booking's line of one course and run: the early bird when the booking was made by its day,
 * the group rate when the organisation's group on the run reaches its size, the booking's code when it covers
 * the course and run. A code keeps applying once redeemed, as pretix keeps a redeemed voucher's price.
 */
export async function discountsFor(
  tx: Executor,
  booking: PricedBooking,
  courseId: string,
  runId: string | null,
  code: Code | null,
) {
  const rules = await rulesFor(tx, courseId, runId);
  const group =
    rules.group &&
    runId &&
    (await groupSize(tx, booking, runId, rules.groupWindowDays)) >= rules.group.minParticipants
      ? rules.group
      : null;
  return {
    earlyBird: rules.earlyBird && today(booking.createdAt) <= rules.earlyBird.until ? rules.earlyBird : null,
    group,
    code: code && codeFits(code, courseId, runId) ? codeTerms(code) : null,
  };
}

/**
 * The other bookings whose group rate a change to this one can move: the same organisation's live bookings on
 * the run, for re-invoicing after a participant joins or cancels. Empty when the run has no group rule.
 */
export async function groupSiblings(tx: Executor, bookingId: string): Promise<string[]> {
  const [booking] = await tx
    .select({
      id: bookings.id,
      runId: bookings.runId,
      courseId: bookings.courseId,
      organisationId: bookings.organisationId,
      organization: bookings.organization,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking?.runId || !booking.courseId) return [];
  if (!booking.organisationId && !booking.organization?.trim()) return [];
  const { group } = await rulesFor(tx, booking.courseId, booking.runId);
  if (!group) return [];
  const name = booking.organization?.trim().toLowerCase().replace(/\s+/g, " ") ?? "";
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.runId, booking.runId),
        sql`${bookings.id} <> ${booking.id}`,
        sql`${bookings.status} not in ('cancelled', 'waitlisted')`,
        booking.organisationId
          ? eq(bookings.organisationId, booking.organisationId)
          : and(
              isNull(bookings.organisationId),
              sql`regexp_replace(lower(trim(${bookings.organization})), '\\s+', ' ', 'g') = ${name}`,
            ),
      ),
    )
    .orderBy(asc(bookings.id));
  return rows.map((row) => row.id);
}

/**
 * What each participant of a booking just made pays for its course and date, as its invoice will charge it: the
 * list price less the discounts that apply now, each with what it takes off, and the date's group rule, which
 * the confirmation states whether or not the booking reaches it.
 */
export async function bookingPrice(
  tx: Executor,
  booking: PricedBooking,
  courseId: string,
  runId: string | null,
  listCents: number,
): Promise<{ price: ParticipantPrice; groupRule: GroupRate | null }> {
  const code = await redeemedCode(tx, booking.id);
  const applies = await discountsFor(tx, booking, courseId, runId, code);
  const { group } = await rulesFor(tx, courseId, runId);
  return { price: priceParticipant(listCents, applies), groupRule: group };
}

/** Whether any of these courses has a live discount rule: a registration then prices its bookings. */
export async function hasLiveDiscountRules(tx: Executor, courseIds: string[]): Promise<boolean> {
  if (courseIds.length === 0) return false;
  const [found] = await tx
    .select({ id: discountRules.id })
    .from(discountRules)
    .where(and(inArray(discountRules.courseId, [...new Set(courseIds)]), isNull(discountRules.endedAt)))
    .limit(1);
  return Boolean(found);
}
