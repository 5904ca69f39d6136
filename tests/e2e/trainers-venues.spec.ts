import { type BrowserContext, expect, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { addCourseDate } from "./course-dates";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// Issue 48: the office keeps a trainer's rates and a hotel's rooms, asks the trainer for a course date and holds
// a room by clicking; the trainer accepts on a 390 px phone from the e-mail's link and reads the month's fees.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const stamp = Date.now().toString(36).slice(-5);
const TRAINER = {
  email: `trainer-${stamp}@mafunzo.test`,
  name: `Achieng Otieno ${stamp}`,
  password: "Trainer-Pass-2026",
};
const VENUE = `Whitesands ${stamp}`;
const PHONE = { width: 390, height: 844 };
const own = serverOfItsOwn();
// the trainer's phone, signed in when they set up their account, kept for the second test
let phone: BrowserContext;

async function mailLink(address: string, subject: RegExp, path: RegExp) {
  const match = (m: { to: string[]; subject: string }) => m.to.includes(address) && subject.test(m.subject);
  await own.smtp.waitFor((messages) => messages.some(match), 30_000);
  const mail = await simpleParser([...own.smtp.messages].reverse().find(match)?.raw ?? "");
  const link = new RegExp(`https?://\\S+${path.source}`).exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no link in the mail to ${address}`);
  return new URL(link).pathname;
}

/** A field's label as written, with or without the required mark ("Name *"), and nothing longer. */
const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

async function nav(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("the owner keeps a hotel's rooms and a trainer's rates, then asks the trainer and holds a room", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  // the trainer's account: invited, and set up on a phone
  await nav(page, "Staff");
  const invite = page.getByRole("region", { name: "Invite a staff member" });
  await invite.getByLabel("Email").fill(TRAINER.email);
  await invite.getByLabel("Name").fill(TRAINER.name);
  await invite.getByRole("checkbox", { name: /^Trainer/ }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${TRAINER.email}.`)).toBeVisible();
  phone = await browser.newContext({ viewport: PHONE });
  const trainer = await phone.newPage();
  await trainer.goto(
    `${own.base}${await mailLink(TRAINER.email, /back-office account/, /\/admin\/invitation\/[\w-]{43}/)}`,
  );
  await trainer.getByLabel("Your name").fill(TRAINER.name);
  await trainer.getByLabel(exactly("Password")).fill(TRAINER.password);
  await trainer.getByLabel("Confirm Password").fill(TRAINER.password);
  await trainer.getByRole("button", { name: "Create my account" }).click();
  await expect(trainer.getByRole("heading", { level: 1, name: "My course dates" })).toBeVisible();
  await trainer.close();

  await nav(page, "Venues");
  const addVenue = page.getByRole("region", { name: "Add a venue" });
  await addVenue.getByLabel(exactly("Name")).fill(VENUE);
  await addVenue.getByLabel(exactly("City")).fill("Mombasa");
  await addVenue.getByRole("button", { name: "Add venue" }).click();
  await expect(page.getByText(`Venue ${VENUE} added.`)).toBeVisible();
  const venue = page.getByRole("region", { name: VENUE });
  await venue.getByLabel(exactly("Room name")).fill("Coral");
  await venue.getByLabel(exactly("Price")).fill("30000");
  await venue.getByLabel(exactly("Classroom")).fill("24");
  await venue.getByRole("button", { name: "Add room" }).click();
  await expect(venue.getByTestId("room")).toContainText("Coral: Classroom 24 · KES 30,000.00 a day");
  await expectNoSeriousA11yViolations(page);

  await nav(page, "Trainers");
  await page.getByRole("link", { name: TRAINER.name }).click();
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel(exactly("Day rate")).fill("15000");
  await profile.getByLabel(/^Per diem/).fill("5000");
  await profile.getByLabel(exactly("KRA PIN")).fill("A123456789Z");
  await profile.getByLabel(exactly("M-PESA number")).fill("0712 345 678");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Trainer profile saved.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // a three-day course date for 30 in March 2099: the room seats 24, so the office lowers it first
  await addCourseDate(page, own.base, {
    start: "2099-03-02",
    end: "2099-03-04",
    venue: `${VENUE}, Mombasa`,
    capacity: "24",
  });
  const room = page.getByRole("region", { name: "Venue" });
  await room.getByLabel(exactly("Room")).selectOption({ label: `${VENUE}, Mombasa: Coral` });
  await room.getByLabel(exactly("Deposit due")).fill("2099-01-15");
  await room.getByLabel(exactly("Final numbers due")).fill("2099-02-26");
  await room.getByLabel(exactly("Cancellation ladder")).fill("2099-02-01 50\n2099-02-26 100");
  await room.getByRole("button", { name: "Hold room" }).click();
  await expect(page.getByText(`Coral (${VENUE}) held for this course date.`)).toBeVisible();
  await expect(room.getByTestId("venue-hold")).toContainText("Cancellation: from 1 February 2099 50 %");

  const trainers = page.getByRole("region", { name: "Trainers" });
  await trainers.getByLabel(exactly("Trainer")).selectOption({ label: TRAINER.name });
  await trainers.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText(new RegExp(`Request sent to ${TRAINER.name}`))).toBeVisible();
  await expect(trainers.getByTestId("run-trainer")).toContainText("Asked");
  await expectNoSeriousA11yViolations(page);
});

test("the trainer accepts on a phone from the e-mail's link and reads the month's fee statement", async () => {
  await own.runJobsOnce();
  const link = await mailLink(TRAINER.email, /^Can you train/, /\/trainer-request\/[\w-]{32}/);
  const page = await phone.newPage();
  await page.goto(`${own.base}${link}`);
  await expect(page.getByRole("heading", { level: 1, name: "Training request" })).toBeVisible();
  await expect(page.getByText("2 March 2099 to 4 March 2099")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you: you are confirmed");
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);

  await page.getByRole("link", { name: "My course dates and fee statement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My course dates" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "2 March 2099" }).first()).toBeVisible();
  const fees = page.getByRole("region", { name: /Fee statement/ });
  await fees.getByLabel(exactly("Month")).fill("2099-03");
  await fees.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: "Fee statement: March 2099" })).toBeVisible();
  await expect(fees.getByTestId("fee-line")).toContainText("3 days × KES 15,000.00");
  await expect(fees.getByTestId("fee-net")).toHaveText("KES 57,000.00");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);
  const pdf = await page.request.get(`${own.base}/admin/my-runs/fee-statement.pdf?month=2099-03`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  // the link was used: opening it again says so and offers no answer
  await page.goto(`${own.base}${link}`);
  await expect(page.getByText("You have accepted this request")).toBeVisible();
  await phone.close();
});
