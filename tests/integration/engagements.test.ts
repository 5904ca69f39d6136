import crypto from "node:crypto";
import { and, count, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { listBookings } from "#app/back-office/index.server";
import { bookings } from "#app/booking/tables.server";
import { cancelBooking, listClientBookings } from "#app/bookings/index.server";
import {
  bookingBalance,
  getFinanceOverview,
  issueDueReceipts,
  organisationMoney,
} from "#app/money/index.server";
import { financeDocuments } from "#app/money/tables.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as bookingRoute from "#app/routes/bookings/booking";
import * as engagementRoute from "#app/routes/sales/engagement";
import {
  acceptQuote,
  getEngagementPage,
  getOrganisationPage,
  MilestonePlanSchema,
  QuoteSchema,
  reachMilestone,
  saveMilestonePlan,
  sendQuote,
} from "#app/sales/index.server";
import { engagementMilestones, engagements, enquiries } from "#app/sales/tables.server";
import { courses } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, c2b, callback, SECRET } from "../helpers/money";

// Consultancy sold by a quote: its engagement, milestones adding up to the accepted total, and each milestone's
// invoice in the same ledger as bookings' (decision 0673). The concurrency tests matter on PostgreSQL (CI runs
// this file there too): PGlite runs one transaction at a time.

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  await setSettingValue(db(), "prices_include_vat", false, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

/** A qualified enquiry from an organisation of its own, for consultancy. */
async function consultancyEnquiry() {
  const stamp = crypto.randomUUID().slice(0, 8);
  const name = `Water Board ${stamp}`;
  const [organisation] = await db()
    .insert(organisations)
    .values({ name, nameKey: name.toLowerCase(), looseKey: name.toLowerCase() })
    .returning({ id: organisations.id });
  const [enquiry] = await db()
    .insert(enquiries)
    .values({
      kind: "contact",
      status: "qualified",
      organisationId: organisation?.id,
      organisationName: name,
      contactName: "Wanjiru Kamau",
      contactEmail: `md.${stamp}@water.example`,
      contactPhone: "0722000111",
      topic: "Strategic plan review",
    })
    .returning({ id: enquiries.id, email: enquiries.contactEmail });
  if (!organisation || !enquiry) throw new Error("no enquiry");
  return { organisationId: organisation.id, enquiryId: enquiry.id, email: enquiry.email };
}

/** 10 consultancy days at KES 100,000 plus VAT 16%: KES 1,160,000.00. */
const consultancyQuote = (
  kind: "consultancy" | "training" = "consultancy",
  schedule: { courseId?: string; startDate?: string; venue?: string } = {},
) =>
  QuoteSchema.parse({
    kind,
    ...schedule,
    participants: "1",
    validUntil: addDays(today(), 14),
    terms: "Invoiced by milestone, 14 days.",
    lines: [
      { kind: "consultancy_days", description: "Review and workshops", quantity: "10", unit: "100,000" },
    ],
  });

const TOTAL = 116_000_000;

const EMPTY_BOOKING_QUERY = {
  q: "",
  page: 1,
  run: "",
  organization: "",
  payment: "",
  status: "",
  from: "",
  to: "",
} as const;

/** An accepted consultancy quote and its engagement. */
async function acceptedEngagement() {
  const client = await consultancyEnquiry();
  const sent = await sendQuote(ACTOR, client.enquiryId, consultancyQuote());
  if (!sent.ok) throw new Error(sent.message);
  const accepted = await acceptQuote(ACTOR, sent.id, {
    name: "Wanjiru Kamau",
    position: "MD",
    lpoNumber: "LPO-7",
  });
  expect(accepted.ok).toBe(true);
  const [engagement] = await db().select().from(engagements).where(eq(engagements.quoteId, sent.id));
  if (!engagement) throw new Error("no engagement");
  return { ...client, quoteId: sent.id, engagement };
}

const plan = (rows: [string, string, string][]) =>
  MilestonePlanSchema.parse({
    milestones: rows.map(([title, dueOn, amount]) => ({ title, dueOn, amount })),
  });

const THREE = plan([
  ["Inception report", addDays(today(), 10), "348,000"],
  ["Draft strategic plan", addDays(today(), 40), "464,000"],
  ["Final plan and validation", addDays(today(), 70), "348,000"],
]);

const milestonesOf = (engagementId: string) =>
  db()
    .select()
    .from(engagementMilestones)
    .where(eq(engagementMilestones.engagementId, engagementId))
    .orderBy(engagementMilestones.position);

describe("an accepted consultancy quote", () => {
  test("opens one engagement for the organisation, for the quote's total, with the enquiry's contact", async () => {
    const { engagement, organisationId, email, quoteId } = await acceptedEngagement();
    expect(engagement).toMatchObject({
      organisationId,
      title: expect.stringContaining("Strategic plan review"),
      contactName: "Wanjiru Kamau",
      contactEmail: email,
      totalCents: TOTAL,
      vatRatePercent: 16,
      lpoNumber: "LPO-7",
      status: "active",
    });
    // a second answer changes nothing: still one engagement
    expect((await acceptQuote(ACTOR, quoteId, { name: "X", position: "Y", lpoNumber: null })).ok).toBe(false);
    const [n] = await db().select({ n: count() }).from(engagements).where(eq(engagements.quoteId, quoteId));
    expect(n?.n).toBe(1);
    expect((await getOrganisationPage(organisationId))?.engagements.map((e) => e.id)).toEqual([
      engagement.id,
    ]);
  });

  test("a training quote opens none, and a consultancy quote carries no course", async () => {
    const client = await consultancyEnquiry();
    // training schedules a course on dates (its private run); consultancy asks for none
    expect(() => consultancyQuote("training")).toThrow("Choose the course to schedule from the list.");
    const [course] = await db().select({ id: courses.id }).from(courses).limit(1);
    if (!course) throw new Error("no course");
    const training = consultancyQuote("training", {
      courseId: course.id,
      startDate: addDays(today(), 30),
      venue: "Nakuru",
    });
    const sent = await sendQuote(ACTOR, client.enquiryId, training);
    if (!sent.ok) throw new Error(sent.message);
    await acceptQuote(ACTOR, sent.id, { name: "A", position: "B", lpoNumber: null });
    expect(await db().select().from(engagements).where(eq(engagements.quoteId, sent.id))).toEqual([]);
    expect(QuoteSchema.safeParse({ ...consultancyQuote(), kind: "advice" }).error?.issues[0]?.message).toBe(
      "Choose whether the quote is for training or for consultancy.",
    );
  });
});

describe("milestones", () => {
  test("must add up to the engagement's total: otherwise nothing is saved, and the message says by how much", async () => {
    const { engagement } = await acceptedEngagement();
    const short = plan([["Inception", addDays(today(), 5), "500,000"]]);
    expect(await saveMilestonePlan(ACTOR, engagement.id, short)).toEqual({
      ok: false,
      status: 400,
      message:
        "The milestones come to KES 500,000.00; the engagement's total is KES 1,160,000.00. Make them add up to the total. Nothing was saved.",
    });
    expect(await milestonesOf(engagement.id)).toEqual([]);
    expect((await saveMilestonePlan(ACTOR, engagement.id, THREE)).ok).toBe(true);
    expect((await milestonesOf(engagement.id)).map((m) => [m.position, m.amountCents])).toEqual([
      [1, 34_800_000],
      [2, 46_400_000],
      [3, 34_800_000],
    ]);
    const bad = MilestonePlanSchema.safeParse({
      milestones: [{ title: "", dueOn: "2026-02-30", amount: "0" }],
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        "Milestone title is required",
        "Enter each milestone's due date as a real date (YYYY-MM-DD).",
        "Enter each milestone's amount in Kenya shillings, more than zero (for example 250,000).",
      ]),
    );
  });

  test("reaching one issues one invoice for its amount in the ledger, e-mailed with its PDF; the plan is then fixed", async () => {
    const { engagement, organisationId, email } = await acceptedEngagement();
    await saveMilestonePlan(ACTOR, engagement.id, THREE);
    const [first] = await milestonesOf(engagement.id);
    const before = await organisationMoney(organisationId);
    expect(before.invoicedCents).toBe(0);

    const reached = await reachMilestone(ACTOR, engagement.id, first?.id as string);
    expect(reached).toMatchObject({
      ok: true,
      message: expect.stringContaining("Inception report was marked reached"),
    });
    // the double click: the second finds it reached and issues nothing
    const again = await reachMilestone(ACTOR, engagement.id, first?.id as string);
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(again.message).toContain("was already marked reached");

    const [milestone] = await milestonesOf(engagement.id);
    const docs = await db()
      .select()
      .from(financeDocuments)
      .where(eq(financeDocuments.bookingId, milestone?.bookingId as string));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: "proforma",
      totalCents: 34_800_000,
      vatCents: 4_800_000,
      vatRatePercent: 16,
    });
    const [booking] = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.id, milestone?.bookingId as string));
    expect(booking).toMatchObject({
      kind: "milestone",
      organisationId,
      contactEmail: email,
      lpoNumber: "LPO-7",
    });
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.relatedId, docs[0]?.id as string), like(emailOutbox.kind, "finance_%")));
    expect(mail?.toAddress).toBe(email);
    expect(mail?.attachments).toEqual([expect.objectContaining({ filename: `${docs[0]?.number}.pdf` })]);

    // the finance overview and the organisation's page count it the same
    const money = await organisationMoney(organisationId);
    expect(money).toEqual({ invoicedCents: 34_800_000, receivedCents: 0, outstandingCents: 34_800_000 });
    const overview = await getFinanceOverview();
    expect(overview.organisations.find((o) => o.id === organisationId)).toMatchObject(money);
    expect((await getOrganisationPage(organisationId))?.money).toEqual(money);
    expect((await getOrganisationPage(organisationId))?.engagements[0]?.invoicedCents).toBe(34_800_000);

    // fixed once invoiced
    expect((await saveMilestonePlan(ACTOR, engagement.id, THREE)).ok).toBe(false);
  });

  test("its billing booking reads as the milestone in the lists, leads to its engagement, and takes no booking change", async () => {
    const { engagement, email } = await acceptedEngagement();
    await saveMilestonePlan(ACTOR, engagement.id, THREE);
    const [first] = await milestonesOf(engagement.id);
    await reachMilestone(ACTOR, engagement.id, first?.id as string);
    const [milestone] = await milestonesOf(engagement.id);
    const [booking] = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.id, milestone?.bookingId as string));
    if (!booking) throw new Error("no billing booking");

    const listed = await listBookings({ ...EMPTY_BOOKING_QUERY, q: booking.reference });
    expect(listed.rows.map((row) => row.courseTitle)).toEqual(["Milestone: Inception report"]);
    const client = { email, sessionId: "s", actor: ACTOR };
    expect((await listClientBookings(client)).map((row) => row.courseTitle)).toContain(
      "Milestone: Inception report",
    );

    const registrar = await signedInAdmin({ roles: ["registrar"] });
    const page = await answer(() =>
      bookingRoute.loader(
        registrar.args(`/admin/bookings/${booking.reference}`, {}, { reference: booking.reference }) as never,
      ),
    );
    expect(page).toMatchObject({ status: 302, location: `/admin/engagements/${engagement.id}` });

    const cancelled = await cancelBooking({ actor: ACTOR, overridesNotice: true }, booking.id);
    expect(cancelled).toMatchObject({ ok: false, status: 409 });
    expect(cancelled.message).toContain("consultancy milestone's invoice");
    const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after?.status).toBe("confirmed");
  });

  test("its invoice is paid by M-PESA against the milestone's reference, and the engagement's balance follows", async () => {
    const { engagement, organisationId } = await acceptedEngagement();
    await saveMilestonePlan(ACTOR, engagement.id, THREE);
    const [first] = await milestonesOf(engagement.id);
    await reachMilestone(ACTOR, engagement.id, first?.id as string);
    const page = await getEngagementPage(engagement.id);
    const reference = page?.milestones[0]?.reference as string;
    expect(reference).toMatch(/^MF-/);
    const paid = await callback(
      "confirmation",
      c2b({ TransID: `TKE${reference.slice(3, 10)}`, TransAmount: "348000.00", BillRefNumber: reference }),
    );
    expect(paid.body.ResultCode).toBe("0");
    // the callback answers first; its receipt follows from the receipt queue
    await issueDueReceipts();
    const balance = await bookingBalance(db(), page?.milestones[0]?.bookingId as string);
    expect(balance).toMatchObject({ invoicedCents: 34_800_000, paidCents: 34_800_000, state: "paid" });
    const after = await getEngagementPage(engagement.id);
    expect(after?.balance).toEqual({ invoicedCents: 34_800_000, paidCents: 34_800_000, balanceCents: 0 });
    expect(after?.milestones[0]?.documents.map((d) => d.kind)).toEqual(["proforma", "receipt"]);
    expect(await organisationMoney(organisationId)).toEqual({
      invoicedCents: 34_800_000,
      receivedCents: 34_800_000,
      outstandingCents: 0,
    });
  });

  test("the last one reached completes the engagement", async () => {
    const { engagement } = await acceptedEngagement();
    await saveMilestonePlan(ACTOR, engagement.id, plan([["All of it", addDays(today(), 3), "1,160,000"]]));
    const [only] = await milestonesOf(engagement.id);
    expect((await reachMilestone(ACTOR, engagement.id, only?.id as string)).ok).toBe(true);
    expect((await db().select().from(engagements).where(eq(engagements.id, engagement.id)))[0]?.status).toBe(
      "completed",
    );
  });

  test("an incomplete finance profile refuses the invoice and leaves the milestone as it was", async () => {
    const { engagement } = await acceptedEngagement();
    await saveMilestonePlan(ACTOR, engagement.id, THREE);
    const [first] = await milestonesOf(engagement.id);
    await setSettingValue(db(), "finance_kra_pin", "", null);
    const refused = await reachMilestone(ACTOR, engagement.id, first?.id as string);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect((await milestonesOf(engagement.id))[0]).toMatchObject({ reachedAt: null, bookingId: null });
  });
});

describe("on PostgreSQL, at once", () => {
  test("ten clicks on one milestone issue one invoice; milestones of two engagements number without a gap", async () => {
    const a = await acceptedEngagement();
    const b = await acceptedEngagement();
    await saveMilestonePlan(ACTOR, a.engagement.id, THREE);
    await saveMilestonePlan(ACTOR, b.engagement.id, THREE);
    const [a1] = await milestonesOf(a.engagement.id);
    const bMilestones = await milestonesOf(b.engagement.id);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => reachMilestone(ACTOR, a.engagement.id, a1?.id as string)),
      ...bMilestones.map((m) => reachMilestone(ACTOR, b.engagement.id, m.id)),
    ]);
    expect(answers.slice(0, 10).filter((x) => x.ok)).toHaveLength(1);
    expect(answers.slice(10).every((x) => x.ok)).toBe(true);
    const issued = await db()
      .select({ number: financeDocuments.number })
      .from(financeDocuments)
      .innerJoin(bookings, eq(bookings.id, financeDocuments.bookingId))
      .where(and(eq(bookings.kind, "milestone"), eq(financeDocuments.kind, "proforma")));
    // every number once, and the sequence has no hole: the last number equals how many were issued this year
    const numbers = issued.map((d) => d.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const all = await db()
      .select({ number: financeDocuments.number })
      .from(financeDocuments)
      .where(eq(financeDocuments.kind, "proforma"));
    const year = today().slice(0, 4);
    const sequence = all
      .map((d) => d.number)
      .filter((n) => n.includes(`-${year}-`))
      .map((n) => Number(n.slice(-4)))
      .sort((x, y) => x - y);
    expect(sequence).toEqual(sequence.map((_, i) => i + 1));
  });
});

describe("the engagement page's actions", () => {
  test("the office plans and marks reached through the page; a viewer is refused and nothing changes", async () => {
    const { engagement } = await acceptedEngagement();
    const path = `/admin/engagements/${engagement.id}`;
    const form: Record<string, string> = { intent: "plan" };
    THREE.milestones.forEach((m, i) => {
      form[`milestones[${i}].title`] = m.title;
      form[`milestones[${i}].dueOn`] = m.dueOn;
      form[`milestones[${i}].amount`] = String(m.amount / 100);
    });
    const viewer = await signedInAdmin({ roles: ["viewer"] });
    const refused = await answer(() =>
      engagementRoute.action(viewer.args(path, { form }, { id: engagement.id }) as never),
    );
    expect(refused.status).toBe(403);
    expect(await milestonesOf(engagement.id)).toEqual([]);

    const registrar = await signedInAdmin({ roles: ["registrar"] });
    const bad = await answer(() =>
      engagementRoute.action(
        registrar.args(
          path,
          { form: { ...form, "milestones[1].amount": "lots" } },
          { id: engagement.id },
        ) as never,
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: {
        "milestones[1].amount": [
          "Enter each milestone's amount in Kenya shillings, more than zero (for example 250,000).",
        ],
      },
    });
    const saved = await answer(() =>
      engagementRoute.action(registrar.args(path, { form }, { id: engagement.id }) as never),
    );
    expect(saved.status).toBe(200);
    const [first] = await milestonesOf(engagement.id);
    const finance = await signedInAdmin({ roles: ["finance"] });
    // finance issues invoices but does not plan
    const planByFinance = await answer(() =>
      engagementRoute.action(finance.args(path, { form }, { id: engagement.id }) as never),
    );
    expect(planByFinance.status).toBe(403);
    const reached = await answer(() =>
      engagementRoute.action(
        finance.args(
          path,
          { form: { intent: "reach", milestoneId: first?.id as string } },
          { id: engagement.id },
        ) as never,
      ),
    );
    expect(reached.status).toBe(200);
    const page = await answer(() =>
      engagementRoute.loader(finance.args(path, {}, { id: engagement.id }) as never),
    );
    expect(page.data).toMatchObject({ balance: { invoicedCents: 34_800_000 } });
  });
});
