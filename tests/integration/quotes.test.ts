import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails } from "#app/platform/email/outbox.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as sendRoute from "#app/routes/sales/enquiry.quote";
import * as previewRoute from "#app/routes/sales/enquiry.quote-preview";
import * as quoteRoute from "#app/routes/sales/public/quote";
import * as pdfRoute from "#app/routes/sales/public/quote-pdf";
import {
  acceptQuote,
  declineQuote,
  QuoteAcceptSchema,
  QuoteSchema,
  quotePath,
  sendQuote,
} from "#app/sales/index.server";
import { enquiries, quoteLines, quotes } from "#app/sales/tables.server";
import { courses } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";
import { clearOutbox } from "../helpers/delivery";
import { ACTOR, SLUG } from "../helpers/money";
import { extractPdfText } from "../helpers/pdf-text";
import { startSmtpServer } from "../helpers/smtp";

const CLIENT = { id: null, email: null, ip: "198.51.100.7", userAgent: "phone" };

/** An in-house enquiry the office has qualified, from a contact of its own. */
async function qualifiedEnquiry(status: "new" | "qualified" = "qualified") {
  const stamp = crypto.randomUUID().slice(0, 8);
  const [row] = await db()
    .insert(enquiries)
    .values({
      kind: "in_house",
      status,
      organisationName: "County Government of Nakuru",
      contactName: "Faith Chebet",
      contactEmail: `hr.${stamp}@nakuru.example`,
      topic: "Strategic planning",
      participants: 18,
    })
    .returning({ id: enquiries.id, email: enquiries.contactEmail });
  if (!row) throw new Error("no enquiry");
  return row;
}

/** What the quotes schedule: the seeded course, in six weeks, in Nakuru. */
let schedule: { courseId: string; startDate: string; venue: string };

/** The office's quote form as posted: 3 days at KES 150,000 a day and a venue for 18. */
const quoteInput = (overrides: Record<string, unknown> = {}) =>
  QuoteSchema.parse({
    ...schedule,
    participants: "18",
    validUntil: addDays(today(), 14),
    terms: "50% on acceptance, the balance before the course.",
    lines: [
      { kind: "course_days", description: "Training, 3 days", quantity: "3", unit: "150,000" },
      { kind: "venue", description: "Conference hall, Nakuru", quantity: "1", unit: "KES 60,000.50" },
    ],
    ...overrides,
  });

const accept = { name: "Faith Chebet", position: "HR Manager", lpoNumber: "LPO-0042" };

const quoteRow = async (id: string) => (await db().select().from(quotes).where(eq(quotes.id, id)))[0];
const enquiryRow = async (id: string) => (await db().select().from(enquiries).where(eq(enquiries.id, id)))[0];

beforeAll(async () => {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  schedule = { courseId: course?.id as string, startDate: addDays(today(), 42), venue: "Nakuru" };
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  await setSettingValue(db(), "prices_include_vat", false, null);
  await clearOutbox();
});
afterEach(() => setClock(null));

describe("sending a quote", () => {
  test("prices its lines with the invoices' VAT in cents, makes the enquiry quoted and e-mails the signed link", async () => {
    const enquiry = await qualifiedEnquiry();
    const sent = await sendQuote(ACTOR, enquiry.id, quoteInput());
    if (!sent.ok) throw new Error(sent.message);
    const quote = await quoteRow(sent.id);
    // 3 × 150,000.00 + 60,000.50 = 510,000.50; VAT 16% per line: 72,000.00 + 9,600.08
    expect(quote).toMatchObject({
      version: 1,
      status: "open",
      participants: 18,
      netCents: 51_000_050,
      vatCents: 8_160_008,
      totalCents: 59_160_058,
      vatRatePercent: 16,
    });
    const lines = await db().select().from(quoteLines).where(eq(quoteLines.quoteId, sent.id));
    expect(lines.map((l) => [l.position, l.kind, l.quantity, l.unitCents, l.amountCents])).toEqual([
      [1, "course_days", 3, 15_000_000, 45_000_000],
      [2, "venue", 1, 6_000_050, 6_000_050],
    ]);
    expect((await enquiryRow(enquiry.id))?.status).toBe("quoted");

    const smtp = await startSmtpServer();
    try {
      await deliverDueEmails({ send: createSmtpSender(smtp.url) });
      const mails = await smtp.waitFor((m) => m.some((x) => x.to[0] === enquiry.email));
      const received = mails.find((m) => m.to[0] === enquiry.email);
      expect(received?.subject).toBe("Your quote for in-house training");
      expect(received?.text).toContain(quotePath(sent.id));
      expect(received?.text).toContain("KES 591,600.58");
    } finally {
      await smtp.close();
    }
  });

  test("goes to a new enquiry without qualifying it first: sending it is the qualification (issue 45)", async () => {
    const fresh = await qualifiedEnquiry("new");
    expect(await sendQuote(ACTOR, fresh.id, quoteInput())).toMatchObject({ ok: true });
    expect((await enquiryRow(fresh.id))?.status).toBe("quoted");
  });

  test("is refused for a validity date already past, and stores nothing", async () => {
    const enquiry = await qualifiedEnquiry();
    const late = await sendQuote(ACTOR, enquiry.id, quoteInput({ validUntil: addDays(today(), -1) }));
    expect(late).toMatchObject({
      ok: false,
      message: "The validity date has passed: choose today or a later day.",
    });
    const pastStart = await sendQuote(ACTOR, enquiry.id, quoteInput({ startDate: addDays(today(), -1) }));
    expect(pastStart).toMatchObject({
      ok: false,
      message: "The start date has passed: choose today or a later day.",
    });
    const noCourse = await sendQuote(ACTOR, enquiry.id, quoteInput({ courseId: crypto.randomUUID() }));
    expect(noCourse).toMatchObject({ ok: false, message: "Choose the course to schedule from the list." });
    expect(await db().select().from(quotes).where(eq(quotes.enquiryId, enquiry.id))).toEqual([]);
    expect((await enquiryRow(enquiry.id))?.status).toBe("qualified");
  });

  test("bad lines get specific messages", () => {
    const parsed = QuoteSchema.safeParse({
      participants: "0",
      validUntil: "2026-02-30",
      terms: "",
      lines: [{ kind: "catering", description: "", quantity: "1.5", unit: "lots" }],
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        "Enter the number of participants as a whole number from 1 to 1,000.",
        "Enter the validity date as a real date (YYYY-MM-DD).",
        "Terms is required",
        "Choose what each line charges for from the list.",
        "Line description is required",
        "Enter each line's quantity as a whole number from 1 to 10,000.",
        "Enter each line's unit price in Kenya shillings (for example 45,000 or 45,000.50).",
      ]),
    );
    const noSchedule = QuoteSchema.safeParse({
      courseId: "",
      startDate: "2026-13-01",
      venue: "",
      participants: "18",
      validUntil: today(),
      terms: "Net 30",
      lines: [{ kind: "venue", description: "Hall", quantity: "1", unit: "1,000" }],
    });
    expect(noSchedule.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        "Choose the course to schedule from the list.",
        "Enter the start date as a real date (YYYY-MM-DD).",
        "Venue or county is required",
      ]),
    );
    const backwards = QuoteSchema.safeParse({
      ...schedule,
      endDate: addDays(schedule.startDate, -1),
      participants: "18",
      validUntil: today(),
      terms: "Net 30",
      lines: [{ kind: "venue", description: "Hall", quantity: "1", unit: "1,000" }],
    });
    expect(backwards.error?.issues).toEqual([
      expect.objectContaining({
        path: ["endDate"],
        message: "The end date cannot be before the start date.",
      }),
    ]);
    const noLines = { ...schedule, participants: "18", validUntil: today(), terms: "Net 30", lines: [] };
    expect(QuoteSchema.safeParse(noLines).error?.issues[0]?.message).toBe(
      "Add at least one line to the quote.",
    );
  });

  test("a new version replaces the unanswered one, whose link then says so", async () => {
    const enquiry = await qualifiedEnquiry();
    const first = await sendQuote(ACTOR, enquiry.id, quoteInput());
    const second = await sendQuote(
      ACTOR,
      enquiry.id,
      quoteInput({ terms: "Payment in full before the course." }),
    );
    if (!first.ok || !second.ok) throw new Error("not sent");
    expect((await quoteRow(first.id))?.status).toBe("replaced");
    expect(await quoteRow(second.id)).toMatchObject({ status: "open", version: 2 });
    expect(await acceptQuote(CLIENT, first.id, accept)).toEqual({
      ok: false,
      status: 409,
      message: "This quote was replaced by a newer version, sent to you by e-mail. Please answer that one.",
    });
    expect((await quoteRow(first.id))?.status).toBe("replaced");
    expect((await enquiryRow(enquiry.id))?.status).toBe("quoted");
  });
});

describe("the client's answer", () => {
  test("accepting records who accepted and wins the enquiry; accepting again is refused and changes nothing", async () => {
    const enquiry = await qualifiedEnquiry();
    const sent = await sendQuote(ACTOR, enquiry.id, quoteInput());
    if (!sent.ok) throw new Error(sent.message);
    const answer = await acceptQuote(CLIENT, sent.id, QuoteAcceptSchema.parse(accept));
    expect(answer.ok).toBe(true);
    const accepted = await quoteRow(sent.id);
    expect(accepted).toMatchObject({
      status: "accepted",
      answeredByName: "Faith Chebet",
      answeredByPosition: "HR Manager",
      lpoNumber: "LPO-0042",
    });
    expect(await enquiryRow(enquiry.id)).toMatchObject({
      status: "won",
      closedOn: today(),
      followUpOn: null,
    });

    const again = await acceptQuote(CLIENT, sent.id, {
      name: "Someone Else",
      position: "CEO",
      lpoNumber: null,
    });
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(again.message).toMatch(/^This quote was already accepted on .+\. Nothing was changed\.$/);
    expect(await quoteRow(sent.id)).toEqual(accepted);
    expect(await declineQuote(CLIENT, sent.id, "Too dear")).toMatchObject({ ok: false });
    expect(await quoteRow(sent.id)).toEqual(accepted);
    // a won enquiry takes no new version
    expect(await sendQuote(ACTOR, enquiry.id, quoteInput())).toMatchObject({
      ok: false,
      message: "This enquiry is won: it takes no more quotes.",
    });
    const audits = await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.recordId, sent.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["Sent quote", "Quote accepted"]));
  });

  test("after the validity date (Nairobi), accepting is refused and changes nothing", async () => {
    const enquiry = await qualifiedEnquiry();
    const validUntil = addDays(today(), 3);
    const sent = await sendQuote(ACTOR, enquiry.id, quoteInput({ validUntil }));
    if (!sent.ok) throw new Error(sent.message);
    // 23:30 in Nairobi on the last valid day still counts; 00:30 the next day does not
    setClock(new Date(`${validUntil}T20:30:00Z`));
    const lastMinute = await qualifiedEnquiry();
    const lastSent = await sendQuote(ACTOR, lastMinute.id, quoteInput({ validUntil }));
    if (!lastSent.ok) throw new Error(lastSent.message);
    expect((await acceptQuote(CLIENT, lastSent.id, accept)).ok).toBe(true);
    setClock(new Date(`${validUntil}T21:30:00Z`));
    const late = await acceptQuote(CLIENT, sent.id, accept);
    expect(late).toMatchObject({ ok: false, status: 409 });
    expect(late.message).toMatch(/^This quote was valid until .+\. Ask us for a new one\.$/);
    expect(await quoteRow(sent.id)).toMatchObject({ status: "open", answeredAt: null });
    expect((await enquiryRow(enquiry.id))?.status).toBe("quoted");
  });

  test("declining keeps the reason; the quote can then not be accepted", async () => {
    const enquiry = await qualifiedEnquiry();
    const sent = await sendQuote(ACTOR, enquiry.id, quoteInput());
    if (!sent.ok) throw new Error(sent.message);
    expect((await declineQuote(CLIENT, sent.id, "Our budget was cut this year.")).ok).toBe(true);
    expect(await quoteRow(sent.id)).toMatchObject({
      status: "declined",
      declineReason: "Our budget was cut this year.",
    });
    expect((await acceptQuote(CLIENT, sent.id, accept)).message).toMatch(/^This quote was declined on /);
    expect((await enquiryRow(enquiry.id))?.status).toBe("quoted");
  });

  test("two acceptances at once: one wins, the other is refused", async () => {
    const enquiry = await qualifiedEnquiry();
    const sent = await sendQuote(ACTOR, enquiry.id, quoteInput());
    if (!sent.ok) throw new Error(sent.message);
    const answers = await Promise.all([
      acceptQuote(CLIENT, sent.id, accept),
      acceptQuote(CLIENT, sent.id, { name: "Peter Kamau", position: "Chief Officer", lpoNumber: null }),
      declineQuote(CLIENT, sent.id, "Changed our mind"),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).every((a) => a.message.startsWith("This quote was"))).toBe(true);
    const audits = await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.recordId, sent.id));
    expect(audits.filter((a) => a.action.startsWith("Quote "))).toHaveLength(1);
  });
});

/** The client's page behind a quote's signed link: its params, and a GET or a POST of `form`. */
function clientPage(id: string, form?: Record<string, string>, signature?: string) {
  const path = quotePath(id);
  const params = { id, signature: signature ?? path.split("/").at(-1) ?? "" };
  return routeArgs(path, form ? { form } : {}, params) as never;
}

describe("the quote's preview (issue 45)", () => {
  test("is the PDF the client would get, totals included, marked a preview, and stores and sends nothing", async () => {
    const enquiry = await qualifiedEnquiry("new");
    const registrar = await signedInAdmin({ roles: ["registrar"] });
    const form = {
      ...schedule,
      participants: "18",
      validUntil: addDays(today(), 10),
      terms: "Net 30 days.",
      "lines[0].kind": "course_days",
      "lines[0].description": "Training, 3 days",
      "lines[0].quantity": "3",
      "lines[0].unit": "150,000",
      "lines[1].kind": "venue",
      "lines[1].description": "Conference hall, Nakuru",
      "lines[1].quantity": "1",
      "lines[1].unit": "60,000.50",
    };
    const preview = (await previewRoute.action(
      registrar.args(
        `/admin/enquiries/${enquiry.id}/quote/preview.pdf`,
        { form },
        { id: enquiry.id },
      ) as never,
    )) as Response;
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Content-Type")).toBe("application/pdf");
    const text = extractPdfText(Buffer.from(await preview.arrayBuffer()));
    expect(text).toContain("preview, not sent");
    // the same figures sendQuote stores: 510,000.50 net, VAT 81,600.08, 591,600.58
    for (const figure of ["510,000.50", "81,600.08", "591,600.58"]) expect(text).toContain(figure);
    expect(await db().select().from(quotes).where(eq(quotes.enquiryId, enquiry.id))).toEqual([]);
    expect((await enquiryRow(enquiry.id))?.status).toBe("new");

    const bad = (await previewRoute.action(
      registrar.args(
        `/admin/enquiries/${enquiry.id}/quote/preview.pdf`,
        { form: { ...form, "lines[1].unit": "abc" } },
        { id: enquiry.id },
      ) as never,
    )) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter each line's unit price in Kenya shillings");
  });
});

describe("the screens", () => {
  test("the office sends a quote from the form: empty rows are left out, a bad row is named", async () => {
    const enquiry = await qualifiedEnquiry();
    const registrar = await signedInAdmin({ roles: ["registrar"] });
    const path = `/admin/enquiries/${enquiry.id}/quote`;
    const form = {
      ...schedule,
      participants: "18",
      validUntil: addDays(today(), 10),
      terms: "Net 30 days.",
      "lines[0].kind": "course_days",
      "lines[0].description": "Training, 3 days",
      "lines[0].quantity": "3",
      "lines[0].unit": "150000",
      "lines[1].kind": "venue",
      "lines[2].kind": "materials",
      "lines[2].description": "Workbooks",
      "lines[2].quantity": "18",
      "lines[2].unit": "abc",
    };
    const refused = await answer(() =>
      sendRoute.action(registrar.args(path, { form }, { id: enquiry.id }) as never),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: {
        "lines[2].unit": [
          "Enter each line's unit price in Kenya shillings (for example 45,000 or 45,000.50).",
        ],
      },
    });
    expect(await db().select().from(quotes).where(eq(quotes.enquiryId, enquiry.id))).toEqual([]);

    const sent = await answer(() =>
      sendRoute.action(
        registrar.args(path, { form: { ...form, "lines[2].unit": "1,200" } }, { id: enquiry.id }) as never,
      ),
    );
    expect(sent).toMatchObject({ status: 302, location: `/admin/enquiries/${enquiry.id}` });
    const [quote] = await db().select().from(quotes).where(eq(quotes.enquiryId, enquiry.id));
    // 450,000 + 18 × 1,200 = 471,600 net, plus 16% VAT
    expect(quote).toMatchObject({ netCents: 47_160_000, vatCents: 7_545_600, totalCents: 54_705_600 });
  });

  test("the client's page: a bad signature is not found; a missing name is named; an answer is final", async () => {
    const enquiry = await qualifiedEnquiry();
    const sent = await sendQuote(ACTOR, enquiry.id, quoteInput());
    if (!sent.ok) throw new Error(sent.message);
    const forged = await answer(() => quoteRoute.loader(clientPage(sent.id, undefined, "x".repeat(32))));
    expect(forged).toMatchObject({ status: 404, data: { quote: null } });
    const page = await answer(() => quoteRoute.loader(clientPage(sent.id)));
    expect(page).toMatchObject({ status: 200, data: { quote: { totalCents: 59_160_058, refusal: null } } });

    const noName = await answer(() =>
      quoteRoute.action(
        clientPage(sent.id, { intent: "accept", name: "", position: "HR Manager", lpoNumber: "" }),
      ),
    );
    expect(noName).toMatchObject({ status: 400, data: { errors: { name: ["Your name is required"] } } });
    expect((await quoteRow(sent.id))?.status).toBe("open");

    const accepted = await answer(() =>
      quoteRoute.action(
        clientPage(sent.id, {
          intent: "accept",
          name: "Faith Chebet",
          position: "HR Manager",
          lpoNumber: "",
        }),
      ),
    );
    expect(accepted).toMatchObject({ status: 200, data: { ok: true } });
    expect(await quoteRow(sent.id)).toMatchObject({ status: "accepted", lpoNumber: null });
    const declined = await answer(() =>
      quoteRoute.action(clientPage(sent.id, { intent: "decline", reason: "Too dear" })),
    );
    expect(declined).toMatchObject({ status: 409, data: { ok: false } });
    expect((await quoteRow(sent.id))?.status).toBe("accepted");
    const after = await answer(() => quoteRoute.loader(clientPage(sent.id)));
    expect((after.data as { quote: { refusal: string } }).quote.refusal).toMatch(/already accepted/);
  });
});

test("the quote's PDF comes from its signed link only", async () => {
  const enquiry = await qualifiedEnquiry();
  const sent = await sendQuote(ACTOR, enquiry.id, quoteInput());
  if (!sent.ok) throw new Error(sent.message);
  const signature = quotePath(sent.id).split("/").at(-1) ?? "";
  const pdf = (await pdfRoute.loader(
    routeArgs(`${quotePath(sent.id)}/pdf`, {}, { id: sent.id, signature }) as never,
  )) as Response;
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  const bytes = Buffer.from(await pdf.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const forged = (await pdfRoute.loader(
    routeArgs(`${quotePath(sent.id)}/pdf`, {}, { id: sent.id, signature: "y".repeat(32) }) as never,
  )) as Response;
  expect(forged.status).toBe(404);
});
