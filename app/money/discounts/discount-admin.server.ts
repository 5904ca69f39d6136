import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { describeHolds, holdRun, holdSeats, lockRunSeats, releaseSeatHold } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { discountCodes, discountRedemptions, discountRules } from "#app/money/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { auditedInsert } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { parseCents } from "#app/utils/cents";
import { today } from "#app/utils/dates";
import { type CodeTerms, discountOff } from "#app/utils/discounts";
import { codeTerms, SEAT_HOLDING } from "./discount-pricing.server";
import type { DiscountCodeInput, DiscountRuleInput } from "./discounts";

type Outcome = { ok: true; message: string } | { ok: false; field?: string; message: string };

/** The run must be one of the course's: a rule or code for another course's date would never apply. */
async function runRefusal(
  tx: Executor,
  courseId: string | null,
  runId: string | null,
): Promise<string | null> {
  if (!runId) return null;
  const [run] = await tx
    .select({ courseId: courseRuns.courseId })
    .from(courseRuns)
    .where(eq(courseRuns.id, runId));
  if (!run) return "That date no longer exists. Choose another.";
  if (courseId && run.courseId !== courseId) return "That date is not a date of the chosen course.";
  return null;
}

/** Adds an early-bird or group rule to a course or one of its dates; audited with who added it. */
export async function addDiscountRule(
  tx: Executor,
  actor: AuditActor,
  input: DiscountRuleInput,
): Promise<Outcome> {
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId));
  if (!course) return { ok: false, field: "courseId", message: "That course no longer exists." };
  const wrongRun = await runRefusal(tx, input.courseId, input.runId);
  if (wrongRun) return { ok: false, field: "runId", message: wrongRun };
  // one live rule of a kind per course or date: a second would leave the office guessing which one counts
  const [live] = await tx
    .select({ id: discountRules.id })
    .from(discountRules)
    .where(
      and(
        eq(discountRules.courseId, input.courseId),
        eq(discountRules.kind, input.kind),
        input.runId ? eq(discountRules.runId, input.runId) : isNull(discountRules.runId),
        isNull(discountRules.endedAt),
      ),
    )
    .for("update");
  if (live) {
    return {
      ok: false,
      field: "kind",
      message: `This ${input.runId ? "date" : "course"} already has a live ${input.kind === "group" ? "group" : "early-bird"} rule. End it first.`,
    };
  }
  await auditedInsert(tx, actor, {
    action: input.kind === "group" ? "Added group discount rule" : "Added early-bird discount rule",
    table: discountRules,
    columns: {
      id: discountRules.id,
      kind: discountRules.kind,
      courseId: discountRules.courseId,
      runId: discountRules.runId,
    },
    values: { ...input, createdBy: actor.id },
  });
  return { ok: true, message: "The discount rule applies to invoices issued from now on." };
}

/** Adds a discount code, recording who issued it and who it is for; a code is unique in any case. */
export async function addDiscountCode(
  tx: Executor,
  actor: AuditActor,
  input: DiscountCodeInput,
): Promise<Outcome> {
  if (input.courseId) {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId));
    if (!course) return { ok: false, field: "courseId", message: "That course no longer exists." };
  }
  const wrongRun = await runRefusal(tx, input.courseId, input.runId);
  if (wrongRun) return { ok: false, field: "runId", message: wrongRun };
  const [taken] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, input.code));
  if (taken) return { ok: false, field: "code", message: `${input.code} is already a code. Choose another.` };
  await auditedInsert(tx, actor, {
    action: "Issued discount code",
    table: discountCodes,
    columns: { id: discountCodes.id, code: discountCodes.code, sponsor: discountCodes.sponsor },
    values: { ...input, createdBy: actor.id },
  });
  return { ok: true, message: `Code ${input.code} can be used on the booking form now.` };
}

/**
 * Holds seats on a code's run for the bookings that use it (decision 0751), replacing what it held: under the
 * run's lock (house order: the run, then the code), never more than the run has free once its old hold is back.
 */
export async function setCodeSeats(
  tx: Executor,
  actor: AuditActor,
  codeId: string,
  seats: number,
): Promise<Outcome> {
  const [first] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  if (!first || first.endedAt) return { ok: false, message: "That code has ended or no longer exists." };
  if (first.validUntil && first.validUntil < today()) {
    return { ok: false, field: "seats", message: `Code ${first.code} has expired: it can hold no seats.` };
  }
  if (!first.runId) {
    return {
      ok: false,
      field: "seats",
      message: "Only a code for one date can hold seats. Issue one for the date.",
    };
  }
  const run = await lockRunSeats(tx, first.runId);
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId)).for("update");
  if (!run || !code || code.endedAt)
    return { ok: false, message: "That code has ended or no longer exists." };
  const kept = code.seatHoldId ? (run.holds.get(code.seatHoldId) ?? 0) : 0;
  const old = code.seatHoldId ? (await describeHolds(tx, [code.seatHoldId])).get(code.seatHoldId) : undefined;
  const used = old?.live ? old.used : 0;
  // the participants already booked on the old hold stay counted against the new one
  const wanted = seats - used;
  const free = run.left === null ? null : run.left + kept;
  if (wanted > 0 && free !== null && wanted > free) {
    return {
      ok: false,
      field: "seats",
      message: `The date has ${free} ${free === 1 ? "seat" : "seats"} free${used ? ` and ${used} booked with the code` : ""}: hold at most ${free + used}.`,
    };
  }
  if (seats < used) {
    return {
      ok: false,
      field: "seats",
      message: `${used} participants are already booked with the code: hold at least ${used}.`,
    };
  }
  if (code.seatHoldId) await releaseSeatHold(tx, code.seatHoldId);
  const held = await holdSeats(
    tx,
    { id: run.id, left: free },
    { seats, until: code.validUntil, holder: `Code ${code.code}` },
  );
  if (!held.ok) return { ok: false, field: "seats", message: held.message };
  await tx.update(discountCodes).set({ seatHoldId: held.id }).where(eq(discountCodes.id, code.id));
  if (code.seatHoldId) {
    await tx.update(bookings).set({ seatHoldId: held.id }).where(eq(bookings.seatHoldId, code.seatHoldId));
  }
  await recordAudit(tx, actor, {
    action: "Held seats for discount code",
    tableName: "discount_codes",
    recordId: code.id,
    newValues: { seats },
  });
  return {
    ok: true,
    message: `Code ${code.code} holds ${seats} ${seats === 1 ? "seat" : "seats"} on its date.`,
  };
}

/**
 * Releases the seats a code holds: they return to everyone. Returns the run whose waiting list may now be
 * offered them (the caller offers, under the run's lock it took here).
 */
export async function releaseCodeSeats(
  tx: Executor,
  actor: AuditActor,
  codeId: string,
): Promise<Outcome & { runId?: string }> {
  const [first] = await tx
    .select({ seatHoldId: discountCodes.seatHoldId, code: discountCodes.code })
    .from(discountCodes)
    .where(eq(discountCodes.id, codeId));
  const runId = first?.seatHoldId ? await holdRun(tx, first.seatHoldId) : null;
  if (!first?.seatHoldId || !runId) return { ok: false, message: "That code holds no seats." };
  await lockRunSeats(tx, runId);
  if (!(await releaseSeatHold(tx, first.seatHoldId)))
    return { ok: false, message: "That code holds no seats." };
  await recordAudit(tx, actor, {
    action: "Released seats held for discount code",
    tableName: "discount_codes",
    recordId: codeId,
  });
  return { ok: true, runId, message: `Code ${first.code}'s held seats are free for everyone again.` };
}

/** Ends a rule or a code: kept with the documents priced by it, applied to nothing new. */
export async function endDiscount(
  tx: Executor,
  actor: AuditActor,
  kind: "rule" | "code",
  id: string,
): Promise<Outcome & { runId?: string }> {
  const table = kind === "rule" ? discountRules : discountCodes;
  // an ended code keeps no seats: they go back to everyone (the caller offers them to the waiting list); the
  // run is locked before the code, in the house order
  const released = kind === "code" ? await releaseCodeSeats(tx, actor, id) : null;
  const [row] = await tx
    .update(table)
    .set({ endedAt: new Date() })
    .where(and(eq(table.id, id), isNull(table.endedAt)))
    .returning({ id: table.id });
  if (!row) return { ok: false, message: "That discount has already ended or no longer exists." };
  await recordAudit(tx, actor, {
    action: kind === "rule" ? "Ended discount rule" : "Ended discount code",
    tableName: kind === "rule" ? "discount_rules" : "discount_codes",
    recordId: id,
  });
  return {
    ok: true,
    runId: released?.ok ? released.runId : undefined,
    message: "The discount has ended: invoices already issued keep it.",
  };
}

/** What a code has given so far: participants booked with it on live bookings, at most the discount granted. */
async function codeUsage(tx: Executor, codeIds: string[]) {
  if (codeIds.length === 0) return new Map<string, { seats: number; listCents: number[] }>();
  const rows = await tx
    .select({
      codeId: discountRedemptions.codeId,
      listPrice: sql<string | null>`coalesce(${courseRuns.costOverride}, ${courses.cost})::text`,
    })
    .from(discountRedemptions)
    .innerJoin(bookings, eq(bookings.id, discountRedemptions.bookingId))
    .innerJoin(courseRegistrations, eq(courseRegistrations.bookingId, bookings.id))
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, courseRegistrations.runId))
    .where(
      and(
        inArray(discountRedemptions.codeId, codeIds),
        sql`${bookings.status} <> 'cancelled'`,
        inArray(courseRegistrations.status, [...SEAT_HOLDING, "waitlisted"]),
        isNull(courseRegistrations.deletedAt),
      ),
    );
  const usage = new Map<string, { seats: number; listCents: number[] }>();
  for (const row of rows) {
    const entry = usage.get(row.codeId) ?? { seats: 0, listCents: [] };
    entry.seats += 1;
    entry.listCents.push(Math.round(Number(row.listPrice ?? 0) * 100));
    usage.set(row.codeId, entry);
  }
  return usage;
}

type Code = typeof discountCodes.$inferSelect;
/** A code as a registration checks it: the row, locked, and what it has given so far. */
export type CodeInUse = Code & { usedSeats: number; spentCents: number };

/**
 * The codes a group of registrations names, locked (in code order, after the runs' seats) so that two
 * bookings cannot both take a code's last use or the last of its budget; with the participants and discount
 * they have taken so far. The discount counted against a budget is the code's off each participant's list
 * price: the most it can give, since an early bird or group rate only lowers what it is taken from.
 */
export async function lockCodesInUse(tx: Executor, codes: string[]): Promise<Map<string, CodeInUse>> {
  const wanted = [...new Set(codes)].sort();
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(discountCodes)
    .where(inArray(discountCodes.code, wanted))
    .orderBy(asc(discountCodes.code))
    .for("update");
  const usage = await usageOf(tx, rows);
  return new Map(rows.map((row) => [row.code, { ...row, ...(usage.get(row.id) as CodeUsage) }]));
}

/**
 * Why a code cannot be used for this booking, in words the booker can act on; null when it can, and then the
 * booking's participants and discount are counted against it (for the bookings after it in the same group).
 */
export function codeRefusal(
  code: CodeInUse | undefined,
  typed: string,
  booking: { courseId: string; runId: string | null; participants: number; listCents: number | null },
  today: string,
): string | null {
  if (!code || code.endedAt) return `${typed} is not a discount code we know. Check it, or leave it empty.`;
  if (code.validUntil && today > code.validUntil)
    return `Code ${typed} could be used until ${code.validUntil}; it has expired.`;
  if (code.courseId && code.courseId !== booking.courseId) return `Code ${typed} is not for this course.`;
  if (code.runId && code.runId !== booking.runId) return `Code ${typed} is for another date of this course.`;
  if (code.maxUses !== null && code.usedSeats + booking.participants > code.maxUses) {
    const left = Math.max(code.maxUses - code.usedSeats, 0);
    return `Code ${typed} has ${left} ${left === 1 ? "place" : "places"} left, fewer than the ${booking.participants} booked.`;
  }
  const off = booking.listCents === null ? 0 : discountOff(booking.listCents, code) * booking.participants;
  if (code.budgetCents !== null && code.spentCents + off > code.budgetCents) {
    return `Code ${typed}'s budget does not cover ${booking.participants} more ${booking.participants === 1 ? "participant" : "participants"}. Book fewer or ask us.`;
  }
  code.usedSeats += booking.participants;
  code.spentCents += off;
  return null;
}

/**
 * The booking form's "Apply" (decision 0750): the code's terms when it can be used for this course, date and
 * number of participants now, else the same message the booking would get. Nothing is locked or taken: the
 * booking checks again, under the code's lock.
 */
export async function checkCodeForForm(input: {
  code: string;
  slug: string;
  runId: string | null;
  participants: number;
}): Promise<{ ok: true; code: CodeTerms } | { ok: false; message: string }> {
  const [course] = await db()
    .select({
      id: courses.id,
      cost: courses.cost,
      runCost: courseRuns.costOverride,
      runCourse: courseRuns.courseId,
    })
    .from(courses)
    .leftJoin(courseRuns, input.runId ? eq(courseRuns.id, input.runId) : sql`false`)
    .where(and(eq(courses.slug, input.slug), eq(courses.status, "active")));
  if (!course) return { ok: false, message: "Choose a course before applying a code." };
  const runId = course.runCourse === course.id ? input.runId : null;
  const [row] = await db().select().from(discountCodes).where(eq(discountCodes.code, input.code));
  const usage = row ? await usageOf(db(), [row]) : new Map<string, CodeUsage>();
  const inUse = row ? { ...row, ...(usage.get(row.id) as CodeUsage) } : undefined;
  const listCents = parseCents(course.runCost ?? course.cost);
  const refused = codeRefusal(
    inUse,
    input.code,
    { courseId: course.id, runId, participants: input.participants, listCents },
    today(),
  );
  if (refused || !row) return { ok: false, message: refused ?? "" };
  return { ok: true, code: codeTerms(row) };
}

/** Records the codes bookings used, with the bookings (one statement). */
export async function redeemCodes(tx: Executor, redemptions: { bookingId: string; codeId: string }[]) {
  if (redemptions.length === 0) return;
  await tx.insert(discountRedemptions).values(redemptions);
}

/** The discount screen: every rule and code, live first, with each code's uses and budget spent. */
export async function listDiscounts(tx: Executor) {
  const rules = await tx
    .select({
      rule: discountRules,
      course: courses.title,
      runLabel: courseRuns.label,
      runStart: courseRuns.startDate,
    })
    .from(discountRules)
    .innerJoin(courses, eq(courses.id, discountRules.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, discountRules.runId))
    .orderBy(sql`${discountRules.endedAt} is not null`, asc(courses.title), desc(discountRules.createdAt));
  const codes = await tx
    .select({
      code: discountCodes,
      course: courses.title,
      runLabel: courseRuns.label,
      runStart: courseRuns.startDate,
    })
    .from(discountCodes)
    .leftJoin(courses, eq(courses.id, discountCodes.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, discountCodes.runId))
    .orderBy(sql`${discountCodes.endedAt} is not null`, asc(discountCodes.code));
  const usage = await usageOf(
    tx,
    codes.map((c) => c.code),
  );
  const holds = await describeHolds(
    tx,
    codes.flatMap((c) => c.code.seatHoldId ?? []),
  );
  return {
    rules: rules.map((r) => ({ ...r.rule, course: r.course, run: r.runLabel ?? r.runStart })),
    codes: codes.map((c) => ({
      ...c.code,
      course: c.course,
      run: c.runLabel ?? c.runStart,
      usedSeats: usage.get(c.code.id)?.usedSeats ?? 0,
      spentCents: usage.get(c.code.id)?.spentCents ?? 0,
      // the seats it holds while the hold counts (decision 0751), with those its bookings use
      heldSeats: c.code.seatHoldId ? (holds.get(c.code.seatHoldId) ?? null) : null,
    })),
  };
}

type CodeUsage = { usedSeats: number; spentCents: number };

/** Each code's participants and the discount counted against its budget (see lockCodesInUse). */
async function usageOf(tx: Executor, rows: Code[]): Promise<Map<string, CodeUsage>> {
  const usage = await codeUsage(
    tx,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map((row) => {
      const used = usage.get(row.id);
      return [
        row.id,
        {
          usedSeats: used?.seats ?? 0,
          spentCents: (used?.listCents ?? []).reduce((sum, list) => sum + discountOff(list, row), 0),
        },
      ];
    }),
  );
}

/** The courses and their dates a rule or code can be for, as the discount forms list them. */
export async function discountChoices(tx: Executor) {
  const rows = await tx
    .select({
      courseId: courses.id,
      title: courses.title,
      runId: courseRuns.id,
      label: courseRuns.label,
      start: courseRuns.startDate,
    })
    .from(courses)
    .leftJoin(
      courseRuns,
      and(
        eq(courseRuns.courseId, courses.id),
        sql`${courseRuns.status} <> 'cancelled'`,
        sql`${courseRuns.startDate} >= ${today()}`,
      ),
    )
    .where(isNull(courses.archivedAt))
    .orderBy(asc(courses.title), asc(courseRuns.startDate));
  const byCourse = new Map<string, { id: string; title: string; runs: { id: string; label: string }[] }>();
  for (const row of rows) {
    const course = byCourse.get(row.courseId) ?? { id: row.courseId, title: row.title, runs: [] };
    if (row.runId)
      course.runs.push({ id: row.runId, label: row.label ?? row.start ?? "Date to be confirmed" });
    byCourse.set(row.courseId, course);
  }
  return [...byCourse.values()];
}
