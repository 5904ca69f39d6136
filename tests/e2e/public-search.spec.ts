import { expect, type Page } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { gotoHydrated, waitForHydration } from "../helpers/hydration";
import { OWNER, test } from "./own-server";

// Issue 49: the catalogue's search (typo-tolerant, as the visitor types, and as a plain GET form without
// JavaScript), the calendar's price, seats and Register button, and the card that offers the next date with seats.

const PHONE = { width: 390, height: 844 };
const STRATEGY = "Strategic Planning and Performance Management";

const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("on a 390 px phone with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("the search finds a course by a misspelt word as the visitor types", async ({ page }) => {
    await gotoHydrated(page, "/courses");
    await page.getByRole("link", { name: "Browse All Courses" }).click();
    await expect(page).toHaveURL(/\/courses\/all$/);
    await waitForHydration(page);
    const box = page.getByLabel("Search courses");
    await box.click();
    await box.pressSequentially("stratgic plannig", { delay: 80 });
    // no button pressed: the list follows the typing
    await expect(page.getByTestId("result-line")).toHaveText(
      /^Showing \d+ courses? matching “stratgic plannig”$/,
    );
    await expect(page).toHaveURL(/[?&]q=stratgic\+plannig/);
    await expect(page.getByTestId("course-card").first()).toContainText(STRATEGY);
    await expect(box).toBeFocused();
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await box.fill("zzqxv");
    await expect(page.getByText("No course matches “zzqxv”.")).toBeVisible();
  });

  test("a calendar row shows its price, seats left and a Register button that carries the run", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Course Calendar" }).click();
    await expect(page).toHaveURL(/\/courses\/calendar$/);
    const row = page.getByTestId("calendar-run").first();
    await expect(row.getByTestId("calendar-price")).toHaveText(/^KES [\d,]+$/);
    await expect(row.getByTestId("calendar-seats")).toHaveText(/^(\d+ seats? left|Fully booked)$/);
    const register = row.getByRole("link", { name: /^(Register|Join waiting list): / });
    await expect(register).toBeVisible();
    expect(await fitsThePhone(page)).toBe(true);
    await register.click();
    await expect(page).toHaveURL(/\/register\?course=[a-z0-9-]+&run=[0-9a-f-]{36}$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the search is a GET form: a misspelt word finds the course, the query stays in the URL", async ({
    page,
  }) => {
    await page.goto("/courses");
    await page.getByRole("link", { name: "Browse All Courses" }).click();
    await page.getByLabel("Search courses").fill("perfomance managment");
    await page.getByLabel("Search courses").press("Enter");
    await expect(page).toHaveURL(/\/courses\/all\?.*q=perfomance\+managment/);
    await expect(page.getByTestId("result-line")).toHaveText(/matching “perfomance managment”$/);
    await expect(page.getByTestId("course-card").first()).toContainText(STRATEGY);
    await expect(page.getByLabel("Search courses")).toHaveValue("perfomance managment");

    // a search longer than the box allows, typed into the address bar, is refused with a message
    await page.goto(`/courses/all?q=${"strategy%20".repeat(12)}`);
    await expect(page.getByText("Search with at most 100 characters")).toBeVisible();
    await expect(page.getByTestId("result-line")).toHaveText(/^Showing 3\d courses$/);
  });
});

test("a card whose next date is full offers the next date with seats, then the waiting list", async ({
  page,
  browser,
  ownServer,
}) => {
  // on the worker's server: the course added here would change the catalogue counts other specs check
  test.setTimeout(120_000);
  const base = ownServer.base;
  const stamp = Date.now().toString(36);
  const title = `Board Governance Clinic ${stamp}`;
  await loginAsAdmin(page, OWNER, base);
  await page.goto(`${base}/admin/courses/new`);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Cost (KES)").fill("45000");
  await page.getByLabel("Duration (days)").fill("2");
  await page.getByRole("button", { name: "Add Course" }).click();
  await expect(page.getByText("Course added successfully")).toBeVisible();

  const addRun = async (days: number, venue: string, status: "full" | "open") => {
    const start = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const form = page.locator("form#run-new");
    // the disclosure stays open after the first run is added
    if (!(await form.getByLabel("Start date").isVisible())) await page.getByText("Add a course date").click();
    await form.getByLabel("Start date").fill(start);
    await form.getByLabel("End date").fill(start);
    await form.getByLabel("Venue").fill(venue);
    await form.getByLabel("Capacity").fill("20");
    await form.getByLabel("Run status").selectOption(status);
    await form.getByRole("button", { name: "Add course date" }).click();
    await expect(page.getByText("Course date added successfully")).toBeVisible();
  };
  await addRun(40, "Naivasha, Kenya", "full");
  await addRun(80, "Kisumu, Kenya", "open");

  const visitor = await browser.newPage({ viewport: PHONE });
  await visitor.goto(`${base}/courses/all?q=${encodeURIComponent(`governance clinic ${stamp}`)}`);
  const card = visitor.getByTestId("course-card").filter({ hasText: title });
  await expect(card.getByTestId("earlier-full")).toContainText("fully booked. Next date with seats:");
  await expect(card).toContainText("Kisumu, Kenya");
  await expect(card.getByRole("link", { name: `Register Now: ${title}` })).toBeVisible();
  await expect(card.getByRole("link", { name: /^Join waiting list/ })).toHaveCount(0);

  // with the later date full too, the card offers the waiting list of the first
  await page.reload();
  const kisumu = page.getByTestId("course-run").filter({ hasText: "Kisumu, Kenya" });
  await kisumu.locator("summary").filter({ hasText: "Edit run" }).click();
  await kisumu.getByLabel("Run status").selectOption("full");
  await kisumu.getByRole("button", { name: "Save course date" }).click();
  await expect(page.getByText("Course date updated successfully")).toBeVisible();
  await visitor.reload();
  await expect(card.getByTestId("earlier-full")).toHaveCount(0);
  await expect(card).toContainText("Naivasha, Kenya");
  await expect(card.getByRole("link", { name: `Join waiting list: ${title}` })).toBeVisible();
  await visitor.close();

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete Course" }).click();
  await expect(page.getByText("Course deleted successfully")).toBeVisible();
});
