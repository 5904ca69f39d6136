import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { freePort, startAppServer, tempDataDir } from "../../scripts/reliability/app-server.mjs";
import { loginAsAdmin, signUpFirstAdminOn } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { runJobsOnce } from "../helpers/job-passes";
import { startSmtpServer } from "../helpers/smtp";
import { startWhatsAppStandIn, WA_ACCOUNT, type WhatsAppStandIn } from "../helpers/whatsapp-cloud";
import { addCourseDate } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { openChannelSettings, PHONE, tickOnPhone, workingDay } from "./phone-channels";

// The owner sets up WhatsApp (the number, its token and app secret, the approved template per moment); a contact
// ticks WhatsApp on the booking form on a phone; the joining instructions go as the approved template through the
// Cloud API stand-in, Meta's signed status marks them delivered, and the booking's message log shows it
// (decisions 0769-0772). A server of its own, with SMTP and WhatsApp stand-ins.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const ADMIN = { email: "whatsapp@mafunzo.test", password: "Naivasha-Course-2026" };
const CONTACT = { name: "Achieng Odhiambo", email: "achieng.wa@example.com", phone: "0712 345 881" };
const WA_ID = "254712345881";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let wa: WhatsAppStandIn;
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let dataDir: string;
let base = "";

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  wa = await startWhatsAppStandIn();
  dataDir = tempDataDir("whatsapp");
  server = await startAppServer({
    port: await freePort(),
    dataDir,
    env: { SMTP_URL: smtp.url, WHATSAPP_GRAPH_URL: wa.url, TEST_JOB_PASSES: "on" },
  });
  base = server.url;
  await signUpFirstAdminOn(base, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.close(), wa?.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("WhatsApp consent on the booking form at 390 px; the message delivered and shown in the message log", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, ADMIN, base);
  const settings = await openChannelSettings(page, "whatsapp");
  await settings.getByLabel("Phone number ID").fill(WA_ACCOUNT.phoneNumberId);
  await settings.getByLabel("Graph API version").fill(WA_ACCOUNT.graphVersion);
  await settings.getByLabel("Access token").fill(WA_ACCOUNT.accessToken);
  await settings.getByLabel("App secret").fill(WA_ACCOUNT.appSecret);
  await settings.getByRole("button", { name: "Save WhatsApp number" }).click();
  await expect(page.getByText("WhatsApp settings saved")).toBeVisible();
  await expect(settings.getByTestId("whatsapp-state")).toHaveText("Set");
  const webhook = new URL(await settings.getByLabel("Callback URL").inputValue());
  expect(webhook.pathname).toBe("/api/whatsapp/webhook");
  // Meta's subscription check, as its dashboard makes it
  const verifyToken = await settings.getByLabel("Verify token").inputValue();
  const check = await fetch(
    `${base}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=8675309`,
  );
  expect(await check.text()).toBe("8675309");
  const joining = settings.getByRole("group", { name: "Joining instructions" });
  await joining.getByLabel("Template name").fill("mafunzo_joining_instructions");
  await joining.getByLabel("Language").fill("en");
  await settings.getByRole("button", { name: "Save templates" }).click();
  await expect(page.getByText("WhatsApp templates saved")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const path = await addCourseDate(page, base, {
    start: workingDay(day(21)),
    venue: "Sarova Stanley, Nairobi",
  });
  const runId = path.split("/runs/")[1] as string;

  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await asNewVisitor(phone);
  await phone.goto(`${base}/register?course=${COURSE.slug}&run=${runId}`);
  const form = phone.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(CONTACT.name);
  await form.getByLabel("Email Address").fill(CONTACT.email);
  await form.getByLabel("Phone Number").fill(CONTACT.phone);
  const consent = form.getByLabel("Also send me WhatsApp messages about this booking at this number");
  await tickOnPhone(phone, consent);
  await expectNoSeriousA11yViolations(phone);
  await waitLikeAPerson(phone);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(phone.getByTestId("booking-confirmation")).toContainText("Registration Successful!");
  const reference = (await phone.getByTestId("registration-reference").textContent())?.trim() ?? "";
  await context.close();

  await expect
    .poll(async () => {
      await runJobsOnce(base);
      return wa.messages.filter((m) => m.to === WA_ID).length;
    })
    .toBe(1);
  const [message] = wa.messages.filter((m) => m.to === WA_ID);
  expect(message).toMatchObject({ name: "mafunzo_joining_instructions", language: "en" });
  expect(await wa.status(`${base}/api/whatsapp/webhook`, message as never, "delivered")).toEqual({
    status: 200,
    text: "OK",
  });
  // a webhook not signed with the app secret changes nothing
  expect(
    (await wa.status(`${base}/api/whatsapp/webhook`, message as never, "read", undefined, "wrong")).status,
  ).toBe(401);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Bookings" }).click();
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${reference}` })).toBeVisible();
  const log = page.getByTestId("booking-whatsapp");
  await expect(log).toHaveCount(1);
  await expect(log).toContainText("Joining instructions");
  await expect(log).toContainText("delivered");
  await expect(log).toContainText("template mafunzo_joining_instructions");
  await expectNoSeriousA11yViolations(page);
});
