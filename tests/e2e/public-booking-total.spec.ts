import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";

const TOTAL = "4 participants × KES 95,000 = KES 380,000";

/** From the course page's Register button to a filled group of four: the HR officer and three colleagues. */
async function startGroupBooking(page: Page, tag: string) {
  await asNewVisitor(page);
  await page.goto(`/courses/${COURSE.slug}`);
  await page
    .getByTestId("key-facts")
    .getByRole("link", { name: /^Register Now:/ })
    .click();
  await expect(page).toHaveURL(/\/register\?course=/);
  const form = page.getByRole("form", { name: "Course registration form" });
  // the organisation's details come first, side by side
  await form.getByLabel("Organization").fill("County Government of Kisumu");
  await form.getByLabel("KRA PIN (optional)").fill("P051234567X");
  await form.getByLabel("LPO number (optional)").fill(`LPO-${tag}`);
  await form.getByLabel("Full Name").fill("Achieng Otieno");
  await form.getByLabel("Email Address").fill(`hr.${tag}@kisumu.example`);
  await expect(form.getByTestId("booking-total")).toContainText("1 participant × KES 95,000 = KES 95,000");
  return form;
}

async function addParticipant(page: Page, index: number, tag: string) {
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByRole("button", { name: "Add another participant" }).click();
  const row = page.getByRole("group", { name: `Participant ${index + 1}` });
  await row.getByLabel("Full name").fill(`Colleague ${index + 1}`);
  await row.getByLabel("Email address").fill(`c${index + 1}.${tag}@kisumu.example`);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a group booking of 4 shows its total before it is sent, and the confirmation states it again", async ({
      page,
    }) => {
      const tag = `g${viewport.width}${Date.now()}`;
      const form = await startGroupBooking(page, tag);
      await form.getByText("Booking for several people?").click();
      for (const index of [0, 1, 2]) await addParticipant(page, index, tag);
      const total = form.getByTestId("booking-total");
      await expect(total).toContainText("3 participants × KES 95,000 = KES 285,000");
      // the contact is not typed again as a participant: she ticks the box
      await form.getByLabel("I am attending too").check();
      await expect(total).toContainText(TOTAL);
      await expect(total).toContainText("VAT 16% included");
      await expectNoSeriousA11yViolations(page);
      await waitLikeAPerson(page);
      await form.getByRole("button", { name: "Submit Registration" }).click();
      const done = page.getByTestId("booking-confirmation");
      await expect(done).toContainText("one reference for all 4 participants");
      await expect(done.getByTestId("confirmation-total")).toHaveText(`Total: ${TOTAL} (VAT 16% included)`);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("each Add another participant comes back with the total, and the confirmation page states it", async ({
    page,
  }) => {
    const tag = `n${Date.now()}`;
    const form = await startGroupBooking(page, tag);
    await form.getByText("Booking for several people?").click();
    for (const index of [0, 1, 2, 3]) await addParticipant(page, index, tag);
    await expect(form.getByTestId("booking-total")).toContainText(TOTAL);
    await expect(form.getByLabel("Organization")).toHaveValue("County Government of Kisumu");
    await expect(form.getByLabel("LPO number (optional)")).toHaveValue(`LPO-${tag}`);
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page).toHaveURL(/\/register\?booking=MF-/);
    await expect(page.getByTestId("confirmation-total")).toHaveText(`Total: ${TOTAL} (VAT 16% included)`);
  });
});
