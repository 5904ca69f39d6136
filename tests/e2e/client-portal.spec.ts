import { type Browser, expect, type Page } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// A county's HR contact serves themselves in the portal, on a phone: signs in by an e-mailed link, substitutes
// a participant and adds one; the office sees both, with a new proforma version. Inside the notice period the
// portal states the rule and an owner still substitutes. A server of its own with a real SMTP server.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const stamp = Date.now().toString(36);
const CONTACT = `hr.${stamp}@county.example`;
const LATE_CONTACT = `late.${stamp}@county.example`;
const PHONE = { width: 390, height: 844 };

const own = serverOfItsOwn();
const references: Record<string, string> = {};

/** The sign-in link of the newest portal e-mail to `email`, once it has arrived. */
async function emailedLink(email: string, after: number) {
  const pattern = /https?:\/\/\S+\/account\/sign-in\/[\w-]+/;
  const messages = await own.smtp.waitFor(
    (all) => all.slice(after).some((m) => m.to.includes(email) && pattern.test(m.text)),
    30_000,
  );
  const mail = messages.slice(after).findLast((m) => m.to.includes(email) && pattern.test(m.text));
  return new URL(pattern.exec(mail?.text ?? "")?.[0] ?? "").pathname;
}

/** From the footer of any page to the bookings list: asks for a link, opens it from the e-mail, signs in. */
async function signInToPortal(page: Page, email: string) {
  await page.goto(`${own.base}/`);
  await page
    .getByRole("navigation", { name: "Quick links" })
    .getByRole("link", { name: "My Bookings" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "My bookings" })).toBeVisible();
  const before = own.smtp.messages.length;
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText(`a sign-in link is on its way to it`);
  const link = await emailedLink(email, before);
  await page.goto(`${own.base}${link}`);
  await expect(page.getByText(`Signing in as ${email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Sign in and see my bookings" }).click();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  return link;
}

async function phonePage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  return context.newPage();
}

test("the office confirms two bookings: one 20 days ahead, one 10 days ahead", async ({ page, browser }) => {
  await loginAsAdmin(page, OWNER, own.base);
  const dateId = (path: string) => path.split("/runs/")[1] as string;
  const soon = dateId(await addCourseDate(page, own.base, { start: inDays(20), venue: `Nakuru ${stamp}` }));
  const late = dateId(await addCourseDate(page, own.base, { start: inDays(10), venue: `Naivasha ${stamp}` }));
  references.soon = await bookOnline(browser, own.base, soon, {
    contact: CONTACT,
    people: ["Amina Wanjiru", "Brian Otieno"],
  });
  references.late = await bookOnline(browser, own.base, late, {
    contact: LATE_CONTACT,
    people: ["Daniel Kiprop"],
  });
  for (const reference of [references.soon, references.late]) {
    await page.goto(`${own.base}/admin/bookings/${reference}`);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: "was e-mailed to" })).toBeVisible();
  }
});

test("on a phone, 20 days before the start, the contact substitutes a participant and adds one", async ({
  browser,
}) => {
  const page = await phonePage(browser);
  const link = await signInToPortal(page, CONTACT);
  await expectNoSeriousA11yViolations(page);
  const card = page.getByTestId("client-booking").filter({ hasText: references.soon as string });
  await expect(card).toContainText("Strategic Planning and Performance Management");
  await card.getByRole("link", { name: `Open booking ${references.soon}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${references.soon}` })).toBeVisible();
  await expect(page.getByTestId("how-to-pay")).toContainText(`account number ${references.soon}`);
  await expect(page.getByTestId("booking-documents").getByRole("link")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await page.getByText("Send someone else in a participant's place").click();
  const substitute = page.getByRole("form", { name: "Send someone else in a participant's place" });
  await expect(substitute).toContainText("Substitutions are open until");
  await substitute.getByLabel("Participant to replace").selectOption({ label: "Brian Otieno" });
  await substitute.getByLabel("Full name").fill("Faith Chebet");
  await substitute.getByLabel("E-mail address").fill(`faith.${stamp}@county.example`);
  await substitute.getByRole("button", { name: "Substitute participant" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Booking ${references.soon}: Faith Chebet takes the place of Brian Otieno. Faith Chebet is e-mailed the joining instructions and a calendar invitation.`,
  );
  const people = page.getByTestId("client-participants");
  await expect(people).toContainText("Faith Chebet");
  await expect(people).not.toContainText("Brian Otieno");

  await page.getByText("Add a participant", { exact: true }).click();
  const add = page.getByRole("form", { name: "Add a participant" });
  await expect(add).toContainText(`A new version of the proforma invoice is e-mailed to ${CONTACT}.`);
  await add.getByLabel("Full name").fill("Hassan Ali");
  await add.getByLabel("E-mail address").fill(`hassan.${stamp}@county.example`);
  await add.getByRole("button", { name: "Add participant" }).click();
  await expect(page.getByRole("status")).toContainText(
    `Booking ${references.soon}: Hassan Ali is added to the booking.`,
  );
  await expect(page.getByRole("status")).toContainText("was e-mailed to");
  await expect(people.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByTestId("booking-documents").getByRole("link")).toHaveCount(2);

  // the e-mailed link worked once; the contact is told of each change
  await page.goto(`${own.base}${link}`);
  await expect(page.getByRole("alert")).toHaveText(
    "This sign-in link has already been used: each link works once.",
  );
  await own.smtp.waitFor(
    (all) =>
      all.filter((m) => m.to.includes(CONTACT) && m.subject === `Booking ${references.soon} changed`)
        .length >= 2,
    30_000,
  );
  await expectScreensFit(page, [`${own.base}/account`, `${own.base}/account/bookings/${references.soon}`]);
  await page.context().close();
});

test("the office sees both changes on the booking page, with a new proforma version, and on the dashboard", async ({
  page,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  await expect(page.getByTestId(`today-client-changes-${references.soon}`)).toContainText(
    `changes by the client to booking ${references.soon}: added participant, substituted participant`,
  );
  await page.getByTestId(`today-client-changes-${references.soon}`).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${references.soon}` })).toBeVisible();
  const people = page.getByTestId("booking-participant");
  await expect(people.filter({ hasText: "Faith Chebet" })).toHaveCount(1);
  await expect(people.filter({ hasText: "Hassan Ali" })).toHaveCount(1);
  await expect(people.filter({ hasText: "Brian Otieno" })).toHaveCount(0);
  await expect(page.getByTestId("booking-documents")).toContainText("Proforma invoice version 2");
  const timeline = page.getByTestId("booking-timeline");
  await expect(timeline).toContainText("Substituted participant");
  await expect(timeline).toContainText("Added participant");
  await expect(timeline).toContainText(`${CONTACT} (client)`);
});

test("10 days before the start the portal states the rule and offers no substitution; without JavaScript the numbers still change", async ({
  browser,
}) => {
  const page = await phonePage(browser, false);
  await signInToPortal(page, LATE_CONTACT);
  await page.getByRole("link", { name: `Open booking ${references.late}` }).click();
  await expect(page.getByTestId("substitution-closed")).toContainText(
    "Substitutions close 14 days before the start (the last day was",
  );
  await expect(page.getByRole("form", { name: "Send someone else in a participant's place" })).toHaveCount(0);

  await page.getByText("KRA PIN, LPO and NITA levy numbers").click();
  const numbers = page.getByRole("form", { name: "KRA PIN, LPO and NITA levy numbers" });
  await numbers.getByLabel("KRA PIN").fill("P05123");
  await numbers.getByRole("button", { name: "Save numbers" }).click();
  await expect(page.getByRole("alert").first()).toHaveText(
    "Enter the KRA PIN as a letter, nine digits and a letter.",
  );
  await numbers.getByLabel("KRA PIN").fill("p051234567w");
  await numbers.getByLabel("LPO number").fill(`LPO-${stamp}`);
  await numbers.getByLabel("NITA levy number").fill("NITA-4455");
  await numbers.getByRole("button", { name: "Save numbers" }).click();
  await expect(page.getByRole("status")).toContainText(
    `Booking ${references.late}: The booking's KRA PIN, LPO and NITA levy numbers are updated.`,
  );
  await expect(numbers.getByLabel("KRA PIN")).toHaveValue("P051234567W");
  await page.getByRole("link", { name: "All my bookings" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();
  await page.context().close();
});

test("an owner can still substitute inside the notice period", async ({ page }) => {
  await loginAsAdmin(page, OWNER, own.base);
  await page.goto(`${own.base}/admin/bookings/${references.late}`);
  await expect(page.getByTestId("substitution-rule")).toContainText("As an owner you can still substitute.");
  const row = page.getByTestId("booking-participant").filter({ hasText: "Daniel Kiprop" });
  await row.locator("summary").click();
  await row.getByLabel("New participant's name").fill("Irene Atieno");
  await row.getByLabel("New participant's e-mail").fill(`irene.${stamp}@county.example`);
  await row.getByRole("button", { name: /^Substitute/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Irene Atieno takes the place of Daniel Kiprop." }),
  ).toBeVisible();
  await expect(page.getByText("P051234567W").first()).toBeVisible();
});
