import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { financeDocuments } from "#app/money/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { RESOURCE_CURRENCIES } from "#app/platform/db/enums";
import { users } from "#app/platform/db/tables.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { sessionsOfRuns } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { formatMinor, parseMinor } from "#app/utils/minor-units";
import { computeVat } from "#app/utils/vat";
import { LIVE_STATUSES } from "../delivery-run.server";
import { findRunHold } from "../resources/venues.server";
import { attendanceMarks, runCosts, runDecisions, runTrainers, trainerProfiles } from "../tables.server";
import {
  breakEven,
  type CostCurrency,
  type CostLine,
  costFor,
  decisionDate,
  marginAt,
  type RunCostBasis,
  type RunCostKind,
} from "./economics";

// A run's numbers (issue 48, item 3; decision 0775): planned costs from the trainers' rates and the held room's
// price plus what the office typed, actual costs as recorded, revenue from the ledger (open proformas, net of
// VAT), break-even and the margins at today's bookings, the minimum and capacity.

const isCurrency = (c: string): c is CostCurrency => (RESOURCE_CURRENCIES as readonly string[]).includes(c);
const sameCity = (a: string | null, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();
const liveOnRun = (runId: string) =>
  sql<number>`(select count(*)::int from ${r} where ${r.runId} = ${runId} and ${r.deletedAt} is null and ${r.status} in ${[...LIVE_STATUSES]})`;

/** The run with its course's price and currency. */
async function runOf(runId: string, executor: Executor) {
  const [run] = await executor
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      country: courseRuns.country,
      venue: courseRuns.venue,
      status: courseRuns.status,
      capacity: courseRuns.capacity,
      minParticipants: courseRuns.minParticipants,
      price: sql<string | null>`coalesce(${courseRuns.costOverride}, ${courses.cost})::text`,
      currency: courses.currency,
      booked: liveOnRun(runId),
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseRuns.id, runId));
  return run ?? null;
}

/**
 * Revenue booked per run from the ledger: each open proforma (the newest version, not cancelled by a credit
 * note) net of VAT, shared between the runs its booking's live participants are on, by head; the remainder
 * of a split goes to the run with most of them, so the runs' shares add up to the ledger to the cent.
 */
export async function revenueByRun(runIds: readonly string[], executor: Executor = db()) {
  const result = new Map<string, { netMinor: number; currency: string }>();
  if (runIds.length === 0) return result;
  const people = await executor
    .select({ bookingId: r.bookingId, runId: r.runId, n: sql<number>`count(*)::int` })
    .from(r)
    .where(
      and(
        isNull(r.deletedAt),
        inArray(r.status, [...LIVE_STATUSES]),
        sql`${r.bookingId} in (select ${r.bookingId} from ${r} where ${inArray(r.runId, [...runIds])})`,
      ),
    )
    .groupBy(r.bookingId, r.runId);
  const bookingIds = [...new Set(people.map((p) => p.bookingId).filter((id): id is string => id !== null))];
  if (bookingIds.length === 0) return result;
  const proformas = await executor
    .select({
      bookingId: financeDocuments.bookingId,
      netCents: financeDocuments.netCents,
      currency: financeDocuments.currency,
    })
    .from(financeDocuments)
    .where(
      and(
        inArray(financeDocuments.bookingId, bookingIds),
        eq(financeDocuments.kind, "proforma"),
        sql`not exists (select 1 from finance_documents newer where newer.booking_id = ${financeDocuments.bookingId} and newer.kind = 'proforma' and newer.version > ${financeDocuments.version})`,
        sql`not exists (select 1 from finance_documents credit where credit.kind = 'credit_note' and credit.relates_to_id = ${financeDocuments.id})`,
      ),
    );
  for (const proforma of proformas) {
    const shares = people
      .filter((p) => p.bookingId === proforma.bookingId && p.runId !== null)
      .sort((a, b) => b.n - a.n || String(a.runId).localeCompare(String(b.runId)));
    const heads = shares.reduce((sum, s) => sum + s.n, 0);
    if (heads === 0) continue;
    let given = 0;
    for (const share of shares.slice(1)) {
      const part = Math.floor((proforma.netCents * share.n) / heads);
      given += part;
      add(result, share.runId as string, part, proforma.currency);
    }
    add(result, shares[0]?.runId as string, proforma.netCents - given, proforma.currency);
  }
  return result;
}

function add(
  map: Map<string, { netMinor: number; currency: string }>,
  runId: string,
  n: number,
  currency: string,
) {
  const entry = map.get(runId) ?? { netMinor: 0, currency };
  entry.netMinor += n;
  map.set(runId, entry);
}

/**
 * The share of booked participants who came, over the runs that ended with their register marked: present on
 * at least one day. Null without such a run.
 */
export async function showUpRate(executor: Executor = db()) {
  const [row] = await executor
    .select({
      marked: sql<number>`count(distinct ${attendanceMarks.registrationId})::int`,
      present: sql<number>`count(distinct ${attendanceMarks.registrationId}) filter (where ${attendanceMarks.present})::int`,
    })
    .from(attendanceMarks)
    .innerJoin(courseRuns, eq(courseRuns.id, attendanceMarks.runId))
    .where(sql`coalesce(${courseRuns.endDate}, ${courseRuns.startDate}) < ${today()}`);
  return row && row.marked > 0 ? row.present / row.marked : null;
}

export type CostRow = CostLine & { id: string | null; stage: "planned" | "actual"; source: string };

/** The planned costs items 1-2 know: each trainer asked or accepted (fee, per diem away from home), the room held. */
async function resourceLines(runId: string, currency: CostCurrency, days: number, executor: Executor) {
  const hold = await findRunHold(runId, executor);
  const trainers = await executor
    .select({
      name: sql<string>`coalesce(${users.name}, ${users.email})`,
      dayRate: trainerProfiles.dayRate,
      perDiem: trainerProfiles.perDiem,
      currency: trainerProfiles.currency,
      homeOffice: trainerProfiles.homeOffice,
    })
    .from(runTrainers)
    .innerJoin(users, eq(users.id, runTrainers.userId))
    .leftJoin(trainerProfiles, eq(trainerProfiles.userId, runTrainers.userId))
    .where(and(eq(runTrainers.runId, runId), inArray(runTrainers.state, ["requested", "accepted"])))
    .orderBy(asc(runTrainers.createdAt));
  const [run] = await executor
    .select({ venue: courseRuns.venue })
    .from(courseRuns)
    .where(eq(courseRuns.id, runId));
  const city = hold?.city ?? run?.venue?.split(",")[0] ?? null;
  const lines: (CostLine & { note: string | null })[] = [];
  const line = (
    kind: RunCostKind,
    basis: RunCostBasis,
    description: string,
    amountMinor: number,
    lineCurrency: CostCurrency,
  ) =>
    lines.push({
      kind,
      basis,
      description,
      amountMinor,
      currency: lineCurrency,
      note:
        lineCurrency === currency
          ? null
          : `In ${lineCurrency}, not the course date's ${currency}: not counted; record it as a cost in ${currency}.`,
    });
  for (const t of trainers) {
    const c = (t.currency ?? "KES") as CostCurrency;
    line("trainer_fees", "per_day", `${t.name}: day rate`, t.dayRate ?? 0, c);
    if ((t.perDiem ?? 0) > 0 && city && !sameCity(city, t.homeOffice ?? "Nairobi")) {
      line("per_diem", "per_day", `${t.name}: per diem away from ${t.homeOffice}`, t.perDiem ?? 0, c);
    }
  }
  if (hold) {
    const room = `${hold.roomName} (${hold.venueName})`;
    line(
      "venue",
      hold.pricing === "package" ? "per_participant" : "per_day",
      hold.pricing === "package"
        ? `${room}: package ${formatMinor(hold.rate, hold.currency)} per person per day × ${days} days`
        : `${room}: day rate`,
      hold.pricing === "package" ? hold.rate * days : hold.rate,
      hold.currency,
    );
  }
  return { lines, hold };
}

/** Everything the run page's numbers and the go/no-go need, live. */
export async function runEconomics(runId: string, executor: Executor = db()) {
  const run = await runOf(runId, executor);
  if (!run) return null;
  const currency: CostCurrency = isCurrency(run.currency) ? run.currency : "KES";
  const sessions = (await sessionsOfRuns([run], executor)).get(run.id) ?? [];
  const days = sessions.length;
  const settings = await getSettings(executor);
  const gross = parseMinor(run.price, currency);
  // a participant's fee as the ledger counts it: net of VAT, worked out as the invoice works it out
  const priceMinor =
    gross === null
      ? null
      : computeVat([{ description: "fee", quantity: 1, unitCents: gross }], {
          registered: settings.vat_registered,
          ratePercent: settings.vat_rate,
          pricesIncludeVat: settings.prices_include_vat,
        }).netCents;
  const { lines: derived, hold } = await resourceLines(runId, currency, days, executor);
  const typed = await executor
    .select()
    .from(runCosts)
    .where(eq(runCosts.runId, runId))
    .orderBy(asc(runCosts.createdAt));
  const rows: (CostRow & { note: string | null })[] = [
    ...derived.map((d) => ({ ...d, id: null, stage: "planned" as const, source: "resources" })),
    ...typed.map((t) => ({
      id: t.id,
      stage: t.stage,
      kind: t.kind,
      basis: t.basis,
      description: t.description,
      amountMinor: t.amountMinor,
      currency: t.currency,
      source: t.source,
      note: null,
    })),
  ];
  const counted = (stage: "planned" | "actual") =>
    rows.filter((row) => row.stage === stage && row.currency === currency);
  const planned = counted("planned");
  const actual = counted("actual");
  const booked = run.booked;
  const revenue = (await revenueByRun([runId], executor)).get(runId)?.netMinor ?? 0;
  const rate = await showUpRate(executor);
  const [decision] = await executor.select().from(runDecisions).where(eq(runDecisions.runId, runId));
  const due = decisionDate(hold, sessions[0]?.date ?? run.startDate, settings.decision_buffer_days);
  const at = (n: number | null) =>
    n === null || priceMinor === null
      ? null
      : { participants: n, margin: marginAt(planned, priceMinor, days, n) };
  const actualCost = costFor(actual, booked, days);
  return {
    run: { ...run, currency },
    days,
    priceMinor,
    rows,
    hold,
    booked,
    revenueBooked: revenue,
    showUpRate: rate,
    expectedParticipants: Math.round(booked * (rate ?? 1)),
    revenueExpected: Math.round(revenue * (rate ?? 1)),
    plannedCost: costFor(planned, booked, days),
    actualCost,
    profit: revenue - actualCost,
    breakEven: priceMinor === null ? null : breakEven(planned, priceMinor, days),
    margins: { booked: at(booked), minimum: at(run.minParticipants), capacity: at(run.capacity) },
    decisionDate: due,
    decision: decision ?? null,
    tentative: !decision && run.status !== "cancelled",
  };
}
export type RunEconomics = NonNullable<Awaited<ReturnType<typeof runEconomics>>>;
