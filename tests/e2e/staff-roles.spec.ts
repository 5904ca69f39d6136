import { type Browser, expect, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { fillLogin, loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { addCourseDate } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// An owner invites a trainer and a finance officer on a server of its own (its SMTP server carries the links);
// each then works as their role allows, and the server refuses what the screens do not offer.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const TRAINER = { email: "trainer@mafunzo.test", name: "Wanjiku Mwangi", password: "Trainer-Pass-2026" };
const FINANCE = { email: "finance@mafunzo.test", name: "Otieno Finance", password: "Finance-Pass-2026" };
const VIEWER = { email: "viewer@mafunzo.test", name: "Njeri Board", password: "Viewer-Pass-2026" };
const PHONE = { width: 390, height: 844 };
// the business day in Nairobi, where the course starts today so attendance can be marked
const TODAY = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

const own = serverOfItsOwn();
let todayRun = "";
let otherRun = "";
let registrationPath = "";
let reference = "";

async function invitationLink(address: string) {
  const match = (m: { to: string[]; subject: string }) =>
    m.to.includes(address) && /back-office account/.test(m.subject);
  await own.smtp.waitFor((messages) => messages.some(match), 30_000);
  const mail = await simpleParser(own.smtp.messages.find(match)?.raw ?? "");
  const link = /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${address}`);
  return new URL(link).pathname;
}

async function bookOne(browser: Browser, runPath: string) {
  const page = await browser.newPage();
  await asNewVisitor(page);
  await page.goto(`${own.base}/register?course=${COURSE.slug}&run=${runPath.split("/runs/")[1]}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Grace HR");
  await form.getByLabel("Email Address").fill("hr@county.example");
  await form.getByLabel("Organization").fill("County Government of Nakuru");
  await form.getByText("Booking for several people?").click();
  await form.getByRole("button", { name: "Add another participant" }).click();
  const row = page.getByRole("group", { name: "Participant 1" });
  await row.getByLabel("Full name").fill("Amina Wanjiru");
  await row.getByLabel("Email address").fill("amina@county.example");
  await row.getByLabel("ID or passport number (optional)").fill("27654321");
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = page.getByTestId("booking-confirmation");
  await expect(done).toContainText("Registration Successful!");
  reference = /MF-[2-9A-HJKMNP-Z]{8}/.exec((await done.textContent()) ?? "")?.[0] ?? "";
  await page.close();
}

async function invite(page: Page, person: { email: string; name: string }, role: string) {
  const card = page.getByRole("region", { name: "Invite a staff member" });
  await card.getByLabel("Email").fill(person.email);
  await card.getByLabel("Name").fill(person.name);
  await card.getByRole("checkbox", { name: new RegExp(`^${role}`) }).check();
  await card.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${person.email}.`)).toBeVisible();
}

async function accept(page: Page, path: string, person: { name: string; password: string }) {
  await page.goto(`${own.base}${path}`);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm Password").fill(person.password);
  await page.getByRole("button", { name: "Create my account" }).click();
}

test("an owner sets up the course dates and invites a trainer and a finance officer", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  todayRun = await addCourseDate(page, own.base, { start: TODAY, venue: "Nakuru Training Centre" });
  otherRun = await addCourseDate(page, own.base, { start: "2099-03-02", venue: "Mombasa Beach Hotel" });
  await bookOne(browser, todayRun);

  await page.goto(`${own.base}${todayRun}`);
  await page.getByRole("link", { name: "Amina Wanjiru" }).click();
  await page.waitForURL(/\/admin\/registrations\/[0-9a-f-]{36}$/);
  registrationPath = new URL(page.url()).pathname;

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await invite(page, TRAINER, "Trainer");
  await invite(page, FINANCE, "Finance");
  await expect(page.getByRole("region", { name: "Open invitations" }).getByText(TRAINER.email)).toBeVisible();
});

test("the trainer accepts on a phone, sees only their run, marks attendance, and is refused the rest", async ({
  page,
  browser,
}) => {
  const phone = await browser.newContext({ viewport: PHONE });
  const trainer = await phone.newPage();
  await accept(trainer, await invitationLink(TRAINER.email), TRAINER);
  await expect(trainer.getByRole("heading", { level: 1, name: "My course dates" })).toBeVisible();
  await expect(trainer.getByText("No course date is assigned to you.")).toBeVisible();

  // the owner puts the trainer on today's course date only
  await loginAsAdmin(page, OWNER, own.base);
  await page.goto(`${own.base}${todayRun}`);
  // under way today: no time to ask, so the office records the trainer it confirmed by phone
  const trainers = page.getByRole("region", { name: "Trainers" });
  await trainers.getByLabel(/^Trainer\s*\*?$/).selectOption({ label: TRAINER.name });
  await trainers.getByRole("button", { name: "Confirmed by phone: assign now" }).click();
  await expect(page.getByText(`${TRAINER.name} is confirmed for this course date.`)).toBeVisible();

  await trainer.reload();
  // the run's card (the month's fee statement below lists the run's days too)
  const runCard = trainer
    .getByRole("region", { name: "Today" })
    .getByRole("listitem")
    .filter({ hasText: COURSE.title });
  await expect(runCard).toHaveCount(1);
  await expect(trainer.getByText("Mombasa Beach Hotel")).toHaveCount(0);
  const nav = trainer.getByRole("navigation", { name: "Admin menu" });
  await trainer.getByText("Menu").click();
  await expect(nav.getByRole("link")).toHaveText(["My course dates"]);
  await trainer.getByText("Menu").click();
  await expectNoSeriousA11yViolations(trainer);

  await runCard.getByRole("link", { name: "Mark attendance" }).click();
  await expect(trainer.getByRole("heading", { level: 1 })).toContainText("Attendance");
  await trainer.getByRole("button", { name: "Present Amina Wanjiru" }).click();
  await expect(
    trainer.getByTestId("attendance-row").filter({ hasText: "Amina Wanjiru" }).getByTestId("mark-state"),
  ).toContainText(`Present · ${TRAINER.email},`);
  await expect(trainer.getByRole("link", { name: "Participants" })).toHaveCount(0);
  await expectScreensFit(trainer, [`${own.base}/admin/my-runs`, `${own.base}${todayRun}/attendance`]);
  await trainer.setViewportSize(PHONE);

  for (const path of ["/admin/finance", `${otherRun}/attendance`, registrationPath, todayRun]) {
    const response = await trainer.goto(`${own.base}${path}`);
    expect(response?.status(), path).toBe(403);
    await expect(trainer.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  }
  await phone.close();
});

test("the finance officer records a payment and cannot change a course", async ({ page }) => {
  await accept(page, await invitationLink(FINANCE.email), FINANCE);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);

  // a bank transfer for the booking, recorded by its reference
  await nav.getByRole("link", { name: "Finance" }).click();
  await page.getByRole("main").getByRole("link", { name: "Payments", exact: true }).click();
  const payment = page.getByRole("form", { name: "Record a payment" });
  await payment.getByLabel("Amount (KES)").fill("1000");
  await payment.getByLabel("Date received").fill(TODAY);
  await payment.getByLabel("Transaction code or reference").fill("BANK-TT-001");
  await payment.getByLabel("Payer").fill("County Government of Nakuru");
  await payment.getByLabel("Booking reference").fill(reference);
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(/KES 1,000(\.00)? recorded\./)).toBeVisible();

  // finance reads the registrations but does not change them: no delete, no status to choose
  await nav.getByRole("link", { name: "Course Registrations" }).click();
  await expect(page.getByRole("link", { name: "Amina Wanjiru" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Status of Amina Wanjiru" })).toHaveCount(0);

  await nav.getByRole("link", { name: "Course Management" }).click();
  await page.getByRole("link", { name: COURSE.title }).first().click();
  await expect(
    page.getByText("Your role reads this course; an editor or an owner changes its content."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Course", exact: true })).toBeDisabled();
  const refused = await page.request.post(`${own.base}${new URL(page.url()).pathname}`, {
    form: { intent: "save-course", title: "Renamed by finance" },
    headers: { Origin: own.base },
  });
  expect(refused.status()).toBe(403);
});

/**
 * What this screen offers to change or take away: an enabled button of a form that posts, and any enabled button
 * or link named for a change (an upload toggle or an "Add" link opens a form without posting) or an export.
 */
const CHANGE_WORDS =
  /^(Add|Upload|Edit|Delete|Save|Record|Import|Issue|Revoke|Send|Assign|Reverse|Cancel|Confirm|Move|Archive|Restore|Present|Absent|Make|Invite|Leave out|Export)\b/;
async function changesOffered(page: Page) {
  const posting = await page
    .locator('main form[method="post" i] :is(button, input[type="submit"]):enabled')
    .allTextContents();
  const named = await page
    .getByRole("main")
    .locator("a, button:enabled, summary")
    .filter({ hasText: CHANGE_WORDS })
    .allTextContents();
  return [...new Set([...posting, ...named].map((text) => text.trim()))];
}

test("a viewer clicks through every screen and is offered nothing to change or export", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  await page.goto(`${own.base}/admin/staff`);
  await invite(page, VIEWER, "Viewer");
  const viewer = await (await browser.newContext()).newPage();
  await accept(viewer, await invitationLink(VIEWER.email), VIEWER);
  await expect(viewer.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  const nav = viewer.getByRole("navigation", { name: "Admin" });
  const labels = await nav.getByRole("link").allTextContents();
  expect(labels.map((l) => l.trim())).not.toContain("Staff");
  expect(labels.length).toBeGreaterThan(8);
  for (const label of labels) {
    await nav.getByRole("link", { name: label.trim(), exact: true }).click();
    await expect(viewer.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await changesOffered(viewer), label).toEqual([]);
  }
  // and down into a course, its date, the date's delivery pages and a participant
  await nav.getByRole("link", { name: "Course Management" }).click();
  await viewer
    .getByRole("link", { name: `Open ${COURSE.title}` })
    .first()
    .click();
  await expect(viewer.getByRole("button", { name: "Save Course", exact: true })).toBeDisabled();
  expect(await changesOffered(viewer), "course").toEqual([]);
  await viewer
    .getByTestId("course-run")
    .filter({ hasText: "Nakuru Training Centre" })
    .getByRole("link", { name: /^Participants/ })
    .click();
  await expect(viewer.getByRole("link", { name: "Amina Wanjiru" })).toBeVisible();
  expect(await changesOffered(viewer), "run").toEqual([]);
  for (const title of ["Attendance", "Certificates", "Joining instructions", "Feedback"]) {
    await viewer
      .getByRole("navigation", { name: "Course date pages" })
      .getByRole("link", { name: title })
      .click();
    await expect(viewer.getByRole("heading", { level: 1 })).toContainText(title);
    expect(await changesOffered(viewer), title).toEqual([]);
  }
  await viewer
    .getByRole("navigation", { name: "Course date pages" })
    .getByRole("link", { name: "Participants" })
    .click();
  await viewer.getByRole("link", { name: "Amina Wanjiru" }).click();
  await expect(viewer.getByText("•••• 4321")).toBeVisible();
  expect(await changesOffered(viewer), "registration").toEqual([]);
  await viewer.context().close();
});

test("deactivating the trainer ends their session at once", async ({ page, browser }) => {
  const phone = await browser.newContext({ viewport: PHONE });
  const trainer = await phone.newPage();
  await fillLogin(trainer, TRAINER, own.base);
  await expect(trainer.getByRole("heading", { level: 1, name: "My course dates" })).toBeVisible();

  await loginAsAdmin(page, OWNER, own.base);
  await page.goto(`${own.base}/admin/staff`);
  const card = page.locator(`[data-staff="${TRAINER.email}"]`);
  await card.getByText("Change", { exact: true }).click();
  page.once("dialog", (dialog) => dialog.accept());
  await card.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(`${TRAINER.email} can no longer sign in.`)).toBeVisible();

  await trainer.reload();
  await expect(trainer).toHaveURL(/\/admin\/login/);
  await phone.close();
});
