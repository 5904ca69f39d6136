import { type Browser, expect, type Page } from "@playwright/test";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";

/** The firm's date in Nairobi `days` from now, as a date field takes it. */
export const inDays = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Adds a date to COURSE on its admin page, as the office does, and opens the date's page by its Participants
 * link: the date page's path (`/admin/courses/<id>/runs/<runId>`).
 */
export async function addCourseDate(
  page: Page,
  base: string,
  {
    start,
    end = start,
    venue,
    capacity,
    minimum,
  }: { start: string; end?: string; venue: string; capacity?: string; minimum?: string },
) {
  await page.goto(`${base}/admin/courses`);
  await page.getByRole("link", { name: COURSE.title }).first().click();
  await page.getByText("Add a course date").click();
  const form = page.locator("form#run-new");
  await form.getByLabel("Start date").fill(start);
  await form.getByLabel("End date").fill(end);
  await form.getByLabel("Venue").fill(venue);
  if (capacity) await form.getByLabel("Capacity").fill(capacity);
  if (minimum) await form.getByLabel("Minimum group").fill(minimum);
  await form.getByRole("button", { name: "Add course date" }).click();
  await expect(page.getByText("Course date added successfully")).toBeVisible();
  await page
    .getByTestId("course-run")
    .filter({ hasText: venue })
    .getByRole("link", { name: /^Participants/ })
    .click();
  await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/**
 * Books a group on a date of COURSE through the public form, as a county's HR contact does, in a browser of its
 * own; the booking's reference. Each participant's e-mail is their first
 * name and the contact's.
 */
export async function bookOnline(
  browser: Browser,
  base: string,
  runId: string,
  {
    contact,
    people,
    organization = "County Government of Nakuru",
    lpoNumber,
  }: { contact: string; people: string[]; organization?: string; lpoNumber?: string },
) {
  const page = await browser.newPage();
  await asNewVisitor(page);
  await page.goto(`${base}/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Grace Wambui");
  await form.getByLabel("Email Address").fill(contact);
  await form.getByLabel("Organization").fill(organization);
  await form.getByText("Booking for several people?").click();
  if (lpoNumber) await form.getByLabel("LPO number (optional)").fill(lpoNumber);
  const tag = contact.split("@")[0];
  for (const [i, name] of people.entries()) {
    await form.getByRole("button", { name: "Add another participant" }).click();
    const row = page.getByRole("group", { name: `Participant ${i + 1}` });
    await row.getByLabel("Full name").fill(name);
    await row.getByLabel("Email address").fill(`${name.split(" ")[0]?.toLowerCase()}.${tag}@county.example`);
  }
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = page.getByTestId("booking-confirmation");
  await expect(done).toContainText("Registration Successful!");
  const reference = /MF-[2-9A-HJKMNP-Z]{8}/.exec((await done.textContent()) ?? "")?.[0] ?? "";
  await page.close();
  return reference;
}
