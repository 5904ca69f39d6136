import { expect, type Page } from "@playwright/test";
import { COURSE } from "./forms-helpers";

/**
 * Adds a date to COURSE on its admin page, as the office does, and opens the date's page by its Participants
 * link: the date page's path (`/admin/courses/<id>/runs/<runId>`).
 */
export async function addCourseDate(
  page: Page,
  base: string,
  { start, end = start, venue, capacity }: { start: string; end?: string; venue: string; capacity?: string },
) {
  await page.goto(`${base}/admin/courses`);
  await page.getByRole("link", { name: COURSE.title }).first().click();
  await page.getByText("Add a run").click();
  const form = page.locator("form#run-new");
  await form.getByLabel("Start date").fill(start);
  await form.getByLabel("End date").fill(end);
  await form.getByLabel("Venue").fill(venue);
  if (capacity) await form.getByLabel("Capacity").fill(capacity);
  await form.getByRole("button", { name: "Add Run" }).click();
  await expect(page.getByText("Course run added successfully")).toBeVisible();
  await page
    .getByTestId("course-run")
    .filter({ hasText: venue })
    .getByRole("link", { name: /^Participants/ })
    .click();
  await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}
