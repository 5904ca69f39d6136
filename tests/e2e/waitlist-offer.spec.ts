import { expect, type Page } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { addCourseDate } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";

// A server of its own with a real SMTP server: the offer link only exists in the e-mail.
let server: OwnServer["server"];
let smtp: OwnServer["smtp"];
const ADMIN = OWNER;

test.beforeAll(async ({ ownServer }) => {
  ({ server, smtp } = ownServer);
});

async function book(page: Page, runId: string, email: string) {
  await asNewVisitor(page);
  await page.goto(`${server.url}/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(email.split("@")[0] as string);
  await form.getByLabel("Email Address").fill(email);
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  return page.getByTestId("booking-confirmation");
}

test("a cancelled seat is offered by e-mail; the link claims it once and then says so", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const base = server.url;
  await loginAsAdmin(page, ADMIN, base);
  const start = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const runPath = await addCourseDate(page, base, { start, venue: "Eldoret, Kenya", capacity: "1" });
  const runId = runPath.split("/runs/")[1] as string;

  const visitor = await browser.newPage();
  await expect(await book(visitor, runId, "holder@example.com")).toContainText("Registration Successful!");
  await expect(await book(visitor, runId, "waiting@example.com")).toContainText("position 1");

  await page.reload();
  await page.getByRole("button", { name: "Cancel holder" }).click();
  await expect(page.getByText("holder is cancelled; their seat is free.")).toBeVisible();

  await smtp.waitFor(
    (messages) =>
      messages.some((m) => m.to.includes("waiting@example.com") && /seat is free/.test(m.subject)),
    30_000,
  );
  const offer = smtp.messages.find(
    (m) => m.to.includes("waiting@example.com") && /seat is free/.test(m.subject),
  );
  const link = /http\S+\/register\/offer\/[\w-]+/.exec(offer?.text ?? "")?.[0] as string;
  expect(link).toBeTruthy();
  const path = new URL(link).pathname;

  await visitor.goto(`${base}${path}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Your place from the waiting list");
  await visitor.getByRole("button", { name: "Claim my place" }).click();
  await expect(visitor.getByRole("status")).toContainText("Your place is confirmed");
  await visitor.goto(`${base}${path}`);
  await expect(visitor.getByText("This offer has already been claimed")).toBeVisible();
  const unknown = await visitor.goto(`${base}/register/offer/not-a-real-offer`);
  expect(unknown?.status()).toBe(404);
  await expect(visitor.getByText("This link is not valid.")).toBeVisible();
  await visitor.close();

  await page.reload();
  await expect(
    page.getByTestId("roster-row").filter({ hasText: "waiting@example.com" }).getByText("new"),
  ).toBeVisible();
});
