import { expect } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { OWNER, serverOfItsOwn, test } from "./own-server";

test.describe.configure({ timeout: 180_000 });

// a server of its own: the date it adds to the shared course would change what other specs count on its page
const own = serverOfItsOwn();

test("organisations: bookings matched by name, a doubtful pair merged, the organisation's page and its edit", async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  await loginAsAdmin(page, OWNER, own.base);
  const base = own.base;
  const runId =
    (await addCourseDate(page, base, { start: inDays(45), venue: `Voi ${tag}` })).split("/runs/")[1] ?? "";
  const first = await bookOnline(browser, base, runId, {
    contact: `hr.${tag}@tana.example`,
    people: ["Amina Said"],
    organization: `Tana ${tag} Ltd`,
  });
  const second = await bookOnline(browser, base, runId, {
    contact: `training.${tag}@tana.example`,
    people: ["Omar Bakari"],
    organization: `TANA ${tag} LIMITED`,
  });

  await page.goto(`${base}/admin/dashboard`);
  await page.getByRole("link", { name: "Organisations" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Organisations" })).toBeVisible();
  await page.getByRole("link", { name: "Review matches" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review organisation matches" })).toBeVisible();
  await page.getByRole("button", { name: "Match new bookings now" }).click();
  await expect(page.getByText(/linked to their organisation/)).toBeVisible();
  const pair = page.getByTestId("organisation-pair").filter({ hasText: `Tana ${tag} Ltd` });
  await expect(pair).toContainText(`TANA ${tag} LIMITED`);
  await expect(pair).toContainText("1 booking");
  await expectNoSeriousA11yViolations(page);
  await pair.getByRole("button", { name: `Merge into Tana ${tag} Ltd` }).click();
  await expect(
    page.getByText(`TANA ${tag} LIMITED was merged into Tana ${tag} Ltd; 1 booking moved.`),
  ).toBeVisible();
  await expect(page.getByTestId("organisation-pair").filter({ hasText: tag })).toHaveCount(0);

  await page.getByRole("link", { name: "All organisations" }).click();
  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply filters" }).click();
  // the filtered list, not the one the click was made on (other tests' organisations have two bookings too)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(
    page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: `Tana ${tag} Ltd` }),
  ).toContainText("2 bookings");
  await page.getByRole("link", { name: `Tana ${tag} Ltd` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Tana ${tag} Ltd` })).toBeVisible();
  const booked = page.getByTestId("organisation-booking");
  await expect(booked).toHaveCount(2);
  await expect(booked.filter({ hasText: first })).toBeVisible();
  await expect(booked.filter({ hasText: second })).toBeVisible();
  await expect(page.getByText("Participants trained")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // a bad PIN is refused with its rule and nothing is saved; a good one is kept
  const edit = page.getByRole("region", { name: "Edit organisation" });
  await edit.getByLabel("KRA PIN").fill("12345");
  await edit.getByRole("button", { name: "Save organisation" }).click();
  await expect(edit.getByText("Enter the KRA PIN as a letter, nine digits and a letter.")).toBeVisible();
  await edit.getByLabel("KRA PIN").fill("p051777777t");
  await edit.getByLabel("Type").selectOption("company");
  await edit.getByLabel("Notes").fill("Asks for an in-house course every March.");
  await edit.getByRole("button", { name: "Save organisation" }).click();
  await expect(page.getByText(`Tana ${tag} Ltd was saved.`)).toBeVisible();
  await expect(page.getByText("KRA PIN P051777777T")).toBeVisible();
  await expect(page.getByText("Asks for an in-house course every March.").first()).toBeVisible();

  await expectScreensFit(page, [
    page.url(),
    `${base}/admin/organisations`,
    `${base}/admin/organisations/review`,
  ]);
});
