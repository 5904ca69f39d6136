import { expect, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { COURSE } from "./forms-helpers";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// Issue 48, item 4: a course date below its minimum reaches its go/no-go date on the business clock (its hotel's
// final numbers are due in three days, the buffer is three), so it is on the dashboard with its figures; the
// owner postpones it to the next date; a participant moves with one press from the offer e-mail on a phone; the
// hotel's cancellation charge shows on the date's costs.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const stamp = Date.now().toString(36).slice(-5);
const VENUE = `Lake Naivasha Resort ${stamp}`;
const HOTEL_MAIL = `events-${stamp}@lakenaivasha.example`;
const CONTACT = `hr-${stamp}@county.example`;
const PHONE = { width: 390, height: 844 };
const own = serverOfItsOwn();

/** The first Monday at least `days` from today: a course date held Monday and Tuesday is two session days. */
function mondayFrom(days: number) {
  for (let d = days; ; d++) {
    const day = inDays(d);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1) return day;
  }
}
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A field's label as written, with or without the required mark ("Name *"), and nothing longer. */
const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

async function nav(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true }).click();
}

/** Adds a two-day date with a minimum of 20 on the course's page, as the office does; its page's path. */
const addDate = (page: Page, start: string, venue: string) =>
  addCourseDate(page, own.base, { start, end: nextDay(start), venue, capacity: "24", minimum: "20" });

test("a date below its minimum at its decision date is postponed; a participant moves with one press", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  await nav(page, "Venues");
  const addVenue = page.getByRole("region", { name: "Add a venue" });
  await addVenue.getByLabel(exactly("Name")).fill(VENUE);
  await addVenue.getByLabel(exactly("City")).fill("Naivasha");
  await addVenue.getByLabel(/^Contact/).fill(`Events desk, ${HOTEL_MAIL}, 0722 000 000`);
  await addVenue.getByRole("button", { name: "Add venue" }).click();
  await expect(page.getByText(`Venue ${VENUE} added.`)).toBeVisible();
  const venue = page.getByRole("region", { name: VENUE });
  await venue.getByLabel(exactly("Room name")).fill("Acacia");
  await venue.getByLabel(exactly("Price")).fill("30000");
  await venue.getByLabel(exactly("Classroom")).fill("30");
  await venue.getByRole("button", { name: "Add room" }).click();
  await expect(venue.getByTestId("room")).toContainText("Acacia");

  const start = mondayFrom(20);
  const next = mondayFrom(40);
  await addDate(page, next, `${VENUE} later ${stamp}, Naivasha`);
  const runPath = await addDate(page, start, `${VENUE}, Naivasha`);
  const runId = runPath.split("/").at(-1) as string;
  // final numbers in three days, the buffer three: the decision is due today; cancelling from today costs 25 %
  const room = page.getByRole("region", { name: "Venue" });
  await room.getByLabel(exactly("Room")).selectOption({ label: `${VENUE}, Naivasha: Acacia` });
  await room.getByLabel(exactly("Final numbers due")).fill(inDays(3));
  await room.getByLabel(exactly("Cancellation ladder")).fill(`${inDays(0)} 25\n${inDays(15)} 100`);
  await room.getByRole("button", { name: "Hold room" }).click();
  await expect(page.getByText(`Acacia (${VENUE}) held for this course date.`)).toBeVisible();

  await bookOnline(browser, own.base, runId, { contact: CONTACT, people: ["Wanjiku Mwangi", "Otieno Ouma"] });

  // the dashboard names the date and its figures; its link opens the date's numbers
  await nav(page, "Dashboard");
  const item = page.getByRole("link", { name: new RegExp(`go/no-go (was )?due .*${start}`) });
  await expect(item).toContainText("2 booked, minimum 20");
  await item.click();
  const economics = page.getByRole("region", { name: "Economics and go/no-go" });
  await expect(economics.getByTestId("decision-state")).toContainText("Tentative");
  await expect(economics.getByTestId("break-even")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await economics.getByLabel(exactly("Decision")).selectOption("postpone");
  const choice = economics.getByLabel(/^Next date/);
  const nextOption = choice.locator("option").filter({ hasText: "later" });
  await choice.selectOption((await nextOption.getAttribute("value")) as string);
  await economics.getByLabel(exactly("Reason")).fill("2 of 20 booked at the hotel's final-numbers date");
  await economics.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText(/Course date postponed: 2 participants offered/)).toBeVisible();
  await expect(economics.getByTestId("decision-state")).toContainText("Postponed: 2 of 20 booked");
  // the hotel's charge: 25 % of two days at KES 30,000
  const charge = economics.getByTestId("cost-row").filter({ hasText: "Venue cancellation charge" });
  await expect(charge).toContainText("KES 15,000.00");
  await expect(economics.getByTestId("actual-costs")).toContainText("KES 15,000.00");

  // a participant's offer, opened on a phone: one press moves them
  await own.runJobsOnce();
  const participant = `wanjiku.${CONTACT.split("@")[0]}@county.example`;
  const match = (m: { to: string[]; subject: string }) =>
    m.to.includes(participant) && /^Postponed:/.test(m.subject);
  await own.smtp.waitFor((messages) => messages.some(match), 30_000);
  const mail = await simpleParser([...own.smtp.messages].reverse().find(match)?.raw ?? "");
  const link = /https?:\/\/\S+\/postponed\/[\w-]+/.exec(mail.text ?? "")?.[0] as string;
  const phone = await browser.newContext({ viewport: PHONE });
  const offer = await phone.newPage();
  await offer.goto(`${own.base}${new URL(link).pathname}`);
  await expect(offer.getByRole("heading", { level: 1, name: "Your course date" })).toBeVisible();
  await expectNoSeriousA11yViolations(offer);
  await offer.getByRole("button", { name: /^Move me to/ }).click();
  await expect(offer.getByRole("status")).toContainText("Done: your place is now on");
  expect(await offer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await phone.close();
  // the hotel heard of the charge
  await own.smtp.waitFor((messages) => messages.some((m) => m.to.includes(HOTEL_MAIL)), 30_000);

  // the moved participant is on the next date's list
  await nav(page, "Course Management");
  await page.getByRole("link", { name: COURSE.title }).first().click();
  await page
    .getByTestId("course-run")
    .filter({ hasText: "later" })
    .getByRole("link", { name: /^Participants/ })
    .click();
  await expect(page.getByRole("link", { name: "Wanjiku Mwangi", exact: true })).toBeVisible();
});
