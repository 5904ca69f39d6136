import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIST_SCREEN, erasePersonalData, readSubject } from "#app/back-office/index.server";
import { dataRequests } from "#app/back-office/tables.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { confirmParticipant } from "#app/bookings/index.server";
import { courseInterests } from "#app/bookings/tables.server";
import { createBooking } from "#app/bookings/testing.server";
import { issueDueReceipts } from "#app/money/index.server";
import { financeDocuments, payments } from "#app/money/tables.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { internationalDigitsSql } from "#app/platform/personal-data/contributor.server";
import { isSealed } from "#app/platform/secret.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as page from "#app/routes/back-office/data-requests";
import * as exportRoute from "#app/routes/back-office/data-requests.export";
import * as privacyPage from "#app/routes/site/public/privacy";
import { contactSubmissions, enquiries } from "#app/sales/tables.server";
import { courses } from "#app/site/tables.server";
import type { Role } from "#app/staff/index.server";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { internationalDigits } from "#app/utils/phone";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { c2b, callback, newRun, SECRET, SLUG } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

// Issue 32's data request tool (decision 0637): an owner finds everything held about a person by e-mail or phone,
// hands over a copy (JSON, PDF), and erases what may go while keeping, and saying, what the law and the house keep.

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
const staff = {} as Record<Role, Staff>;
const tag = crypto.randomUUID().slice(0, 6);
const ENQUIRER = { name: "Amina Enquirer", email: `amina.${tag}@example.com`, phone: "+254 722 000 111" };
const PAYER = {
  name: "Baraka Payer",
  email: `baraka.${tag}@example.com`,
  phone: "0733 444 555",
  id: "29876543",
};
let enquiryId = "";
let deletedEnquiryId = "";
let payer: { bookingId: string; registrationId: string; reference: string; runEnd: string };

beforeAll(async () => {
  for (const role of ["owner", "registrar", "finance", "viewer"] as const) {
    staff[role] = await signedInAdmin({ roles: [role] });
  }
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);

  // the enquirer: two enquiries (one deleted by the office, so the audit log holds her row), a "notify me"
  // request and the e-mail that answered it
  const [enquiry, other] = await db()
    .insert(contactSubmissions)
    .values([
      { ...ENQUIRER, message: `Do you run a course in Mombasa? ${tag}`, source: "contact" },
      { name: ENQUIRER.name, email: ENQUIRER.email.toUpperCase(), phone: "722000111", message: "Second" },
    ])
    .returning({ id: contactSubmissions.id });
  enquiryId = enquiry?.id as string;
  deletedEnquiryId = other?.id as string;
  await CONTACT_LIST_SCREEN.remove(deletedEnquiryId, staff.owner.actor);
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  await db()
    .insert(courseInterests)
    .values({ courseId: course?.id as string, name: ENQUIRER.name, email: ENQUIRER.email });
  await db().insert(emailOutbox).values({
    toAddress: ENQUIRER.email,
    subject: "Re: your enquiry",
    textBody: "Hello",
    htmlBody: "<p>Hello</p>",
    kind: "reply",
    status: "sent",
  });

  // the payer: booked herself on a course date 30 days ahead, confirmed (the proforma) and paid by M-PESA
  const runId = await newRun();
  const outcome = await createBooking({
    name: PAYER.name,
    email: PAYER.email,
    phone: PAYER.phone,
    organization: null,
    kraPin: null,
    lpoNumber: null,
    course: SLUG,
    run: runId,
    message: "Vegetarian meals",
    participants: [{ name: PAYER.name, email: PAYER.email, phone: PAYER.phone, idNumber: PAYER.id }],
    source: "register",
    idempotencyKey: `payer-${tag}`,
    ip: "203.0.113.50",
  } as never);
  if (!outcome?.ok) throw new Error("booking failed");
  const [booking] = await db().select().from(bookings).where(eq(bookings.reference, outcome.reference));
  const [registration] = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.bookingId, booking?.id as string));
  expect((await confirmParticipant(staff.owner.actor, runId, registration?.id as string)).ok).toBe(true);
  const [proforma] = await db()
    .select({ totalCents: financeDocuments.totalCents })
    .from(financeDocuments)
    .where(eq(financeDocuments.bookingId, booking?.id as string));
  const paid = await callback(
    "confirmation",
    c2b({
      TransID: `TK${tag.toUpperCase()}01`,
      TransAmount: ((proforma?.totalCents ?? 0) / 100).toFixed(2),
      BillRefNumber: outcome.reference,
    }),
  );
  expect(paid.body.ResultCode).toBe("0");
  // the receipt follows the payment's commit, as the server's receipt worker issues it (decision 0652)
  await issueDueReceipts();
  payer = {
    bookingId: booking?.id as string,
    registrationId: registration?.id as string,
    reference: outcome.reference,
    runEnd: addDays(today(), 34),
  };
});
afterEach(() => setClock(null));

const post = (role: Role, form: Record<string, string>) =>
  answer(() => page.action(staff[role].args("/admin/data-requests", { form }) as never));
const search = (subject: string, role: Role = "owner") => post(role, { intent: "search", subject });
const erase = (subject: string, extra: Record<string, string> = {}, role: Role = "owner") =>
  post(role, { intent: "erase", subject, askedBy: "The person, by e-mail", confirm: "yes", ...extra });
const exportCopy = (form: Record<string, string>, role: Role = "owner") =>
  answer(() => exportRoute.action(staff[role].args("/admin/data-requests/export", { form }) as never));

type Found = { registrations: unknown[]; enquiries: { id: string }[] } & Record<string, unknown>;
const foundIn = (result: Awaited<ReturnType<typeof search>>) =>
  (result.data as unknown as { found: Found }).found;

/** The tables an erasure may change, as one digest: a refused one must leave it as it was. */
async function digest() {
  const rows = await db().execute(sql`select md5(string_agg(t, '|' order by t)) as d from (
    select x::text as t from contact_submissions x union all select x::text from course_interests x
    union all select x::text from email_outbox x union all select x::text from course_registrations x
    union all select x::text from bookings x union all select x::text from data_requests x
    union all select x::text from course_feedback x) all_rows`);
  return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
}

describe("who may use it", () => {
  it("answers owners only: every other role is refused the page, its posts and the copy with 403", async () => {
    for (const role of ["registrar", "finance", "viewer"] as const) {
      const loaded = await answer(() => page.loader(staff[role].args("/admin/data-requests") as never));
      expect(loaded.status, role).toBe(403);
      expect((await search(ENQUIRER.email, role)).status, role).toBe(403);
      const copy = await exportCopy({ subject: ENQUIRER.email, askedBy: "someone", format: "json" }, role);
      expect(copy.status, role).toBe(403);
    }
    expect((await answer(() => page.loader(staff.owner.args("/admin/data-requests") as never))).status).toBe(
      200,
    );
  });

  it("an erasure posted by anyone but an owner changes nothing", async () => {
    const before = await digest();
    for (const role of ["registrar", "finance", "viewer"] as const) {
      expect((await erase(ENQUIRER.email, {}, role)).status, role).toBe(403);
    }
    expect(await digest()).toBe(before);
  });
});

describe("bad input gets a clear message and changes nothing", () => {
  it("refuses what is neither an e-mail address nor a phone number", async () => {
    for (const [subject, message] of [
      ["", "Enter the e-mail address or the phone number the person gave us."],
      ["amina@", "That e-mail address is not valid. Check it and search again."],
      ["0722", "A phone number has 9 to 15 digits"],
      ["Amina Enquirer", "A phone number has 9 to 15 digits"],
    ] as const) {
      const result = await search(subject);
      expect(result.status, subject).toBe(400);
      expect(String(result.data?.message), subject).toContain(message);
    }
  });

  it("an erasure without confirmation, or without who asked, is refused and erases nothing", async () => {
    const before = await digest();
    const unconfirmed = await post("owner", {
      intent: "erase",
      subject: ENQUIRER.email,
      askedBy: "The person, by e-mail",
    });
    expect(unconfirmed).toMatchObject({
      status: 400,
      data: { message: "Tick the box to confirm that this erasure cannot be undone." },
    });
    expect((await erase(ENQUIRER.email, { askedBy: "" })).status).toBe(400);
    expect((await erase("not an address")).status).toBe(400);
    expect(await digest()).toBe(before);
  });
});

describe("finding", () => {
  it("by e-mail, in any case: both enquiries (the deleted one too), the notify-me request, the e-mail, the audit rows", async () => {
    const found = foundIn(await search(`  ${ENQUIRER.email.toUpperCase()} `));
    expect(found.enquiries).toHaveLength(2);
    expect(found.interests).toHaveLength(1);
    expect(found.emails).toHaveLength(1);
    expect(found.auditRows).toBe(1);
    expect(found.registrations).toHaveLength(0);
  });

  it("by phone, in any spelling: +254 722 000 111, 0722000111 and 722000111 are one number", async () => {
    for (const spelling of ["0722000111", "+254722000111", "254 722 000 111", "0722-000-111"]) {
      const found = foundIn(await search(spelling));
      expect(found.enquiries.map((e) => e.id).sort(), spelling).toHaveLength(2);
    }
    expect(foundIn(await search("0722000112")).enquiries).toHaveLength(0);
  });

  it("reads a stored number as app/utils/phone.ts does, so the two stay in step", async () => {
    for (const stored of [
      "+254 722 000 111",
      "0722000111",
      "00254722000111",
      "(0722) 000-111",
      "+44 20 7946 0000",
      "0044 20 7946 0000",
      "722000111",
    ]) {
      const [row] = await executeRows<{ digits: string }>(
        db(),
        sql`select ${internationalDigitsSql(sql`${stored}::text`)} as digits`,
      );
      expect(row?.digits, stored).toBe(internationalDigits(stored));
    }
  });

  it("the payer: her registration (ID masked), her booking, its proforma and receipt, the payment", async () => {
    const found = foundIn(await search(PAYER.email));
    expect(JSON.stringify(found)).not.toContain(PAYER.id);
    expect(found.registrations).toMatchObject([{ maskedIdNumber: "•••• 6543", live: true }]);
    expect(found.bookings).toMatchObject([{ reference: payer.reference, live: true }]);
    expect((found.financeDocuments as { kind: string }[]).map((d) => d.kind).sort()).toEqual([
      "proforma",
      "receipt",
    ]);
    expect(found.payments).toHaveLength(1);
    // the payment found by the payer's phone too (M-PESA's number, and the booking's)
    expect(foundIn(await search("+254 733 444 555")).payments).toHaveLength(1);
  });
});

describe("a copy", () => {
  it("as JSON: everything found, the ID number in full, recorded as a request and audited", async () => {
    const response = (await exportRoute.action(
      staff.owner.args("/admin/data-requests/export", {
        form: { subject: PAYER.email, askedBy: "Baraka, by phone on Monday", format: "json" },
      }) as never,
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="personal-data-.*\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const copy = await response.json();
    expect(copy.registrations[0]).toMatchObject({
      name: PAYER.name,
      idOrPassportNumber: PAYER.id,
      specialRequirements: "Vegetarian meals",
    });
    expect(copy.payments[0].amount.cents).toBeGreaterThan(0);
    expect(copy.financeDocuments).toHaveLength(2);
    const [request] = await db()
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.kind, "export"), eq(dataRequests.subject, PAYER.email)));
    expect(request).toMatchObject({
      format: "json",
      askedBy: "Baraka, by phone on Monday",
      handledBy: staff.owner.user.id,
      found: { registrations: 1, bookings: 1, financeDocuments: 2, payments: 1 },
    });
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, request?.id as string));
    expect(audit?.action).toBe("Exported personal data (JSON) with full ID numbers");
    expect(JSON.stringify(audit)).not.toContain(PAYER.id);
  });

  it("as a PDF that says the same", async () => {
    const response = (await exportRoute.action(
      staff.owner.args("/admin/data-requests/export", {
        form: { subject: ENQUIRER.email, askedBy: "Amina, by e-mail", format: "pdf" },
      }) as never,
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const text = squash(extractPdfText(Buffer.from(await response.arrayBuffer())));
    for (const part of [`Personal data held about ${ENQUIRER.email}`, "Enquiries (contact form) (2)", tag]) {
      expect(text).toContain(squash(part));
    }
  });

  it("refuses a copy without who asked", async () => {
    const result = await exportCopy({ subject: ENQUIRER.email, askedBy: "", format: "json" });
    expect(result.status).toBe(400);
  });
});

describe("erasure", () => {
  it("deletes the enquirer's enquiries, request and e-mail, replaces her values in the audit log, records the request", async () => {
    // the office's follow-up of her message, as the contact form makes it beside the message
    await db().insert(enquiries).values({
      kind: "contact",
      contactSubmissionId: enquiryId,
      contactName: ENQUIRER.name,
      contactEmail: ENQUIRER.email,
    });
    const result = await erase(ENQUIRER.email);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      kind: "erased",
      erased: { enquiriesDeleted: 2, interestsDeleted: 1, emailsDeleted: 1, auditRowsRedacted: 1 },
      kept: [],
    });
    expect(foundIn(await search(ENQUIRER.email))).toMatchObject({ enquiries: [], interests: [], emails: [] });
    expect(await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, enquiryId))).toEqual(
      [],
    );
    expect(await db().select().from(enquiries).where(eq(enquiries.contactEmail, ENQUIRER.email))).toEqual([]);
    const [deletion] = await db()
      .select({ action: adminAuditLogs.action, oldValues: adminAuditLogs.oldValues })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, deletedEnquiryId));
    // the row that says who deleted the enquiry and when stays; what it held of her does not
    expect(deletion?.action).toBe("Deleted contact");
    expect(deletion?.oldValues).toMatchObject({
      id: deletedEnquiryId,
      name: "[erased]",
      email: "[erased]",
      phone: "[erased]",
      message: "[erased]",
      status: "new",
    });
    const [request] = await db()
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.kind, "erasure"), eq(dataRequests.subject, ENQUIRER.email)));
    expect(request).toMatchObject({
      askedBy: "The person, by e-mail",
      kept: [],
      erased: { enquiriesDeleted: 2 },
    });
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, request?.id as string));
    expect(audit?.action).toBe("Erased personal data");
  });

  it("keeps, and says it keeps, the paid participant's place, invoice, receipt and payment while the course runs", async () => {
    const before = await db()
      .select()
      .from(courseRegistrations)
      .where(eq(courseRegistrations.id, payer.registrationId));
    const result = await erase(PAYER.email);
    const kept = (result.data as unknown as { kept: { what: string; why: string }[] }).kept;
    const whats = kept.map((k) => k.what).join("\n");
    expect(whats).toMatch(/Place of Baraka Payer on /);
    expect(whats).toMatch(/Proforma invoice PRO-\d{4}-\d{4}/);
    expect(whats).toMatch(/Receipt /);
    expect(whats).toMatch(/Payment of KES /);
    const invoice = kept.find((k) => k.what.startsWith("Proforma invoice"));
    expect(invoice?.why).toMatch(
      /^Tax law requires invoices, receipts and credit notes to be kept for 5 years/,
    );
    expect(
      await db().select().from(courseRegistrations).where(eq(courseRegistrations.id, payer.registrationId)),
    ).toEqual(before);
  });

  it("asks for a recent sign-in: ten minutes after it, the post goes to the step-up page and erases nothing", async () => {
    const before = await digest();
    setClock(new Date(Date.now() + 10 * 60_000));
    const result = await erase(PAYER.email);
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/admin\/step-up\?redirectTo=/);
    expect(await digest()).toBe(before);
  });

  // with the business clock moved on, the owner's sign-in is no longer recent: the erasure is called as the
  // route calls it once the owner has signed in again
  const eraseLater = async (subject: string) => {
    const parsed = readSubject(subject);
    if (!parsed.ok) throw new Error(parsed.message);
    return { data: await erasePersonalData(staff.owner.actor, parsed.subject, "The person, by e-mail") };
  };

  it("after the course date, anonymises the registration and keeps the booking's buyer for the retention period", async () => {
    setClock(new Date(`${addDays(payer.runEnd, 2)}T09:00:00+03:00`));
    const result = await eraseLater(PAYER.email);
    expect(result.data).toMatchObject({ erased: { registrationsAnonymised: 1, bookingsAnonymised: 0 } });
    const [registration] = await db()
      .select()
      .from(courseRegistrations)
      .where(eq(courseRegistrations.id, payer.registrationId));
    expect(registration).toMatchObject({
      name: "Erased participant",
      email: `erased-${payer.registrationId}@erased.invalid`,
      phone: null,
      idNumber: null,
      idNumberLast4: null,
      specialRequirements: null,
      ip: null,
    });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, payer.bookingId));
    expect(booking).toMatchObject({ contactName: PAYER.name, contactEmail: PAYER.email, ip: null });
    const kept = (result.data as unknown as { kept: { what: string; why: string }[] }).kept;
    expect(kept.map((k) => k.what)).toContain(
      `Booking ${payer.reference}: the buyer's name, organisation, KRA PIN, LPO number, e-mail and phone`,
    );
    // the documents themselves never change
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(financeDocuments)
        .where(eq(financeDocuments.bookingId, payer.bookingId)),
    ).toEqual([{ n: 2 }]);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(eq(payments.bookingId, payer.bookingId)),
    ).toEqual([{ n: 1 }]);
  });

  it("past the retention period the booking's contact goes too; the documents stay as issued, and it says so", async () => {
    await setSettingValue(db(), "financial_records_retention_years", 5, null);
    setClock(new Date(`${addDays(payer.runEnd, 6 * 366)}T09:00:00+03:00`));
    // the registration was anonymised already: the booking is found by its contact's address
    const result = await eraseLater(PAYER.email);
    expect(result.data).toMatchObject({ erased: { bookingsAnonymised: 1 } });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, payer.bookingId));
    expect(booking).toMatchObject({
      contactName: "Erased contact",
      contactPhone: null,
      organization: null,
      kraPin: null,
    });
    const kept = (result.data as unknown as { kept: { what: string; why: string }[] }).kept;
    expect(kept.find((k) => k.what.startsWith("Proforma invoice"))?.why).toMatch(
      /retention period has ended/,
    );
  });

  it("leaves no ID number of the erased participant anywhere, sealed or not", async () => {
    const rows = await db()
      .select({ idNumber: courseRegistrations.idNumber })
      .from(courseRegistrations)
      .where(inArray(courseRegistrations.id, [payer.registrationId]));
    expect(rows.every((r) => r.idNumber === null || isSealed(r.idNumber))).toBe(true);
    expect(rows[0]?.idNumber).toBeNull();
  });
});

describe("the privacy notice", () => {
  it("states the retention period the erasure applies", async () => {
    await setSettingValue(db(), "financial_records_retention_years", 7, null);
    const notice = await privacyPage.loader();
    expect(notice.retentionYears).toBe(7);
    await setSettingValue(db(), "financial_records_retention_years", 5, null);
  });
});
