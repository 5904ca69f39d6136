import { and, desc, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { cancelParticipant } from "#app/bookings/index.server";
import { findDeliveryRun, gatherNitaPack, issueCertificates, nitaPackPdf } from "#app/delivery/index.server";
import { attendanceMarks, certificates, courseFeedback } from "#app/delivery/tables.server";
import { sendFeedbackRequests } from "#app/delivery/testing.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox, whatsappOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as feedbackPage from "#app/routes/delivery/public/feedback";
import * as verifyPage from "#app/routes/delivery/public/verify";
import * as attendancePage from "#app/routes/delivery/run-attendance";
import * as certificatesPage from "#app/routes/delivery/run-certificates";
import * as feedbackAdmin from "#app/routes/delivery/run-feedback";
import * as nitaPackRoute from "#app/routes/delivery/run-nita-pack";
import { testimonials } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { useTempDiskStorage } from "../helpers/admin-actions";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";
import { afterRun, book, newRun, writeTimetable } from "../helpers/delivery";
import { extractPdfText, squash } from "../helpers/pdf-text";
import { registrationStatus } from "../helpers/submission-rows";

let store: ReturnType<typeof useTempDiskStorage>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let run: Awaited<ReturnType<typeof newRun>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  store = useTempDiskStorage();
  admin = await signedInAdmin();
  run = await newRun({ inDays: 3, days: 2 });
  await book(
    run.id,
    [
      { name: "Wanjiku Full", email: "wanjiku@example.com", idNumber: "12345678" },
      { name: "Otieno Half", email: "otieno@example.com", idNumber: "23456789" },
      { name: "Chebet Gone", email: "chebet@example.com", idNumber: "34567890" },
    ],
    "Kenya Power",
  );
  const rows = await db()
    .select({ id: courseRegistrations.id, email: courseRegistrations.email })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  for (const row of rows) ids[row.email.split("@")[0] as string] = row.id;
  await cancelParticipant(admin.actor, run.id, ids.chebet as string);
});
afterAll(() => store.remove());
// the register is kept, and certificates issued, once the course is over (decision 0681)
beforeEach(() => afterRun(run));
afterEach(() => setClock(null));

const base = () => `/admin/courses/${run.courseId}/runs/${run.id}`;
const params = () => ({ courseId: run.courseId, runId: run.id });
const day2 = () => new Date(`${run.startDate}T00:00:00Z`).getTime() + 86_400_000;
const secondDay = () => new Date(day2()).toISOString().slice(0, 10);

function mark(id: string, day: string, present: boolean) {
  return answer(() =>
    attendancePage.action(
      admin.args(`${base()}/attendance`, { form: { id, day, present: String(present) } }, params()) as never,
    ),
  );
}

test("attendance: each tap writes its own cell; a cancelled participant or a day outside the run changes nothing", async () => {
  // two staff at once on different participants, and the same one re-marked: last write wins
  const results = await Promise.all([
    mark(ids.wanjiku as string, run.startDate, true),
    mark(ids.otieno as string, run.startDate, false),
  ]);
  expect(results.map((r) => r.status)).toEqual([200, 200]);
  expect((await mark(ids.otieno as string, run.startDate, true)).status).toBe(200);
  expect((await mark(ids.wanjiku as string, secondDay(), true)).status).toBe(200);
  expect((await mark(ids.otieno as string, secondDay(), false)).status).toBe(200);

  const cancelled = await mark(ids.chebet as string, run.startDate, true);
  expect(cancelled.status).toBe(409);
  expect(cancelled.data?.message).toBe(
    "Chebet Gone is cancelled: attendance is only kept for booked participants.",
  );
  const outside = await mark(ids.wanjiku as string, "2020-01-01", true);
  expect(outside.status).toBe(400);
  expect(outside.data?.message).toBe("That day is not a session of this course date.");

  const marks = await db()
    .select({
      id: attendanceMarks.registrationId,
      day: attendanceMarks.day,
      present: attendanceMarks.present,
      by: attendanceMarks.markedByEmail,
    })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.runId, run.id));
  expect(marks).toHaveLength(4);
  expect(marks.find((m) => m.id === ids.otieno && m.day === run.startDate)).toMatchObject({
    present: true,
    by: admin.user.email,
  });
  expect(marks.some((m) => m.id === ids.chebet)).toBe(false);
});

test("attended follows from the register: reaching the threshold makes it, falling below undoes it", async () => {
  // after the test above, Wanjiku is present on both days (100 %) and Otieno on one of two (50 %)
  expect(await registrationStatus(ids.wanjiku as string)).toBe("attended");
  expect(await registrationStatus(ids.otieno as string)).not.toBe("attended");
  expect((await mark(ids.wanjiku as string, secondDay(), false)).status).toBe(200);
  // below the threshold again: what the ledger says (nothing paid yet), and she had come: confirmed
  expect(await registrationStatus(ids.wanjiku as string)).toBe("confirmed");
  expect((await mark(ids.wanjiku as string, secondDay(), true)).status).toBe(200);
  expect(await registrationStatus(ids.wanjiku as string)).toBe("attended");
  const [audit] = await db()
    .select()
    .from(adminAuditLogs)
    .where(
      and(
        eq(adminAuditLogs.recordId, ids.wanjiku as string),
        eq(adminAuditLogs.action, "Updated registration status: attended"),
      ),
    )
    .orderBy(desc(adminAuditLogs.createdAt))
    .limit(1);
  expect(audit?.newValues).toMatchObject({ status: "attended", present_days: 2, course_days: 2 });
});

test("certificates: only those over the threshold, once; verify says genuine, then revoked; a made-up code reveals nothing", async () => {
  // Wanjiku agreed to WhatsApp at her number (decision 0772): the certificate's template goes there too
  await db()
    .update(courseRegistrations)
    .set({ phone: "0712 000 791", whatsappConsentAt: new Date() })
    .where(eq(courseRegistrations.id, ids.wanjiku as string));
  const issued = await answer(() =>
    certificatesPage.action(
      admin.args(`${base()}/certificates`, { form: { intent: "issue" } }, params()) as never,
    ),
  );
  expect(issued.status).toBe(200);
  const rows = await db().select().from(certificates).where(eq(certificates.runId, run.id));
  expect(rows.map((r) => r.recipientName)).toEqual(["Wanjiku Full"]);
  const cert = rows[0] as (typeof rows)[number];
  expect(cert.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  const [mail] = await db()
    .select({ to: emailOutbox.toAddress, attachments: emailOutbox.attachments })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "certificate"), eq(emailOutbox.relatedId, cert.id)));
  expect(mail?.to).toBe("wanjiku@example.com");
  const [ready] = await db()
    .select()
    .from(whatsappOutbox)
    .where(
      and(
        eq(whatsappOutbox.moment, "certificate_ready"),
        eq(whatsappOutbox.relatedId, ids.wanjiku as string),
      ),
    );
  expect(ready?.toNumber).toBe("+254712000791");
  expect(ready?.variables[1]).toContain(cert.code);
  expect(mail?.attachments).toEqual([
    { filename: `certificate-${cert.code}.pdf`, contentType: "application/pdf", storageKey: cert.storageKey },
  ]);
  const pdf = squash(
    extractPdfText(Buffer.from((await import("node:fs")).readFileSync(`${store.root}/${cert.storageKey}`))),
  );
  for (const text of [
    "Certificate of Attendance",
    "Wanjiku Full",
    "Strategic Planning",
    cert.code,
    "Esther Achieng Oduor",
    "14 hours",
  ]) {
    expect(pdf).toContain(squash(text));
  }
  // a second press issues nothing new
  const again = await issueCertificates(admin.actor, (await findDeliveryRun(run.id)) as never);
  expect(again).toMatchObject({ ok: true, issued: 0 });

  const verify = (code: string, ip = "198.51.100.20") =>
    answer(() => verifyPage.loader(routeArgs(`/verify/${code}`, { ip }, { code }) as never));
  const genuine = await verify(cert.code.toLowerCase());
  expect(genuine.status).toBe(200);
  expect(genuine.data).toMatchObject({
    result: { state: "genuine", recipientName: "Wanjiku Full", code: cert.code },
  });
  expect(JSON.stringify(genuine.data)).not.toContain("wanjiku@example.com");
  expect(JSON.stringify(genuine.data)).not.toContain("12345678");

  const revoke = await answer(() =>
    certificatesPage.action(
      admin.args(
        `${base()}/certificates`,
        { form: { intent: "revoke", id: cert.id, reason: "Issued in error" } },
        params(),
      ) as never,
    ),
  );
  expect(revoke.status).toBe(200);
  expect((await verify(cert.code)).data).toMatchObject({ result: { state: "revoked" } });
  const [audit] = await db()
    .select({ action: adminAuditLogs.action, newValues: adminAuditLogs.newValues })
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.recordId, cert.id))
    .orderBy(desc(adminAuditLogs.createdAt))
    .limit(1);
  expect(audit).toMatchObject({ action: "Revoked certificate", newValues: { reason: "Issued in error" } });

  const unknown = await verify("ZZZZ-ZZZZ-ZZZZ-ZZZZ");
  expect(unknown.status).toBe(404);
  expect(unknown.data).toEqual({ result: { state: "unknown" } });
  // guessing is cut off per address
  let last = 0;
  for (let i = 0; i < 21; i++) last = (await verify("AAAA-AAAA-AAAA-AAAA", "198.51.100.99")).status;
  expect(last).toBe(429);
});

test("feedback: a link per attendee after the run; one use; a consented answer becomes an inactive testimonial draft", async () => {
  setClock(null);
  expect(await sendFeedbackRequests()).toBe(0);
  setClock(new Date(`${secondDay()}T17:05:00+03:00`));
  expect(await sendFeedbackRequests()).toBe(2);
  expect(await sendFeedbackRequests()).toBe(0);
  const [mail] = await db()
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "feedback_request"), eq(emailOutbox.toAddress, "wanjiku@example.com")));
  const token = /\/feedback\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] as string;
  const post = (form: Record<string, string>, t = token) =>
    answer(() => feedbackPage.action(routeArgs(`/feedback/${t}`, { form }, { token: t }) as never));
  const answers = {
    courseRating: "5",
    facilitatorRating: "4",
    mostUseful: "The balanced scorecard workshop",
    improve: "Longer breaks",
    consentToQuote: "on",
    quoteName: "Wanjiku M.",
    quotePosition: "HR Manager, Kenya Power",
  };
  expect((await post(answers)).data).toMatchObject({ thanked: true });
  const used = await post({ ...answers, courseRating: "1" });
  expect(used.status).toBe(410);
  expect(used.data).toMatchObject({ thanked: false, link: { state: "used" } });
  const [stored] = await db()
    .select()
    .from(courseFeedback)
    .where(eq(courseFeedback.registrationId, ids.wanjiku as string));
  expect(stored).toMatchObject({ courseRating: 5, facilitatorRating: 4, consentToQuote: true });
  expect((await post(answers, "made-up-token")).status).toBe(404);

  const draft = () =>
    answer(() =>
      feedbackAdmin.action(
        admin.args(
          `${base()}/feedback`,
          { form: { intent: "testimonial", id: stored?.id as string } },
          params(),
        ) as never,
      ),
    );
  expect((await draft()).status).toBe(200);
  expect((await draft()).status).toBe(409);
  const [testimonial] = await db()
    .select()
    .from(testimonials)
    .where(
      sql`${testimonials.id} = ${
        (
          await db()
            .select({ t: courseFeedback.testimonialId })
            .from(courseFeedback)
            .where(eq(courseFeedback.id, stored?.id as string))
        )[0]?.t
      }`,
    );
  expect(testimonial).toMatchObject({
    name: "Wanjiku M.",
    position: "HR Manager, Kenya Power",
    status: "inactive",
    content: "The balanced scorecard workshop",
  });
});

test("NITA pack: one PDF with contents, participants with ID numbers, register, certificates and what is missing of the invoice stated; a ZIP of the files", async () => {
  const deliveryRun = (await findDeliveryRun(run.id)) as NonNullable<
    Awaited<ReturnType<typeof findDeliveryRun>>
  >;
  expect(await gatherNitaPack(deliveryRun, "Nobody Ltd")).toBeNull();
  // without the daily timetable NITA would send the claim back: the pack is refused, saying what is missing
  const unready = await gatherNitaPack(deliveryRun, "Kenya Power");
  expect(unready?.gaps.map((gap) => gap.label)).toEqual([
    "the daily timetable (in the joining instructions)",
  ]);
  const refused = (await nitaPackRoute.loader(
    admin.args(
      `${base()}/nita-pack/pack.pdf?org=Kenya+Power`,
      {},
      { ...params(), file: "pack.pdf" },
    ) as never,
  )) as Response;
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain("Missing: the daily timetable");
  await writeTimetable(run.id);
  await setSettingValue(db(), "nita_provider_number", "NITA/TP/0042", null);
  await db()
    .update(bookings)
    .set({ nitaLevyNumber: "LEVY-778899" })
    .where(eq(bookings.organization, "Kenya Power"));
  const gathered = await gatherNitaPack(deliveryRun, "Kenya Power");
  if (!gathered) throw new Error("no pack");
  expect(gathered.gaps).toEqual([]);
  const raw = extractPdfText(Buffer.from(await nitaPackPdf(gathered)));
  const text = squash(raw);
  // numbered across the whole pack, never "Page 1 of 1" on a part of it
  const pages = [...raw.matchAll(/Page (\d+) of (\d+)/g)];
  expect(pages.length).toBeGreaterThan(3);
  expect(pages.map((p) => Number(p[1]))).toEqual(pages.map((_, i) => i + 1));
  expect(new Set(pages.map((p) => p[2]))).toEqual(new Set([String(pages.length)]));
  for (const part of [
    "Contents",
    "Participants and ID numbers",
    "12345678",
    "23456789",
    "Course outline and timetable",
    "No proforma invoice has been issued for this booking yet.",
    "Attendance register",
    "Otieno Half Kenya Power 23456789 P A 50%",
    // the cover: who trains, who claims, and that it is not paid
    "Provider NITA registration no. NITA/TP/0042",
    "Employer NITA levy no. LEVY-778899",
    "NOT PAID IN FULL",
    // the dated timetable
    "Day 1",
    "08:30 registration",
  ]) {
    expect(text).toContain(squash(part));
  }
  expect(text).not.toContain(squash("34567890"));
  // the ZIP as the back office downloads it
  const response = (await nitaPackRoute.loader(
    admin.args(
      `${base()}/nita-pack/pack.zip?org=Kenya+Power`,
      {},
      { ...params(), file: "pack.zip" },
    ) as never,
  )) as Response;
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  expect(Object.keys(files)).toEqual([
    "1-participants.pdf",
    "2-course-outline-and-timetable.pdf",
    "3-invoice-and-receipts.pdf",
    "4-attendance-register.pdf",
  ]);
  expect(squash(extractPdfText(Buffer.from(files["1-participants.pdf"] as Uint8Array)))).toContain(
    "12345678",
  );
});
