import { expect, type Page, test } from "@playwright/test";
import { startAppServer } from "../../scripts/reliability/app-server.mjs";
import { loginAsAdmin, signUpFirstAdminOn } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { startSmtpServer } from "../helpers/smtp";
import { addCourseDate, inDays } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";

// Issue 45 #12: a claimed waiting-list place leads on to paying and to the booking; a course card offers the
// later date with seats rather than the full one's waiting list; the booking search reads a reference read out.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startAppServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const ADMIN = { email: "dead-ends@mafunzo.test", password: "No-Dead-Ends-2026" };
let fullRunId = "";
let fullRunPath = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  server = await startAppServer({ env: { SMTP_URL: smtp.url } });
  await signUpFirstAdminOn(server.url, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function book(page: Page, runId: string, email: string) {
  await asNewVisitor(page);
  await page.goto(`${server.url}/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(email.split("@")[0] as string);
  await form.getByLabel("Email Address").fill(email);
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = page.getByTestId("booking-confirmation");
  await expect(done).toBeVisible();
  return /MF-[2-9A-HJKMNP-Z]{8}/.exec((await done.textContent()) ?? "")?.[0] as string;
}

test("a course whose next date is full: its card offers the later date with seats", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page, ADMIN, server.url);
  // the earliest date of all, with one seat, taken
  fullRunPath = await addCourseDate(page, server.url, { start: inDays(2), venue: "Kisii", capacity: "1" });
  fullRunId = fullRunPath.split("/runs/")[1] as string;
  const visitor = await browser.newPage();
  await book(visitor, fullRunId, "holder@example.com");
  await visitor.close();

  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const reader = await context.newPage();
    await reader.goto(`${server.url}/courses/all`);
    const card = reader.getByTestId("course-card").filter({ hasText: COURSE.title });
    await expect(card.getByRole("link", { name: "Register Now" })).toBeVisible();
    await expect(card.getByText("Join waiting list")).toHaveCount(0);
    await expect(card.getByText("Fully booked", { exact: true })).toHaveCount(0);
    await expect(card.getByTestId("earlier-full")).toContainText("fully booked. Next date with seats:");
    const href = (await card.getByRole("link", { name: "Register Now" }).getAttribute("href")) ?? "";
    expect(href).toContain("run=");
    expect(href).not.toContain(fullRunId);
    await context.close();
  }
});

test("a claimed waiting-list place shows the amount, a Pay now button and the booking", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await phone.newPage();
  const reference = await book(visitor, fullRunId, "waiting@example.com");
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}${fullRunPath}`);
  await page.getByRole("button", { name: "Cancel holder" }).click();
  await expect(page.getByText("holder is cancelled; their seat is free.")).toBeVisible();
  const match = (m: { to: string[]; subject: string }) =>
    m.to.includes("waiting@example.com") && /seat is free/.test(m.subject);
  await smtp.waitFor((messages) => messages.some(match), 30_000);
  const link = /http\S+\/register\/offer\/[\w-]+/.exec(smtp.messages.find(match)?.text ?? "")?.[0] as string;

  await visitor.goto(`${server.url}${new URL(link).pathname}`);
  await visitor.getByRole("button", { name: "Claim my place" }).click();
  await expect(visitor.getByRole("status")).toContainText("Your place is confirmed");
  await expect(visitor.getByTestId("claimed-amount")).toContainText("To pay: KES 95,000.00");
  await expect(visitor.getByRole("link", { name: "Pay now" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "See your booking" })).toHaveAttribute(
    "href",
    `/account/bookings/${reference}`,
  );
  await expectNoSeriousA11yViolations(visitor);
  await visitor.screenshot({ path: "test-results/waitlist-claimed-390.png", fullPage: true });
  await visitor.getByRole("link", { name: "Pay now" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`Pay booking ${reference}`);
  await expect(visitor.getByTestId("pay-due")).toHaveText("Still to pay: KES 95,000.00.");
  await phone.close();

  // the office, on the phone with the client, types the reference as it is read out
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/admin`);
    if (width === 390) await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("link", { name: "Bookings", exact: true }).locator("visible=true").first().click();
    // on a phone the filters fold behind their switch
    if (width === 390) await page.getByText("Filters", { exact: true }).click();
    const typed = width === 390 ? `mf ${reference.slice(3).toLowerCase()}` : reference.replace("-", "");
    await page.getByPlaceholder("Reference, organisation, contact, e-mail, phone").fill(typed);
    await page.getByPlaceholder("Reference, organisation, contact, e-mail, phone").press("Enter");
    // a whole reference opens its booking
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${reference}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  }
});
