import fs from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { holidaysBetween, isWeekend } from "../../app/utils/public-holidays";
import { freePort, startAppServer, tempDataDir } from "../../scripts/reliability/app-server.mjs";
import { loginAsAdmin, signUpFirstAdminOn } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { runJobsOnce } from "../helpers/job-passes";
import { extractPdfText, squash } from "../helpers/pdf-text";
import { expectScreensFit } from "../helpers/screen-fit";
import { startSmtpServer } from "../helpers/smtp";
import { addCourseDate } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";

// A server of its own, restarted on one data directory with the business clock (TEST_NOW) moved forward:
// reminders, the course days and the end of the course happen "now" without waiting for them.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const ADMIN = { email: "delivery@mafunzo.test", password: "Naivasha-Course-2026" };
const PHONE = { width: 390, height: 844 };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (isoDate: string, time: string) => `${isoDate}T${time}+03:00`;
const shift = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function firstTwoWorkingDays(from: string) {
  const off = (d: string) => isWeekend(d) || holidaysBetween("KE", d, d).length > 0;
  let start = from;
  while (off(start) || off(shift(start, 1))) start = shift(start, 1);
  return start;
}

// the course starts three weeks ahead of the real date, so every booking is made before its reminders fall due,
// on two working days in a row: a run's course days are its sessions, never a weekend or a holiday (DESIGN §9)
const START = firstTwoWorkingDays(day(21));
const END = shift(START, 1);

/** A one-page PDF as a scanner makes it, with words to find in the pack. */
async function scannedRegister() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText("Signed sheet for Kenya Ports Authority", { x: 60, y: 700, font });
  return Buffer.from(await pdf.save());
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let port: number;
let dataDir: string;
let base = "";
let runPath = "";

async function startAt(now: string) {
  await server?.stop();
  server = await startAppServer({ port, dataDir, env: { SMTP_URL: smtp.url, TEST_NOW: now } });
  base = server.url;
}

const mailsTo = (address: string, subject: RegExp) =>
  smtp.messages.filter((m) => m.to.includes(address) && subject.test(m.subject));

/**
 * Each tap saves in the background, and the page learns of another phone's marks only when it loads: a tap is
 * saved once its row says who marked it and when (until then it shows the tapped state alone).
 */
async function expectStored(page: Page, name: string, mark: "Present" | "Absent") {
  await expect(
    page.getByTestId("attendance-row").filter({ hasText: name }).getByTestId("mark-state"),
  ).toContainText(`${mark} · ${ADMIN.email},`);
}

/** Each phone loads the day again and shows every one of these buttons pressed. */
async function expectPressedAfterReload(pages: Page[], buttons: string[]) {
  for (const page of pages) {
    await page.reload();
    for (const name of buttons) {
      await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
    }
  }
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await loginAsAdmin(page, ADMIN, base);
  return page;
}

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  port = await freePort();
  dataDir = tempDataDir("delivery");
  await startAt(at(shift(START, -9), "10:00:00"));
  await signUpFirstAdminOn(base, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function bookGroup(page: Page, runId: string) {
  await asNewVisitor(page);
  await page.goto(`${base}/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Grace HR");
  await form.getByLabel("Email Address").fill("hr@kpa.example.com");
  await form.getByLabel("Organization").fill("Kenya Ports Authority");
  await form.getByText("Booking for several people?").click();
  const people = [
    ["Amina Wanjiru", "amina@example.com", "11112222"],
    ["Brian Otieno", "brian@example.com", "33334444"],
    ["Cate Cancelled", "cate@example.com", "55556666"],
  ];
  for (const _ of people) await form.getByRole("button", { name: "Add another participant" }).click();
  for (const [i, [name, email, id]] of people.entries()) {
    const row = page.getByRole("group", { name: `Participant ${i + 1}` });
    await row.getByLabel("Full name").fill(name as string);
    await row.getByLabel("Email address").fill(email as string);
    await row.getByLabel("ID or passport number (optional)").fill(id as string);
  }
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page.getByTestId("booking-confirmation")).toContainText("Registration Successful!");
}

test("instructions are sent with the booking and as reminders 7 and 1 days ahead, never to a cancelled participant", async ({
  page,
}) => {
  await loginAsAdmin(page, ADMIN, base);
  runPath = await addCourseDate(page, base, { start: START, end: END, venue: "Soysambu Conservancy, Kenya" });
  const runId = runPath.split("/runs/")[1] as string;

  await page.getByRole("link", { name: "Joining instructions" }).click();
  await page
    .getByLabel("Where to go (venue, room, directions)")
    .fill("Lake Naivasha Resort, Kilimanjaro Hall");
  await page.getByLabel("Map link").fill("https://maps.example.com/naivasha");
  await page.getByLabel("Start time on the first day").fill("08:30");
  await page.getByLabel("Daily timetable").fill("08:30 registration, 09:00 sessions, 17:00 close");
  await page.getByLabel("What to bring").fill("Laptop and national ID");
  await page.getByLabel("Contact on the day").fill("Peter Otieno");
  await page.getByLabel("Contact phone").fill("+254 700 111 222");
  await page.getByRole("button", { name: "Save instructions" }).click();
  await expect(page.getByText("Joining instructions saved")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error("no browser");
  await bookGroup(visitor, runId);
  await visitor.close();
  await smtp.waitFor(() => mailsTo("hr@kpa.example.com", /Registration received/).length > 0, 30_000);
  expect(mailsTo("hr@kpa.example.com", /Registration received/)[0]?.text).toContain("Kilimanjaro Hall");

  await page.goto(`${base}${runPath}`);
  await page.getByRole("button", { name: "Cancel Cate Cancelled" }).click();
  await expect(page.getByText("Cate Cancelled is cancelled")).toBeVisible();
  expect(mailsTo("amina@example.com", /Reminder/)).toHaveLength(0);

  // a week before: the server (restarted, as after any deploy) finds the reminder due
  await startAt(at(shift(START, -7), "08:05:00"));
  await smtp.waitFor(
    () => ["amina", "brian"].every((p) => mailsTo(`${p}@example.com`, /starts in 7 days/).length > 0),
    30_000,
  );
  expect(mailsTo("amina@example.com", /starts in 7 days/)[0]?.text).toContain(
    "Peter Otieno, +254 700 111 222",
  );
  await startAt(at(shift(START, -1), "08:05:00"));
  await smtp.waitFor(
    () => ["amina", "brian"].every((p) => mailsTo(`${p}@example.com`, /starts tomorrow/).length > 0),
    30_000,
  );
  // every job looks once more (the delivery sweep, then the outbox): no third reminder, none for Cate
  await runJobsOnce(base);
  for (const person of ["amina", "brian"])
    expect(mailsTo(`${person}@example.com`, /^Reminder/)).toHaveLength(2);
  expect(mailsTo("cate@example.com", /^Reminder/)).toHaveLength(0);
});

test("two phones mark attendance at once; certificates go only to those over 80 %; verify, then revoke", async ({
  browser,
}) => {
  // after the last session: both days can be marked, and the certificates are due (decision 0681)
  await startAt(at(END, "17:05:00"));
  const [one, two] = [await phonePage(browser), await phonePage(browser)];
  for (const page of [one, two]) await page.goto(`${base}${runPath}/attendance?day=${START}`);
  await expect(one.getByRole("heading", { level: 1 })).toContainText("Attendance");
  await expect(one.getByTestId("attendance-row")).toHaveCount(2);
  await Promise.all([
    one.getByRole("button", { name: "Present Amina Wanjiru" }).click(),
    two.getByRole("button", { name: "Present Brian Otieno" }).click(),
  ]);
  await Promise.all([
    expectStored(one, "Amina Wanjiru", "Present"),
    expectStored(two, "Brian Otieno", "Present"),
  ]);
  await expectPressedAfterReload([one, two], ["Present Amina Wanjiru", "Present Brian Otieno"]);
  await expectNoSeriousA11yViolations(one);
  for (const page of [one, two]) {
    await page.getByRole("link", { name: /^Day 2/ }).click();
    await expect(page.getByRole("link", { name: /^Day 2/ })).toHaveAttribute("aria-current", "page");
  }
  await Promise.all([
    one.getByRole("button", { name: "Present Amina Wanjiru" }).click(),
    two.getByRole("button", { name: "Absent Brian Otieno" }).click(),
  ]);
  await Promise.all([
    expectStored(one, "Amina Wanjiru", "Present"),
    expectStored(two, "Brian Otieno", "Absent"),
  ]);
  await expectPressedAfterReload([one, two], ["Present Amina Wanjiru", "Absent Brian Otieno"]);
  const sheet = await one.request.get(`${base}${runPath}/sign-in-sheet.pdf`);
  const sheetText = squash(extractPdfText(Buffer.from(await sheet.body())));
  expect(sheetText).toContain(squash("Amina Wanjiru Kenya Ports Authority"));
  // the sheet shows ID numbers masked to their last four characters (decision 0637)
  expect(sheetText).toContain("2222");
  expect(sheetText).not.toContain("11112222");
  await two.context().close();

  await one.goto(`${base}${runPath}/certificates`);
  await one.getByRole("button", { name: /Issue certificates/ }).click();
  await expect(one.getByText("1 certificate(s) issued and e-mailed.")).toBeVisible();
  const amina = one.getByTestId("certificate-row").filter({ hasText: "Amina Wanjiru" });
  const code = (await amina.getByTestId("certificate-code").textContent()) as string;
  await expect(one.getByTestId("certificate-row").filter({ hasText: "Brian Otieno" })).toContainText(
    "Below 80%",
  );
  await expectNoSeriousA11yViolations(one);
  await smtp.waitFor(() => mailsTo("amina@example.com", /Your certificate/).length > 0, 30_000);
  expect(mailsTo("amina@example.com", /Your certificate/)[0]?.raw).toContain(`certificate-${code}.pdf`);
  expect(mailsTo("brian@example.com", /Your certificate/)).toHaveLength(0);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${base}/verify/${code}`);
  await expect(visitor.getByRole("status")).toContainText("Genuine");
  await expect(visitor.getByTestId("verify-name")).toHaveText("Amina Wanjiru");
  await expectNoSeriousA11yViolations(visitor);
  await expectNoSeriousA11yViolations(visitor);
  const fake = await visitor.goto(`${base}/verify/ABCD-EFGH-JKMN-PQRS`);
  expect(fake?.status()).toBe(404);
  await expect(visitor.getByRole("status")).toContainText("No certificate has this code");
  await expectScreensFit(visitor, [`${base}/verify/${code}`, `${base}/verify/ABCD-EFGH-JKMN-PQRS`]);

  await amina.getByText("Revoke this certificate…").click();
  await amina
    .getByLabel("Reason to revoke Amina Wanjiru's certificate")
    .fill("Issued before the final assessment");
  await amina.getByRole("button", { name: "Revoke" }).click();
  await expect(one.getByText(`Certificate ${code} of Amina Wanjiru revoked.`)).toBeVisible();
  await visitor.goto(`${base}/verify/${code}`);
  await expect(visitor.getByRole("status")).toContainText("revoked");
  await expectScreensFit(visitor, [`${base}/verify/${code}`]);
  await visitor.close();
});

test("after the course: feedback, a published testimonial, and the NITA pack", async ({ page, browser }) => {
  await startAt(at(END, "17:30:00"));
  await smtp.waitFor(() => mailsTo("amina@example.com", /feedback/i).length > 0, 30_000);
  const link = /http\S+\/feedback\/[\w-]+/.exec(
    mailsTo("amina@example.com", /feedback/i)[0]?.text ?? "",
  )?.[0] as string;
  const path = new URL(link).pathname;
  const visitor = await (await browser.newContext()).newPage();
  await expectScreensFit(visitor, [`${base}/feedback/no-such-link-0123456789`, `${base}${path}`]);
  await expectNoSeriousA11yViolations(visitor);
  await visitor
    .getByRole("group", { name: /The course overall/ })
    .getByLabel("5")
    .check();
  await visitor
    .getByRole("group", { name: /The facilitator/ })
    .getByLabel("4")
    .check();
  await visitor
    .getByLabel("What was most useful?")
    .fill("The balanced scorecard clinic changed how we plan.");
  await visitor.getByLabel("What should we improve?").fill("More case studies");
  await visitor.getByLabel(/You may quote/).check();
  await visitor.getByLabel("Name to quote").fill("Amina W.");
  await visitor.getByLabel("Position and organisation").fill("Planning Officer, KPA");
  await visitor.getByRole("button", { name: "Send feedback" }).click();
  await expect(visitor.getByRole("status")).toContainText("Your feedback has been received");
  await visitor.goto(`${base}${path}`);
  await expect(visitor.getByRole("status")).toContainText("already been used");
  await expectScreensFit(visitor, [`${base}${path}`]);

  await loginAsAdmin(page, ADMIN, base);
  await page.goto(`${base}${runPath}/feedback`);
  await expect(page.getByText("5 / 5")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Make testimonial draft from Amina Wanjiru" }).click();
  await expect(page.getByText("Testimonial draft created")).toBeVisible();
  await page.goto(`${base}/admin/testimonials`);
  const card = page.getByTestId("testimonial-card").filter({ hasText: "Amina W." });
  await expect(card).toContainText("inactive");
  await card.getByRole("link", { name: "Edit Amina W." }).click();
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: /Save|Update/ }).click();
  await expect(page.getByText("Testimonial updated successfully")).toBeVisible();
  await visitor.goto(`${base}/testimonials`);
  await expect(visitor.getByText("The balanced scorecard clinic changed how we plan.")).toBeVisible();
  await visitor.close();

  await page.goto(`${base}${runPath}/feedback`);
  await page.getByRole("link", { name: "NITA pack" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /NITA claim pack/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // the office scans the register the participants signed and uploads it; a wrong file is refused first
  const signed = page.getByRole("region", { name: "Signed attendance register" });
  await expect(signed).toContainText("Not uploaded yet");
  await signed.getByLabel("Scan of the signed register").setInputFiles({
    name: "register.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("not a scan"),
  });
  await signed.getByRole("button", { name: "Upload signed register" }).click();
  await expect(signed.getByText("must be a PDF, a JPG or a PNG")).toBeVisible();
  await signed.getByLabel("Scan of the signed register").setInputFiles({
    name: "signed-register.pdf",
    mimeType: "application/pdf",
    buffer: await scannedRegister(),
  });
  await signed.getByRole("button", { name: "Upload signed register" }).click();
  await expect(page.getByText("Signed register uploaded")).toBeVisible();
  await expect(signed).toContainText("Current scan: signed-register.pdf");
  await expect(signed.getByRole("button", { name: "Replace signed register" })).toBeVisible();
  await expectScreensFit(page, [`${base}${runPath}/nita`]);
  const pdfHref = (await page
    .getByRole("link", { name: /PDF pack for Kenya Ports Authority/ })
    .getAttribute("href")) as string;
  const pack = await page.request.get(`${base}${pdfHref}`);
  expect(pack.headers()["content-type"]).toBe("application/pdf");
  const text = squash(extractPdfText(Buffer.from(await pack.body())));
  for (const part of [
    "Contents",
    "Participants and ID numbers",
    "Amina Wanjiru 11112222",
    "Brian Otieno 33334444",
    "Course outline and timetable",
    "08:30 registration",
    "No proforma invoice has been issued for this booking yet.",
    "Attendance register",
    "Signed attendance register scanned copy uploaded",
    "Signed sheet for Kenya Ports Authority",
  ]) {
    expect(text).toContain(squash(part));
  }
  // the register's row: who, their organisation and ID, the day's marks, the rate
  expect(text).toMatch(/brianotienokenyaportsauthority33334444[pa]*50/);
  expect(text).not.toContain("55556666");
  const zipHref = (await page
    .getByRole("link", { name: /ZIP pack for Kenya Ports Authority/ })
    .getAttribute("href")) as string;
  const zip = await page.request.get(`${base}${zipHref}`);
  expect(zip.headers()["content-type"]).toBe("application/zip");
});

test("a delivered course date is kept as it is: no Delete, no Cancel, its certificates still verify", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, ADMIN, base);
  // Brian is marked present on day 2 after all, and gets his certificate
  await page.goto(`${base}${runPath}/attendance`);
  await page.getByRole("link", { name: /^Day 2/ }).click();
  await page.getByRole("button", { name: "Present Brian Otieno" }).click();
  await expectStored(page, "Brian Otieno", "Present");
  await page.goto(`${base}${runPath}/certificates`);
  await page.getByRole("button", { name: /Issue certificates/ }).click();
  await expect(page.getByText("1 certificate(s) issued and e-mailed.")).toBeVisible();
  const brian = page.getByTestId("certificate-row").filter({ hasText: "Brian Otieno" });
  const code = (await brian.getByTestId("certificate-code").textContent()) as string;
  const revoked = (await page
    .getByTestId("certificate-row")
    .filter({ hasText: "Amina Wanjiru" })
    .getByTestId("certificate-code")
    .textContent()) as string;

  // the course page says why this date is kept before anyone tries, and offers neither Delete nor Cancel
  const runId = runPath.split("/runs/")[1] as string;
  await page.goto(`${base}${runPath.split("/runs/")[0]}`);
  const run = page.locator(`#course-date-${runId}`);
  await expect(run.getByTestId("run-kept-because")).toContainText(
    "This course date has 1 booking and issued certificates: it took place, so it stays on record as it is.",
  );
  await expect(run.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expect(run.getByRole("link", { name: /^Cancel it on its page/ })).toHaveCount(0);
  await run.getByRole("link", { name: /^Participants/ }).click();
  const section = page.getByRole("region", { name: "This course date took place" });
  await expect(section).toContainText("its attendance, certificates and documents stay as issued");
  await expect(section.getByRole("button")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // both certificates are still what they were: Brian's genuine, Amina's revoked (not "unknown")
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${base}/verify/${code}`);
  await expect(visitor.getByRole("status")).toContainText("Genuine");
  await expect(visitor.getByTestId("verify-name")).toHaveText("Brian Otieno");
  await visitor.goto(`${base}/verify/${revoked}`);
  await expect(visitor.getByRole("status")).toContainText("revoked");
  await visitor.close();
});

test("a booked course date still ahead is cancelled, not deleted, and everyone on it is told", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, ADMIN, base);
  const laterPath = await addCourseDate(page, base, {
    start: shift(START, 60),
    end: shift(START, 62),
    venue: "Elementaita Lodge, Kenya",
  });
  const visitor = await browser.newPage();
  await bookGroup(visitor, laterPath.split("/runs/")[1] as string);
  await visitor.close();
  const before = (to: string) => mailsTo(to, /^Cancelled: /).length;
  const told = ["amina@example.com", "brian@example.com", "cate@example.com", "hr@kpa.example.com"];
  const counts = told.map(before);

  await page.goto(`${base}${laterPath.split("/runs/")[0]}`);
  const row = page.getByTestId("course-run").filter({ hasText: "Elementaita Lodge, Kenya" });
  await expect(row.getByTestId("run-kept-because")).toContainText(
    "This course date has 1 booking: cancel it instead.",
  );
  await expect(row.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await row.getByRole("link", { name: /^Cancel it on its page/ }).click();
  await page.waitForURL(new RegExp(`${laterPath}#cancel-run$`));
  const section = page.getByRole("region", { name: "Cancel this course date" });
  await expect(section).toContainText("Cancelling tells every participant and booking contact by e-mail");
  page.once("dialog", (dialog) => dialog.accept());
  await section.getByRole("button", { name: "Cancel this course date" }).click();
  await expect(
    page.getByText("Course date cancelled: 3 participants cancelled, 4 people told by e-mail."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "This course date is cancelled" })).toBeVisible();
  await smtp.waitFor(() => told.every((to, i) => before(to) === (counts[i] ?? 0) + 1), 30_000);
  await expectScreensFit(page, [`${base}${laterPath}`]);
});
