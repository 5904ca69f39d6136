import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { cancelParticipant } from "#app/bookings/index.server";
import { createBooking, findBookingConfirmation } from "#app/bookings/testing.server";
import { discountDetail } from "#app/money/index";
import {
  addDiscountCode,
  addDiscountRule,
  endDiscount,
  issueDueReceipts,
  openProforma,
  sendDueTaxInvoices,
} from "#app/money/index.server";
import { discountCodes, discountRules, type FinanceLine, taxInvoices } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as discountsRoute from "#app/routes/money/finance-discounts";
import * as codeRoute from "#app/routes/money/public/discount-code";
import * as coursePageRoute from "#app/routes/site/public/courses.course";
import { courses } from "#app/site/tables.server";
import { formatKes } from "#app/utils/cents";
import { addDays, today } from "#app/utils/dates";
import { answer, requestContext, signedInAdmin } from "../helpers/admin-session";
import { etimsForFile } from "../helpers/etims-sale";
import { ACTOR, c2b, callback, confirmAll, documentsOf, newRun, SLUG } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

/*
 * Discounts (decision 0750), table-driven: each scenario sets a run's early-bird and group rules and a code,
 * books and confirms as the public form and the run page do, cancels or pays in parts where it says, and checks
 * every participant line (list − discount = net), every document's totals (net + VAT = total; lines add up), the
 * receipts (they add up to the invoice), the credit notes (they mirror what they cancel) and the eTIMS sale KRA's
 * stand-in accepted (it refuses items whose supply, discount, taxable amount or tax do not add up).
 */

const kra = etimsForFile();

type Terms = { percentBp?: number; amountCents?: number };
type Scenario = {
  name: string;
  /** the run's price in KES */
  list: string;
  pricesIncludeVat?: boolean;
  earlyBird?: Terms & { daysLeft: number };
  group?: Terms & { min: number; windowDays?: number };
  code?: Terms & { maxUses?: number; budgetCents?: number };
  /** bookings in order: their organisation, size, whether they give the code, how many days ago they were made */
  bookings: { org: string | null; size: number; code?: boolean; daysAgo?: number }[];
  /** after every booking is confirmed: participants cancelled, per booking */
  cancel?: { booking: number; participants: number }[];
  /** the first booking is paid in these parts (cents; the last part is whatever is left) */
  parts?: number;
  /** per booking, each participant's list price, discount and net (cents); null: no invoice open */
  expect: ({ list: number; off: number; net: number; labels?: RegExp[] } | null)[];
};

const pct = (percent: number) => ({ percentBp: percent * 100 });
const kes = (shillings: number) => ({ amountCents: shillings * 100 });

const scenarios: Scenario[] = [
  {
    name: "no rule: the list price",
    list: "45000",
    bookings: [{ org: "A Ltd", size: 2 }],
    expect: [{ list: 4_500_000, off: 0, net: 4_500_000 }],
  },
  {
    name: "early bird 10% booked before its day",
    list: "45000",
    earlyBird: { ...pct(10), daysLeft: 10 },
    bookings: [{ org: "A Ltd", size: 1 }],
    expect: [
      { list: 4_500_000, off: 450_000, net: 4_050_000, labels: [/^Early bird \(booked by .+\): 10% off$/] },
    ],
  },
  {
    name: "early bird whose day has passed",
    list: "45000",
    earlyBird: { ...pct(10), daysLeft: -1 },
    bookings: [{ org: "A Ltd", size: 1 }],
    expect: [{ list: 4_500_000, off: 0, net: 4_500_000 }],
  },
  {
    name: "early bird: booked in time, invoiced after its day",
    list: "45000",
    earlyBird: { ...pct(10), daysLeft: -5 },
    bookings: [{ org: "A Ltd", size: 1, daysAgo: 10 }],
    expect: [{ list: 4_500_000, off: 450_000, net: 4_050_000 }],
  },
  {
    name: "early bird as an amount (KES 5,000 off)",
    list: "45000",
    earlyBird: { ...kes(5_000), daysLeft: 3 },
    bookings: [{ org: "A Ltd", size: 3 }],
    expect: [{ list: 4_500_000, off: 500_000, net: 4_000_000 }],
  },
  {
    name: "group of 4: one booking of 5",
    list: "45000",
    group: { ...pct(15), min: 4 },
    bookings: [{ org: "St Andrew's Church", size: 5 }],
    expect: [
      {
        list: 4_500_000,
        off: 675_000,
        net: 3_825_000,
        labels: [/^Group of 4 or more from one organisation: 15% off$/],
      },
    ],
  },
  {
    name: "group of 4: one booking of 3 is below it",
    list: "45000",
    group: { ...pct(15), min: 4 },
    bookings: [{ org: "St Andrew's Church", size: 3 }],
    expect: [{ list: 4_500_000, off: 0, net: 4_500_000 }],
  },
  {
    name: "group counts one organisation's separate bookings (3 + 2), whatever the case and spacing",
    list: "45000",
    group: { ...pct(15), min: 4 },
    bookings: [
      { org: "St Andrew's Church", size: 3 },
      { org: "  st andrew's   CHURCH ", size: 2 },
    ],
    expect: [
      { list: 4_500_000, off: 675_000, net: 3_825_000 },
      { list: 4_500_000, off: 675_000, net: 3_825_000 },
    ],
  },
  {
    name: "group: two organisations' bookings do not add up",
    list: "45000",
    group: { ...pct(15), min: 4 },
    bookings: [
      { org: "St Andrew's Church", size: 3 },
      { org: "PCEA Kikuyu", size: 2 },
    ],
    expect: [
      { list: 4_500_000, off: 0, net: 4_500_000 },
      { list: 4_500_000, off: 0, net: 4_500_000 },
    ],
  },
  {
    name: "group window of 7 days: a booking after it is no part of the group",
    list: "45000",
    group: { ...pct(15), min: 4, windowDays: 7 },
    bookings: [
      { org: "County Government of Kisumu", size: 3, daysAgo: 10 },
      { org: "County Government of Kisumu", size: 2 },
    ],
    expect: [
      { list: 4_500_000, off: 0, net: 4_500_000 },
      { list: 4_500_000, off: 0, net: 4_500_000 },
    ],
  },
  {
    name: "group window of 30 days: both bookings count",
    list: "45000",
    group: { ...pct(15), min: 4, windowDays: 30 },
    bookings: [
      { org: "County Government of Kisumu", size: 3, daysAgo: 10 },
      { org: "County Government of Kisumu", size: 2 },
    ],
    expect: [
      { list: 4_500_000, off: 675_000, net: 3_825_000 },
      { list: 4_500_000, off: 675_000, net: 3_825_000 },
    ],
  },
  {
    name: "code 20% off",
    list: "45000",
    code: pct(20),
    bookings: [{ org: "A Ltd", size: 2, code: true }],
    expect: [{ list: 4_500_000, off: 900_000, net: 3_600_000, labels: [/^Code DSC-\w+: 20% off$/] }],
  },
  {
    name: "code KES 7,500 off",
    list: "45000",
    code: kes(7_500),
    bookings: [{ org: "A Ltd", size: 1, code: true }],
    expect: [{ list: 4_500_000, off: 750_000, net: 3_750_000 }],
  },
  {
    name: "early bird 10%, group 15% and code 5%, each from what the one before left",
    list: "45000",
    earlyBird: { ...pct(10), daysLeft: 5 },
    group: { ...pct(15), min: 4 },
    code: pct(5),
    bookings: [{ org: "St Andrew's Church", size: 5, code: true }],
    // 45,000 → 40,500 → 34,425 → 34,425 − 1,721.25 = 32,703.75
    expect: [{ list: 4_500_000, off: 1_229_625, net: 3_270_375 }],
  },
  {
    name: "a percentage rounded half up to the cent (12.5% of 33,333.33)",
    list: "33333.33",
    code: { percentBp: 1_250 },
    bookings: [{ org: "A Ltd", size: 3, code: true }],
    // 4,166.66625 → 4,166.67
    expect: [{ list: 3_333_333, off: 416_667, net: 2_916_666 }],
  },
  {
    name: "prices without VAT: group 10%, VAT 16% on the net",
    list: "45000",
    pricesIncludeVat: false,
    group: { ...pct(10), min: 4 },
    bookings: [{ org: "Kenya Ports Authority", size: 4 }],
    expect: [{ list: 4_500_000, off: 450_000, net: 4_050_000 }],
  },
  {
    name: "prices without VAT: early bird KES 2,000 and code 7.5%",
    list: "38500",
    pricesIncludeVat: false,
    earlyBird: { ...kes(2_000), daysLeft: 1 },
    code: { percentBp: 750 },
    bookings: [{ org: "A Ltd", size: 3, code: true }],
    // 38,500 − 2,000 = 36,500; 7.5% = 2,737.50 → 33,762.50
    expect: [{ list: 3_850_000, off: 473_750, net: 3_376_250 }],
  },
  {
    name: "a cancellation drops the group below its size: both bookings are invoiced again at the list price",
    list: "45000",
    group: { ...pct(15), min: 5 },
    bookings: [
      { org: "St Andrew's Church", size: 3 },
      { org: "St Andrew's Church", size: 2 },
    ],
    cancel: [{ booking: 1, participants: 1 }],
    expect: [
      { list: 4_500_000, off: 0, net: 4_500_000 },
      { list: 4_500_000, off: 0, net: 4_500_000 },
    ],
  },
  {
    name: "a whole booking cancelled: its credit note mirrors the discounted invoice; the other keeps the group",
    list: "45000",
    group: { ...pct(15), min: 4 },
    code: pct(5),
    bookings: [
      { org: "Diocese of Nakuru", size: 4 },
      { org: "Diocese of Nakuru", size: 1, code: true },
    ],
    cancel: [{ booking: 1, participants: 1 }],
    expect: [{ list: 4_500_000, off: 675_000, net: 3_825_000 }, null],
  },
  {
    name: "part payments of a discounted booking: two receipts, one tax invoice",
    list: "45000",
    group: { ...pct(15), min: 4 },
    code: kes(1_000),
    bookings: [{ org: "St Andrew's Church", size: 5, code: true }],
    parts: 2,
    // 45,000 − 6,750 = 38,250 − 1,000 = 37,250
    expect: [{ list: 4_500_000, off: 775_000, net: 3_725_000 }],
  },
  {
    name: "part payments in three, prices without VAT and an early bird",
    list: "27500",
    pricesIncludeVat: false,
    earlyBird: { ...pct(12), daysLeft: 2 },
    bookings: [{ org: "Kisumu Water", size: 3 }],
    parts: 3,
    expect: [{ list: 2_750_000, off: 330_000, net: 2_420_000 }],
  },
  {
    name: "a donor's code of 50% within its budget",
    list: "45000",
    code: { ...pct(50), budgetCents: 6_750_000 },
    bookings: [{ org: "Mothers' Union", size: 3, code: true }],
    expect: [{ list: 4_500_000, off: 2_250_000, net: 2_250_000 }],
  },
];

const storedPdf = (key: string) => fs.readFileSync(path.join(env().DATA_DIR, "uploads", key));

/** With DISCOUNT_SAMPLES_DIR set, a scenario's proforma and tax invoice are kept there as PDF and PNG. */
function keepSample(name: string, proformaKey: string, taxKey: string) {
  const out = process.env.DISCOUNT_SAMPLES_DIR;
  if (!out) return;
  fs.mkdirSync(out, { recursive: true });
  const stem = name.replace(/[^a-z0-9]+/gi, "-").slice(0, 40);
  for (const [kind, key] of [
    ["proforma", proformaKey],
    ["tax-invoice", taxKey],
  ] as const) {
    const file = path.join(out, `${stem}-${kind}.pdf`);
    fs.writeFileSync(file, storedPdf(key));
    execFileSync("pdftoppm", ["-png", "-r", "60", file, file.replace(/\.pdf$/, "")]);
  }
}

let codeCounter = 0;
let keyCounter = 0;

async function courseId() {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  return course?.id as string;
}

function terms(t: Terms) {
  return { percentBp: t.percentBp ?? null, amountCents: t.amountCents ?? null };
}

/** A booking as the public form makes it, for an organisation, with or without the code. */
async function bookFor(runId: string, org: string | null, size: number, code: string | null) {
  keyCounter++;
  return createBooking({
    name: `Contact ${keyCounter}`,
    email: `contact${keyCounter}@discounts.example`,
    phone: "0712345678",
    organization: org,
    kraPin: null,
    lpoNumber: null,
    nitaLevyNumber: null,
    course: SLUG,
    run: runId,
    message: null,
    contactAttends: false,
    discountCode: code,
    participants: Array.from({ length: size }, (_, i) => ({
      name: `Participant ${keyCounter}-${i}`,
      email: `p${keyCounter}-${i}@discounts.example`,
      phone: null,
      idNumber: null,
    })),
    source: "register",
    idempotencyKey: `discounts-${keyCounter}-${Date.now()}`,
    ip: null,
  });
}

async function bookingOf(reference: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.reference, reference));
  const people = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.bookingId, row?.id as string))
    .orderBy(asc(courseRegistrations.createdAt), asc(courseRegistrations.name));
  return { booking: row as typeof bookings.$inferSelect, participants: people.map((p) => p.id) };
}

/** A document's figures add up: each line quantity × unit, list − discount = net, lines to the net, net + VAT. */
function expectReconciled(doc: {
  lines: FinanceLine[];
  netCents: number;
  vatCents: number;
  totalCents: number;
  pricesIncludeVat: boolean;
}) {
  let sum = 0;
  for (const line of doc.lines) {
    expect(line.amountCents).toBe(line.quantity * line.unitCents);
    if (line.listUnitCents !== undefined) {
      expect(line.listUnitCents - (line.discountUnitCents ?? 0)).toBe(line.unitCents);
    }
    sum += line.amountCents;
  }
  expect(doc.netCents + doc.vatCents).toBe(doc.totalCents);
  expect(doc.pricesIncludeVat ? doc.totalCents : doc.netCents).toBe(sum);
}

async function pay(reference: string, cents: number) {
  keyCounter++;
  const paid = await callback(
    "confirmation",
    c2b({
      TransID: `DSC${String(keyCounter).padStart(7, "0")}`,
      TransAmount: (cents / 100).toFixed(2),
      BillRefNumber: reference,
    }),
  );
  expect(paid.body.ResultCode).toBe("0");
}

describe("discounts reconcile on every document and in eTIMS", () => {
  test.each(scenarios)("$name", async (scenario) => {
    await setSettingValue(db(), "prices_include_vat", scenario.pricesIncludeVat ?? true, null);
    const runId = await newRun(scenario.list);
    const course = await courseId();
    await moneyTransaction(async (tx) => {
      if (scenario.earlyBird) {
        const { daysLeft, ...size } = scenario.earlyBird;
        const added = await addDiscountRule(tx, ACTOR, {
          kind: "early_bird",
          courseId: course,
          runId,
          ...terms(size),
          until: addDays(today(), daysLeft),
          minParticipants: null,
          windowDays: null,
        });
        expect(added.ok).toBe(true);
      }
      if (scenario.group) {
        const added = await addDiscountRule(tx, ACTOR, {
          kind: "group",
          courseId: course,
          runId,
          ...terms(scenario.group),
          until: null,
          minParticipants: scenario.group.min,
          windowDays: scenario.group.windowDays ?? null,
        });
        expect(added.ok).toBe(true);
      }
    });
    codeCounter++;
    const code = `DSC-${codeCounter}X${Date.now().toString(36).slice(-4).toUpperCase()}`;
    if (scenario.code) {
      const added = await moneyTransaction((tx) =>
        addDiscountCode(tx, ACTOR, {
          code,
          courseId: course,
          runId,
          ...terms(scenario.code as Terms),
          validUntil: addDays(today(), 30),
          maxUses: scenario.code?.maxUses ?? null,
          budgetCents: scenario.code?.budgetCents ?? null,
          sponsor: "Scenario sponsor",
        }),
      );
      expect(added.ok).toBe(true);
    }

    const made = [];
    for (const wanted of scenario.bookings) {
      const outcome = await bookFor(runId, wanted.org, wanted.size, wanted.code ? code : null);
      expect(outcome?.ok, JSON.stringify(outcome)).toBe(true);
      const found = await bookingOf((outcome as { reference: string }).reference);
      if (wanted.daysAgo) {
        await db()
          .update(bookings)
          .set({ createdAt: sql`now() - make_interval(days => ${wanted.daysAgo})` })
          .where(eq(bookings.id, found.booking.id));
      }
      made.push(found);
    }
    for (const { participants } of made) await confirmAll(runId, participants);
    for (const cut of scenario.cancel ?? []) {
      const booking = made[cut.booking];
      for (const id of booking?.participants.slice(0, cut.participants) ?? []) {
        expect((await cancelParticipant(ACTOR, runId, id)).ok).toBe(true);
      }
    }

    for (const [i, wanted] of scenario.expect.entries()) {
      const booking = made[i]?.booking as typeof bookings.$inferSelect;
      const open = await moneyTransaction((tx) => openProforma(tx, booking.id));
      const documents = await documentsOf(booking.id);
      for (const doc of documents) expectReconciled(doc);
      if (wanted === null) {
        expect(open).toBeNull();
        // every proforma it had is cancelled by a credit note with its very lines and totals
        const credit = documents.filter((d) => d.kind === "credit_note").at(-1);
        const cancelled = documents.find((d) => d.id === credit?.relatesToId);
        expect(credit?.lines).toEqual(cancelled?.lines);
        expect(credit?.totalCents).toBe(cancelled?.totalCents);
        expect(cancelled?.lines.some((line) => (line.discountUnitCents ?? 0) > 0)).toBe(true);
        continue;
      }
      const [line, ...others] = open?.lines ?? [];
      expect(others).toEqual([]);
      expect(line?.listUnitCents ?? line?.unitCents).toBe(wanted.list);
      expect(line?.discountUnitCents ?? 0).toBe(wanted.off);
      expect(line?.unitCents).toBe(wanted.net);
      for (const [k, label] of (wanted.labels ?? []).entries()) expect(line?.discounts?.[k]).toMatch(label);
    }
    // the first booking still open is paid (in parts where the scenario says) and declared to KRA
    const payer = made[scenario.expect.findIndex((wanted) => wanted !== null)];
    const proforma = await moneyTransaction((tx) => openProforma(tx, payer?.booking.id as string));
    if (!payer || !proforma) throw new Error("nothing to pay");
    const parts = scenario.parts ?? 1;
    const part = Math.floor(proforma.totalCents / parts / 100) * 100;
    for (let k = 1; k <= parts; k++) {
      await pay(payer.booking.reference, k < parts ? part : proforma.totalCents - part * (parts - 1));
    }
    await issueDueReceipts();
    const receipts = (await documentsOf(payer.booking.id)).filter((d) => d.kind === "receipt");
    expect(receipts).toHaveLength(parts);
    expect(receipts.reduce((sum, r) => sum + (r.paidCents ?? 0), 0)).toBe(proforma.totalCents);
    expect(receipts.at(-1)?.balanceAfterCents).toBe(0);
    for (const receipt of receipts) {
      expect(receipt.lines).toEqual(proforma.lines);
      expect(receipt.totalCents).toBe(proforma.totalCents);
    }

    await sendDueTaxInvoices();
    const [sale, ...more] = await db()
      .select()
      .from(taxInvoices)
      .where(and(eq(taxInvoices.bookingId, payer.booking.id), eq(taxInvoices.receiptType, "S")));
    expect(more).toEqual([]);
    expect(sale?.state, sale?.lastError ?? "").toBe("sent");
    expect(sale?.totalCents).toBe(proforma.totalCents);
    const declared = kra().sales.get(sale?.invoiceNo as number)?.body as Record<string, unknown>;
    const [item] = declared.itemList as Record<string, number>[];
    const discounted = (proforma.lines[0]?.discountUnitCents ?? 0) > 0;
    expect(Math.round((item?.taxblAmt ?? 0) * 100)).toBe(proforma.totalCents);
    expect(Math.round((item?.dcAmt ?? 0) * 100) > 0).toBe(discounted);
    expect(Math.round((item?.splyAmt ?? 0) * 100) - Math.round((item?.dcAmt ?? 0) * 100)).toBe(
      proforma.totalCents,
    );
    expect(Math.round((declared.totAmt as number) * 100)).toBe(proforma.totalCents);
    expect(Math.round((declared.totTaxAmt as number) * 100)).toBe(proforma.vatCents);

    // the PDFs print what the rows say: list, discount and net per participant, and the totals above the net
    const proformaText = squash(extractPdfText(storedPdf(proforma.storageKey)));
    const taxText = squash(extractPdfText(storedPdf(sale?.storageKey as string)));
    const listed = proforma.lines[0];
    if (discounted && listed) {
      expect(proformaText).toContain(squash(discountDetail(listed) ?? "missing"));
      expect(proformaText).toContain(squash("At list prices (KES)"));
      expect(proformaText).toContain(squash("Less discounts (KES)"));
      expect(taxText).toContain(
        squash(`discount ${formatKes(Math.round((item?.dcAmt ?? 0) * 100))} (${item?.dcRt}%)`),
      );
    } else {
      expect(proformaText).not.toContain(squash("Less discounts"));
    }
    keepSample(scenario.name, proforma.storageKey, sale?.storageKey as string);

    await moneyTransaction(async (tx) => {
      for (const rule of await tx
        .select({ id: discountRules.id })
        .from(discountRules)
        .where(eq(discountRules.runId, runId))) {
        await endDiscount(tx, ACTOR, "rule", rule.id);
      }
    });
    await setSettingValue(db(), "prices_include_vat", true, null);
  });

  test("there are at least 20 scenarios", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(20);
  });
});

describe("a code is checked when a booking uses it", () => {
  async function codeOn(runId: string, fields: Partial<Parameters<typeof addDiscountCode>[2]>) {
    codeCounter++;
    const code = `CHK-${codeCounter}${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const added = await moneyTransaction((tx) =>
      addDiscountCode(tx, ACTOR, {
        code,
        courseId: null,
        runId,
        percentBp: 1_000,
        amountCents: null,
        validUntil: null,
        maxUses: null,
        budgetCents: null,
        sponsor: "Checks",
        ...fields,
      }),
    );
    expect(added.ok).toBe(true);
    return code;
  }

  test("its uses, budget, day, course and date refuse a booking with a message that says which; nothing is booked", async () => {
    const runId = await newRun("45000");
    const otherRun = await newRun("45000");
    const capped = await codeOn(runId, { maxUses: 5 });
    expect((await bookFor(runId, "A", 5, capped))?.ok).toBe(true);
    expect(await bookFor(runId, "B", 1, capped)).toEqual({
      ok: false,
      field: "discountCode",
      message: `Code ${capped} has 0 places left, fewer than the 1 booked.`,
    });
    const funded = await codeOn(runId, { percentBp: 5_000, budgetCents: 4_500_000 });
    expect((await bookFor(runId, "C", 3, funded))?.ok).toBe(false);
    expect((await bookFor(runId, "C", 2, funded))?.ok).toBe(true);
    const expired = await codeOn(runId, { validUntil: addDays(today(), -1) });
    expect(await bookFor(runId, "D", 1, expired)).toMatchObject({
      ok: false,
      message: expect.stringContaining("has expired"),
    });
    expect(await bookFor(otherRun, "E", 1, capped)).toMatchObject({
      ok: false,
      message: `Code ${capped} is for another date of this course.`,
    });
    expect(await bookFor(runId, "F", 1, "NO-SUCH-CODE")).toMatchObject({
      ok: false,
      message: "NO-SUCH-CODE is not a discount code we know. Check it, or leave it empty.",
    });
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(sql`${bookings.organization} in ('B', 'D', 'E', 'F')`)) as [{ n: number }];
    expect(n).toBe(0);
    // a cancelled booking gives its uses back
    const [first] = await db().select().from(bookings).where(eq(bookings.organization, "A"));
    const people = await bookingOf(first?.reference as string);
    await confirmAll(runId, people.participants);
    for (const id of people.participants) expect((await cancelParticipant(ACTOR, runId, id)).ok).toBe(true);
    expect((await bookFor(runId, "G", 5, capped))?.ok).toBe(true);
  });

  test("an ended code is refused; a code is unique in any case", async () => {
    const runId = await newRun("45000");
    const code = await codeOn(runId, {});
    const again = await moneyTransaction((tx) =>
      addDiscountCode(tx, ACTOR, {
        code,
        courseId: null,
        runId: null,
        percentBp: 500,
        amountCents: null,
        validUntil: null,
        maxUses: null,
        budgetCents: null,
        sponsor: "Twice",
      }),
    );
    expect(again).toEqual({
      ok: false,
      field: "code",
      message: `${code} is already a code. Choose another.`,
    });
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.code, code));
    expect((await moneyTransaction((tx) => endDiscount(tx, ACTOR, "code", row?.id as string))).ok).toBe(true);
    expect((await bookFor(runId, "H", 1, code))?.ok).toBe(false);
    const audit = await db()
      .select({ action: adminAuditLogs.action })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, row?.id as string));
    expect(audit.map((a) => a.action).sort()).toEqual(["Ended discount code", "Issued discount code"]);
  });
});

describe("the Discounts screen", () => {
  test("finance adds a rule and a code; bad input answers 400 naming the field and changes nothing", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const runId = await newRun("45000");
    const course = await courseId();
    const post = (form: Record<string, string>) =>
      answer(() => discountsRoute.action(finance.args("/admin/finance/discounts", { form }) as never));
    const rule = {
      intent: "add-rule",
      kind: "group",
      courseId: course,
      runId,
      valueKind: "percent",
      value: "10",
      minParticipants: "4",
    };
    const count = async () => (await db().select({ id: discountRules.id }).from(discountRules)).length;
    const before = await count();
    for (const [bad, field, message] of [
      [{ value: "120" }, "value", "Enter a percentage above 0 and at most 100, such as 10 or 12.5"],
      [
        { valueKind: "amount", value: "-5" },
        "value",
        "Enter an amount off each participant, such as 5000 or 5,000.50",
      ],
      [{ minParticipants: "1" }, "minParticipants", "A group needs 2 to 500 participants"],
      [{ minParticipants: "" }, "minParticipants", "Enter how many participants make a group"],
      [
        { kind: "early_bird", until: "2027-02-30" },
        "until",
        "Enter the last day an early-bird booking can be made",
      ],
      [{ courseId: "nope" }, "courseId", "Choose a course"],
    ] as const) {
      const refused = await post({ ...rule, ...bad });
      expect(refused.status, message).toBe(400);
      expect(refused.data).toMatchObject({ ok: false, field, message });
    }
    expect(await count()).toBe(before);
    expect((await post(rule)).data).toMatchObject({ ok: true });
    expect((await post(rule)).data).toMatchObject({
      ok: false,
      field: "kind",
      message: "This date already has a live group rule. End it first.",
    });
    const code = {
      intent: "add-code",
      code: "bad code!",
      sponsor: "ACK Diocese",
      valueKind: "amount",
      value: "2500",
    };
    expect((await post(code)).data).toMatchObject({
      field: "code",
      message: "Use 4 to 30 letters, digits or hyphens, such as CHURCH-2027",
    });
    expect((await post({ ...code, code: "ack-2027", sponsor: "" })).data).toMatchObject({ field: "sponsor" });
    expect((await post({ ...code, code: "ack-2027", budget: "lots" })).data).toMatchObject({
      field: "budget",
    });
    expect((await post({ ...code, code: "ack-2027" })).data).toMatchObject({ ok: true });
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.code, "ACK-2027"));
    expect(row).toMatchObject({ amountCents: 250_000, sponsor: "ACK Diocese", createdBy: finance.user.id });
    const listed = await answer(() =>
      discountsRoute.loader(finance.args("/admin/finance/discounts") as never),
    );
    expect(listed.status).toBe(200);
  });

  test("a registrar and a viewer read it; only finance and owners change it", async () => {
    const course = await courseId();
    const form = {
      intent: "add-code",
      code: "ROLE-CHECK",
      sponsor: "Anyone",
      valueKind: "percent",
      value: "5",
      courseId: course,
    };
    for (const role of ["registrar", "viewer"] as const) {
      const staff = await signedInAdmin({ roles: [role] });
      expect(
        (await answer(() => discountsRoute.loader(staff.args("/admin/finance/discounts") as never))).status,
      ).toBe(200);
      const refused = await answer(() =>
        discountsRoute.action(staff.args("/admin/finance/discounts", { form }) as never),
      );
      expect(refused.status).toBe(403);
    }
    for (const role of ["editor", "trainer"] as const) {
      const staff = await signedInAdmin({ roles: [role] });
      expect(
        (await answer(() => discountsRoute.loader(staff.args("/admin/finance/discounts") as never))).status,
      ).toBe(403);
    }
    expect(await db().select().from(discountCodes).where(eq(discountCodes.code, "ROLE-CHECK"))).toEqual([]);
    const owner = await signedInAdmin();
    expect(
      (await answer(() => discountsRoute.action(owner.args("/admin/finance/discounts", { form }) as never)))
        .data,
    ).toMatchObject({ ok: true });
  });
});

describe("the booking form's code check", () => {
  test("answers the code's terms for the course and date, or why not", async () => {
    const runId = await newRun("45000");
    const course = await courseId();
    await moneyTransaction((tx) =>
      addDiscountCode(tx, ACTOR, {
        code: "FORM-CHECK",
        courseId: course,
        runId: null,
        percentBp: 1_500,
        amountCents: null,
        validUntil: null,
        maxUses: 3,
        budgetCents: null,
        sponsor: "Form",
      }),
    );
    const ask = async (query: string) => {
      const response = (await codeRoute.loader({
        url: new URL(`http://localhost/api/discount-code?${query}`),
        context: requestContext(),
      } as never)) as Response;
      return { status: response.status, body: await response.json() };
    };
    expect(await ask(`code=form-check&course=${SLUG}&run=${runId}&participants=3`)).toEqual({
      status: 200,
      body: { ok: true, code: { code: "FORM-CHECK", percentBp: 1_500, amountCents: null } },
    });
    expect((await ask(`code=form-check&course=${SLUG}&run=${runId}&participants=4`)).body).toEqual({
      ok: false,
      message: "Code FORM-CHECK has 3 places left, fewer than the 4 booked.",
    });
    expect((await ask(`code=x!&course=${SLUG}`)).status).toBe(400);
  });
});

describe("the booking's confirmation", () => {
  test("names each discount for the whole booking, what is left to pay, and the date's group rule", async () => {
    const runId = await newRun("45000");
    const course = await courseId();
    await moneyTransaction(async (tx) => {
      await addDiscountRule(tx, ACTOR, {
        kind: "group",
        courseId: course,
        runId,
        percentBp: 1_000,
        amountCents: null,
        until: null,
        minParticipants: 4,
        windowDays: null,
      });
      await addDiscountCode(tx, ACTOR, {
        code: "CONFIRM-5",
        courseId: null,
        runId,
        percentBp: null,
        amountCents: 200_000,
        validUntil: null,
        maxUses: null,
        budgetCents: null,
        sponsor: "Confirmation",
      });
    });
    const small = await bookFor(runId, "Small Parish", 2, null);
    expect(small).toMatchObject({
      ok: true,
      netUnitCents: 4_500_000,
      discounts: [],
      groupRule: { minParticipants: 4, percentBp: 1_000 },
    });
    const outcome = await bookFor(runId, "Large Parish", 4, "CONFIRM-5");
    expect(outcome).toMatchObject({
      ok: true,
      unitCents: 4_500_000,
      netUnitCents: 3_850_000,
      discounts: [
        { label: "Group of 4 or more from one organisation: 10% off", cents: 450_000 },
        { label: "Code CONFIRM-5: KES 2,000.00 off", cents: 200_000 },
      ],
    });
    // the confirmation page a post without JavaScript lands on says the same
    const page = await findBookingConfirmation((outcome as { reference: string }).reference);
    expect(page).toMatchObject({
      netUnitCents: 3_850_000,
      discounts: (outcome as { discounts: unknown }).discounts,
    });
    const [mail] = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "registration_confirmation"),
          eq(emailOutbox.toAddress, `contact${keyCounter}@discounts.example`),
        ),
      );
    const text = mail?.text.replace(/\s+/g, " ") ?? "";
    expect(text).toContain("Less Group of 4 or more from one organisation: 10% off: KES 18,000.00");
    expect(text).toContain("Less Code CONFIRM-5: KES 2,000.00 off: KES 8,000.00");
    expect(text).toContain("To pay: 4 × KES 38,500.00 = KES 154,000.00");
    expect(text).toContain(
      "Groups of 4 or more participants from one organisation on one date get 10% off each participant",
    );
  });
});

describe("the faith-based pages' promise", () => {
  test("a faith-based course carries the seeded group rule, and its page states it", async () => {
    const page = await answer(() =>
      coursePageRoute.loader({ params: { slug: "marriage-and-family-enrichment-facilitators" } } as never),
    );
    expect(page.data?.offers).toEqual([
      "Groups of 4 or more participants from one organisation on one date get 10% off each participant, counting the organisation's separate bookings for that date.",
    ]);
  });
});
