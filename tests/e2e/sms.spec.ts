import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { freePort, startAppServer, tempDataDir } from "../../scripts/reliability/app-server.mjs";
import { loginAsAdmin, signUpFirstAdminOn } from "../helpers/admin";
import {
  type AfricasTalkingStandIn,
  AT_ACCOUNT,
  startAfricasTalkingStandIn,
} from "../helpers/africas-talking";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { runJobsOnce } from "../helpers/job-passes";
import { startSmtpServer } from "../helpers/smtp";
import { addCourseDate } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { openChannelSettings, PHONE, shift, tickOnPhone, workingDay } from "./phone-channels";

// A participant who ticked SMS on the booking form (on a phone) gets the reminder the day before by SMS, its
// delivery report marks it delivered on the booking's page, they reply STOP, and the next reminder goes by e-mail
// only. A server of its own, restarted with the business clock (TEST_NOW) moved to each reminder's morning, with
// SMTP and Africa's Talking stand-ins (decisions 0765-0768).
test.describe.configure({ mode: "serial", timeout: 240_000 });

const ADMIN = { email: "sms@mafunzo.test", password: "Naivasha-Course-2026" };
const PARTICIPANT = { name: "Wanjiku Muthoni", email: "wanjiku.sms@example.com", phone: "0712 345 091" };
const NUMBER = "+254712345091";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (isoDate: string, time: string) => `${isoDate}T${time}+03:00`;

// two one-day runs three weeks ahead, on working days, so both bookings come before their reminders fall due
const FIRST = workingDay(day(21));
const SECOND = workingDay(shift(FIRST, 1));

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let at_: AfricasTalkingStandIn;
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let port: number;
let dataDir: string;
let base = "";
const references: string[] = [];
const callbacks = { delivery: "", incoming: "" };

async function startAt(now: string) {
  await server?.stop();
  server = await startAppServer({
    port,
    dataDir,
    env: { SMTP_URL: smtp.url, AFRICASTALKING_URL: at_.url, TEST_NOW: now, TEST_JOB_PASSES: "on" },
  });
  base = server.url;
}

const textsTo = (number: string) => at_.messages.filter((m) => m.to === number);

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  at_ = await startAfricasTalkingStandIn();
  port = await freePort();
  dataDir = tempDataDir("sms");
  await startAt(at(shift(FIRST, -9), "10:00:00"));
  await signUpFirstAdminOn(base, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.close(), at_?.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The participant books the run on a phone, ticking SMS; the booking's reference. */
async function bookOnPhone(page: Page, runId: string, { checkLayout = false } = {}) {
  await asNewVisitor(page);
  await page.goto(`${base}/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(PARTICIPANT.name);
  await form.getByLabel("Email Address").fill(PARTICIPANT.email);
  await form.getByLabel("Phone Number").fill(PARTICIPANT.phone);
  const consent = form.getByLabel("Also send me SMS about this booking at this number");
  if (!checkLayout) await consent.check();
  else {
    await tickOnPhone(page, consent);
    await expect(form.getByText("Reminders, payments and certificates only, never marketing.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page.getByTestId("booking-confirmation")).toContainText("Registration Successful!");
  return (await page.getByTestId("registration-reference").textContent())?.trim() ?? "";
}

async function openBooking(page: Page, reference: string) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Bookings" }).click();
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${reference}` })).toBeVisible();
}

test("the owner sets up SMS; a participant ticks SMS on the booking form at 390 px", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, ADMIN, base);
  const sms = await openChannelSettings(page, "sms");
  await sms.getByLabel("Username").fill(AT_ACCOUNT.username);
  await sms.getByLabel("Sender ID (optional)").fill(AT_ACCOUNT.senderId);
  await sms.getByLabel("API key").fill(AT_ACCOUNT.apiKey);
  await sms.getByRole("button", { name: "Save SMS settings" }).click();
  await expect(page.getByText("SMS settings saved")).toBeVisible();
  await expect(sms.getByTestId("sms-state")).toHaveText("Set");
  // the addresses to register with Africa's Talking, posted to as it would (to this test's server)
  const path = async (label: string) => new URL(await sms.getByLabel(label).inputValue()).pathname;
  callbacks.delivery = await path("Delivery reports");
  callbacks.incoming = await path("Incoming messages (STOP replies)");
  expect(callbacks.delivery).toMatch(/^\/api\/sms\/[A-Za-z0-9_-]{32}\/delivery$/);
  await expectNoSeriousA11yViolations(page);

  const runIds: string[] = [];
  for (const [start, venue] of [
    [FIRST, "Sarova Stanley, Nairobi"],
    [SECOND, "Lake Naivasha Resort"],
  ] as const) {
    const path = await addCourseDate(page, base, { start, venue });
    runIds.push(path.split("/runs/")[1] as string);
  }
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  references.push(await bookOnPhone(phone, runIds[0] as string, { checkLayout: true }));
  references.push(await bookOnPhone(phone, runIds[1] as string));
  await context.close();

  // booked: the joining-instructions link by SMS, once for each booking
  await expect
    .poll(async () => {
      await runJobsOnce(base);
      return textsTo(NUMBER).length;
    })
    .toBe(2);
  expect(textsTo(NUMBER).every((m) => /^Booked: .*Joining instructions/.test(m.message))).toBe(true);
});

test("the day before: the reminder by SMS, delivered; STOP; the next day's reminder by e-mail only", async ({
  page,
}) => {
  await startAt(at(shift(FIRST, -1), "08:05:00"));
  await expect
    .poll(async () => {
      await runJobsOnce(base);
      return textsTo(NUMBER).filter((m) => m.message.includes("starts tomorrow")).length;
    })
    .toBe(1);
  const [reminder] = textsTo(NUMBER).filter((m) => m.message.includes("starts tomorrow"));
  expect(reminder?.message).toContain("Sarova Stanley, Nairobi");
  expect(reminder?.from).toBe(AT_ACCOUNT.senderId);
  expect(await at_.deliveryReport(`${base}${callbacks.delivery}`, reminder as never, "Success")).toEqual({
    status: 200,
    text: "OK",
  });

  await loginAsAdmin(page, ADMIN, base);
  await openBooking(page, references[0] as string);
  const log = page.getByTestId("booking-sms");
  await expect(log.filter({ hasText: "starts tomorrow" })).toContainText("delivered");
  await expect(log.filter({ hasText: "Joining instructions" })).toContainText("sent");
  await expect(page.getByTestId("booking-email").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the participant replies STOP: the number is off the list at once
  expect(await at_.incoming(`${base}${callbacks.incoming}`, NUMBER, "STOP")).toEqual({
    status: 200,
    text: "OK",
  });

  await startAt(at(shift(SECOND, -1), "08:05:00"));
  await expect
    .poll(async () => {
      await runJobsOnce(base);
      return smtp.messages.filter(
        (m) => m.to.includes(PARTICIPANT.email) && /starts tomorrow/.test(m.subject),
      ).length;
    })
    .toBe(2);
  await runJobsOnce(base);
  expect(textsTo(NUMBER).filter((m) => m.message.includes("starts tomorrow"))).toHaveLength(1);

  // a day later the office's session may still be open: signed in afresh all the same
  await page.context().clearCookies();
  await loginAsAdmin(page, ADMIN, base);
  await openBooking(page, references[1] as string);
  await expect(page.getByTestId("booking-sms").filter({ hasText: "starts tomorrow" })).toContainText(
    "not sent",
  );
  await expect(page.getByText("The number opted out of SMS.")).toBeVisible();
  await expect(page.getByText("No: the number said STOP")).toBeVisible();
});
