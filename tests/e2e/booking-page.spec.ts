import { expect, type Page } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// The office works a booking from its own page: found from the menu, confirmed whole with one proforma (said
// before and after), a participant substituted under the notice rule. A server of its own with a real SMTP server.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const stamp = Date.now().toString(36);
const CONTACT = `hr.${stamp}@county.example`;
const LATE_CONTACT = `late.${stamp}@county.example`;

const own = serverOfItsOwn();
const references: Record<string, string> = {};

async function openBooking(page: Page, reference: string) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Bookings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${reference}` })).toBeVisible();
}

test("the office finds a booking and confirms it whole: one proforma, said before and after", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  const dateId = (path: string) => path.split("/runs/")[1] as string;
  const soon = dateId(await addCourseDate(page, own.base, { start: inDays(20), venue: `Nakuru ${stamp}` }));
  const late = dateId(await addCourseDate(page, own.base, { start: inDays(10), venue: `Naivasha ${stamp}` }));
  references.soon = await bookOnline(browser, own.base, soon, {
    contact: CONTACT,
    people: ["Amina Wanjiru", "Brian Otieno", "Cynthia Njeri"],
  });
  references.late = await bookOnline(browser, own.base, late, {
    contact: LATE_CONTACT,
    people: ["Daniel Kiprop", "Esther Moraa"],
  });

  await openBooking(page, references.soon);
  await expect(page.getByTestId("booking-participant")).toHaveCount(3);
  await expect(page.getByText("County Government of Nakuru").first()).toBeVisible();
  await expect(page.getByTestId("confirm-explained")).toHaveText(
    `Confirms all 3 participants still waiting and e-mails ${CONTACT} that the places are confirmed, with one proforma invoice for the whole booking attached.`,
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  const said = page.getByRole("status").filter({ hasText: "was e-mailed to" });
  await expect(said).toContainText(`Booking ${references.soon}: 3 participants are confirmed`);
  await expect(said).toContainText(`the whole booking ${references.soon}) was e-mailed to ${CONTACT}.`);
  const number = /PRO-\d{4}-\d{4}/.exec((await said.textContent()) ?? "")?.[0] as string;
  await expect(page.getByTestId("booking-documents").getByRole("link")).toHaveText([number]);
  await expect(page.getByRole("button", { name: "Confirm booking" })).toHaveCount(0);

  // exactly one proforma reached the contact: attached to the message that says the places are confirmed
  await own.smtp.waitFor(
    (messages) =>
      messages.some(
        (m) => m.to.includes(CONTACT) && m.subject === `Your places are confirmed (${references.soon})`,
      ),
    30_000,
  );
  const confirmed = own.smtp.messages.filter(
    (m) => m.to.includes(CONTACT) && m.subject === `Your places are confirmed (${references.soon})`,
  );
  expect(confirmed).toHaveLength(1);
  expect(confirmed[0]?.raw).toContain(`filename=${number}.pdf`);
  expect(
    own.smtp.messages.filter((m) => m.to.includes(CONTACT) && /^Proforma invoice/.test(m.subject)),
  ).toHaveLength(0);
  await expect(page.getByTestId("booking-timeline")).toContainText("Confirmed booking");
});

test("a substitution 20 days ahead; 10 days ahead the rule is stated, and an owner can still make it", async ({
  page,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  await openBooking(page, references.soon as string);
  await expect(page.getByTestId("substitution-rule")).toContainText(
    "Substitutions close 14 days before the start: open until",
  );
  const form = page.getByTestId("booking-participant").filter({ hasText: "Brian Otieno" });
  await form.locator("summary").click();
  await form.getByLabel("New participant's name").fill("Faith Chebet");
  await form.getByLabel("New participant's e-mail").fill(`faith.${stamp}@county.example`);
  await form.getByRole("button", { name: /^Substitute/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Faith Chebet takes the place of Brian Otieno." }),
  ).toBeVisible();
  await expect(page.getByTestId("booking-participant").filter({ hasText: "Faith Chebet" })).toHaveCount(1);
  await expect(page.getByTestId("booking-timeline")).toContainText("Substituted participant");

  await openBooking(page, references.late as string);
  await expect(page.getByTestId("substitution-rule")).toContainText(
    "Substitutions close 14 days before the start (the last day was",
  );
  await expect(page.getByTestId("substitution-rule")).toContainText("As an owner you can still substitute.");
  const late = page.getByTestId("booking-participant").filter({ hasText: "Esther Moraa" });
  await late.locator("summary").click();
  await late.getByLabel("New participant's name").fill("George Kamau");
  await late.getByLabel("New participant's e-mail").fill(`george.${stamp}@county.example`);
  await late.getByRole("button", { name: /^Substitute/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "George Kamau takes the place of Esther Moraa." }),
  ).toBeVisible();

  await expectScreensFit(page, [
    `${own.base}/admin/bookings/${references.soon}`,
    `${own.base}/admin/bookings`,
  ]);
});
