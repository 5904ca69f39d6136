import { expect } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// Issue 47: a sponsor's code holds seats on a date for its cohort (decision 0751). The office holds 5 of the 6;
// the public form shows 1 left; once someone takes it the date looks full, yet a booking with the code is seated.
test.describe.configure({ mode: "serial" });

const own = serverOfItsOwn();
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `YOUTH-${stamp.slice(-6)}`;

test("the office holds 5 seats for a code: others see fewer, and the code's booking is seated when the date looks full", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const base = own.server.url;
  const start = inDays(47);
  await loginAsAdmin(page, OWNER, base);
  const runPath = await addCourseDate(page, base, { start, venue: `Kisumu ${stamp}`, capacity: "6" });
  const runId = runPath.split("/runs/")[1] as string;

  // finance issues the county youth fund's code for this date and holds 5 seats on it
  await page.getByRole("link", { name: "Finance" }).first().click();
  await page.getByRole("link", { name: "Discounts" }).click();
  const issue = page.getByRole("form", { name: "Issue a code" });
  await issue.getByLabel("Code").fill(CODE);
  await issue.getByLabel("For (sponsor, donor or group)").fill("Kisumu County Youth Fund");
  await issue.getByLabel("Course (empty: any)").selectOption({ label: COURSE.title });
  await issue.getByLabel("Date (empty: every date)").selectOption({ label: start });
  await issue.getByLabel("Percentage or amount").fill("100");
  await issue.getByRole("button", { name: "Issue code" }).click();
  const row = page.getByTestId("discount-code").filter({ hasText: CODE });
  await expect(row).toContainText("for Kisumu County Youth Fund: 100% off");
  const hold = row.getByRole("form", { name: `Seats held for ${CODE}` });
  await hold.getByLabel("Seats to hold").fill("7");
  await hold.getByRole("button", { name: "Hold seats" }).click();
  await expect(page.getByRole("alert")).toContainText("The date has 6 seats free: hold at most 6.");
  await hold.getByLabel("Seats to hold").fill("5");
  await hold.getByRole("button", { name: "Hold seats" }).click();
  await expect(row).toContainText("holds 5 seats, 0 used");
  await expectNoSeriousA11yViolations(page);

  // the public form offers the date with 1 seat left, and someone takes it
  const visitor = await browser.newPage();
  await asNewVisitor(visitor);
  await visitor.goto(`${base}/register?course=${COURSE.slug}&run=${runId}`);
  const date = visitor
    .getByRole("group", { name: "Course Date" })
    .locator("label")
    .filter({ hasText: `Kisumu ${stamp}` });
  await expect(date).toContainText("1 seat left");
  await visitor.close();
  await bookOnline(browser, base, runId, {
    contact: `hr.${stamp.toLowerCase()}@kisumu.example`,
    people: ["Otieno Ouma"],
    organization: "Lakeside Ltd",
  });

  // to everyone else the date is now full; a member of the cohort books with the code on a phone and is seated
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await asNewVisitor(phone);
  await phone.goto(`${base}/register?course=${COURSE.slug}&run=${runId}`);
  const full = phone
    .getByRole("group", { name: "Course Date" })
    .locator("label")
    .filter({ hasText: `Kisumu ${stamp}` });
  await expect(full).toContainText("Fully booked: join the waiting list");
  const form = phone.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Akinyi Atieno");
  await form.getByLabel("Email Address").fill(`akinyi.${stamp.toLowerCase()}@youth.example`);
  await form.getByLabel("Discount code (optional)").fill(CODE.toLowerCase());
  await form.getByRole("button", { name: "Apply code" }).click();
  await expect(form.getByTestId("code-applied")).toContainText(`Code ${CODE} applied`);
  await waitLikeAPerson(phone);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(phone.getByTestId("booking-confirmation")).toContainText("Registration Successful!");
  await phoneContext.close();

  await page.reload();
  await expect(page.getByTestId("discount-code").filter({ hasText: CODE })).toContainText(
    "holds 5 seats, 1 used",
  );
});
