import { type APIRequestContext, expect, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { gotoHydrated } from "../helpers/hydration";
import { waitLikeAPerson } from "../helpers/like-a-person";
import { OWNER, test } from "./own-server";

const COURSE = "strategic-planning-and-performance-management";

/** The events of an .ics body as ical.js reads them. */
function events(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
}

async function ics(request: APIRequestContext, href: string) {
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  return response.text();
}

/** The run a Register link carries. */
async function carriedRun(link: ReturnType<Page["getByRole"]>) {
  const href = (await link.getAttribute("href")) ?? "";
  const url = new URL(href, "http://x");
  return { slug: url.searchParams.get("course") ?? "", runId: url.searchParams.get("run") ?? "" };
}

test("past runs are history: marked on the course page, never on a card or a Register button", async ({
  page,
}) => {
  await page.goto(`/courses/${COURSE}`);
  const past = page.getByTestId("past-run");
  await expect(past).toHaveCount(3);
  for (const run of await past.all()) {
    await expect(run.getByText("Past", { exact: true })).toBeVisible();
    await expect(run.getByRole("link")).toHaveCount(0);
  }
  await expect(past.last()).toContainText("4th - 8th March 2024");
  // the next upcoming run comes first, and the hero's button carries it
  const upcoming = page.getByTestId("course-run");
  expect(await upcoming.count()).toBeGreaterThan(0);
  const firstRegister = upcoming.first().getByRole("link", { name: /^Register/ });
  const hero = await carriedRun(page.getByRole("link", { name: /^Register Now/ }).first());
  expect(hero).toEqual(await carriedRun(firstRegister));

  await page.goto("/courses/all");
  const card = page.getByTestId("course-card").filter({ hasText: "Strategic Planning and Performance" });
  await expect(card).not.toContainText("2024");
  await expect(card).not.toContainText("March 2025");
  expect((await carriedRun(card.getByRole("link", { name: /^Register Now/ }))).runId).toBe(hero.runId);
});

test("a catalogue filtered by year carries that year's next run", async ({ page, request }) => {
  await page.goto("/courses/all");
  const years = (await page.getByLabel("Year").locator("option").allTextContents()).slice(1);
  expect(years.length).toBeGreaterThan(0);
  const feed = events(await ics(request, "/courses/calendar.ics"));
  for (const year of years) {
    await page.goto(`/courses/all?year=${year}`);
    const cards = page.getByTestId("course-card");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of (await cards.all()).slice(0, 5)) {
      const { slug, runId } = await carriedRun(
        card.getByRole("link", { name: /^(Register Now|Join waiting list)/ }),
      );
      const runsOfCourse = feed
        .filter((e) => (e.component.getFirstPropertyValue("url") as string).endsWith(`/courses/${slug}`))
        // a run is in every year it touches ("28th December 2026 - 8th January 2027" is in both)
        .filter((e) => e.startDate.year <= Number(year) && e.endDate.year >= Number(year))
        .sort((a, b) => a.startDate.compare(b.startDate));
      // one event per session (decision 0680): the first of the year is one of the carried run's days
      expect(runsOfCourse[0]?.uid, `${slug} in ${year}`).toMatch(
        new RegExp(`^course-run-${runId}-\\d{4}-\\d{2}-\\d{2}@mafunzo$`),
      );
    }
  }
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("course pages do not scroll sideways and every run's fee and button are reachable", async ({
    page,
  }) => {
    for (const slug of [
      COURSE,
      "county-integrated-development-planning",
      "data-analysis-and-reporting-with-excel-and-power-bi",
      "volcanoes-leadership-expedition-musanze",
      "project-design-and-resource-mobilisation-for-fbos",
    ]) {
      await page.goto(`/courses/${slug}`);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, slug).toBeLessThanOrEqual(innerWidth);
      for (const run of await page.getByTestId("course-run").all()) {
        await run.scrollIntoViewIfNeeded();
        await expect(run.getByText(/^KES /)).toBeInViewport({ ratio: 1 });
        const button = run.getByRole("link", { name: /^(Register|Join waiting list)/ });
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport({ ratio: 1 });
      }
    }
  });
});

test("the per-run .ics and the feed download and parse", async ({ page, request }) => {
  await page.goto(`/courses/${COURSE}`);
  const link = page
    .getByTestId("course-run")
    .first()
    .getByRole("link", { name: /^Add to calendar/ });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(new RegExp(`^/courses/${COURSE}/runs/[0-9a-f-]{36}\\.ics$`));
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${COURSE}-\\d{4}-\\d{2}-\\d{2}\\.ics$`));
  const [event] = events(await ics(request, href));
  expect(event?.summary).toBe("Strategic Planning and Performance Management");
  // a timed event per session, its first at 09:00 in Nairobi (06:00 UTC; decision 0680)
  expect(event?.startDate.isDate).toBe(false);
  expect(event?.startDate.toJSDate().getUTCHours()).toBe(6);
  expect(event?.location).toBeTruthy();

  const feed = events(await ics(request, "/courses/calendar.ics"));
  expect(feed.length).toBeGreaterThanOrEqual(37);
  expect(new Set(feed.map((e) => e.uid)).size).toBe(feed.length);
  expect(feed.map((e) => e.uid)).toContain(event?.uid);
  expect((await request.get(`/courses/${COURSE}/runs/not-a-run.ics`)).status()).toBe(404);
});

test.describe("the course calendar", () => {
  test("groups upcoming runs by month and filters by category and venue", async ({ page }) => {
    // the filters apply as they change once the page has hydrated, after its first paint (decision 0606)
    await gotoHydrated(page, "/courses/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Course Calendar" })).toBeVisible();
    const runs = page.getByTestId("calendar-run");
    const all = await runs.count();
    expect(all).toBeGreaterThanOrEqual(37);
    expect(await page.getByTestId("calendar-month").count()).toBeGreaterThan(3);

    await page.getByLabel("Category").selectOption({ label: "County Government" });
    await expect(page).toHaveURL(/category=county/);
    await expect.poll(() => runs.count()).toBeLessThan(all);
    for (const run of await runs.all()) await expect(run).toContainText("County Government");

    await page.getByLabel("Category").selectOption("all");
    await page.getByLabel("Venue", { exact: true }).selectOption("Mombasa, Kenya");
    await expect(page).toHaveURL(/venue=Mombasa/);
    await expect.poll(() => runs.count()).toBeGreaterThan(0);
    for (const run of await runs.all()) await expect(run).toContainText("Mombasa, Kenya");

    await runs.first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/courses\/[a-z0-9-]+$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the filter form submits as a GET", async ({ page }) => {
      await page.goto("/courses/calendar");
      await page.getByLabel("Category").selectOption({ label: "Faith-Based" });
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/\/courses\/calendar\?category=faith&venue=all$/);
      await expect(page.getByLabel("Category")).toHaveValue("faith");
      const runs = page.getByTestId("calendar-run");
      await expect(runs.first()).toBeVisible();
      for (const run of await runs.all()) await expect(run).toContainText("Faith-Based");
    });
  });

  test("a bad filter value is no filter, never an error", async ({ page }) => {
    const response = await page.goto(`/courses/calendar?category=cooking&venue=${"x".repeat(300)}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("calendar-run").count()).toBeGreaterThanOrEqual(37);
  });
});

test("a course without upcoming runs offers Notify me of new dates, and the admin sees the list", async ({
  page,
  browser,
  ownServer,
}) => {
  // on the worker's server: a course added to the shared one would change the catalogue counts other specs check
  // in the other worker while it exists
  test.setTimeout(90_000);
  const base = ownServer.base;
  const stamp = Date.now().toString(36);
  const title = `Records Management Clinic ${stamp}`;
  await loginAsAdmin(page, OWNER, base);
  await page.goto(`${base}/admin/courses/new`);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Cost (KES)").fill("45000");
  await page.getByLabel("Duration (days)").fill("3");
  await page.getByRole("button", { name: "Add Course" }).click();
  await expect(page.getByText("Course added successfully")).toBeVisible();
  const slug = await page.getByLabel("Slug").inputValue();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${base}/courses/all`);
  const card = visitor.getByTestId("course-card").filter({ hasText: title });
  await expect(card.getByText("No upcoming dates scheduled")).toBeVisible();
  await expect(card.getByRole("link", { name: /^Register/ })).toHaveCount(0);
  await card.getByRole("link", { name: /^Notify me of new dates/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/courses/${slug}#notify$`));
  await expect(visitor.getByRole("heading", { name: "No upcoming dates" })).toBeVisible();
  await expect(visitor.locator('a[href^="/register"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);

  const form = visitor.getByRole("form", { name: "Notify me of new dates" });
  // the form key must be a couple of seconds old (bot trap)
  await waitLikeAPerson(visitor);
  await form.getByRole("button", { name: "Notify me of new dates" }).click();
  await expect(form.getByText("Please fill in all required fields")).toBeVisible();
  await form.getByLabel("Full Name").fill("Nyokabi Wairimu");
  await form.getByLabel("Email Address").fill(`nyokabi.${stamp}@example.com`);
  await form.getByRole("button", { name: "Notify me of new dates" }).click();
  await expect(form.getByText("You're on the list!")).toBeVisible();
  await visitorContext.close();

  await page.reload();
  const list = page.getByRole("region", { name: /Interest list/ });
  await expect(list).toContainText("Interest list (1)");
  await expect(list).toContainText(`nyokabi.${stamp}@example.com`);

  // a new run, marked full: the visitor sees it as the next run, fully booked, with a waiting-list button
  const start = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  await page.getByText("Add a course date").click();
  const addRun = page.locator("form#run-new");
  await addRun.getByLabel("Start date").fill(start);
  await addRun.getByLabel("End date").fill(start);
  await addRun.getByLabel("Venue").fill("Kigali, Rwanda");
  await addRun.getByLabel("Capacity").fill("20");
  // sold by Nairobi in KES (a Kigali office's date is priced in RWF, which the public pages do not show yet)
  await addRun.getByLabel("Selling office").selectOption("nairobi");
  await addRun.getByLabel("Run status").selectOption("full");
  await addRun.getByRole("button", { name: "Add course date" }).click();
  await expect(page.getByText("Course date added successfully")).toBeVisible();
  const again = await browser.newPage();
  await again.goto(`${base}/courses/${slug}`);
  await expect(again.getByRole("heading", { name: "No upcoming dates" })).toHaveCount(0);
  const run = again.getByTestId("course-run");
  await expect(run).toContainText("Kigali, Rwanda");
  await expect(run.getByTestId("seats-note")).toHaveText("Fully booked");
  const waitingList = run.getByRole("link", { name: /^Join waiting list/ });
  expect(await waitingList.getAttribute("href")).toMatch(
    new RegExp(`^/register\\?course=${slug}&run=[0-9a-f-]{36}$`),
  );
  await again.close();

  // the catalogue counts of other specs stay as seeded
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete Course" }).click();
  await expect(page.getByText("Course deleted successfully")).toBeVisible();
});
