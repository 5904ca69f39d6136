import { expect, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "../helpers/hydration";
import { test } from "./own-server";

type CourseData = {
  slug: string;
  title: string;
  runId: string | null;
  date: string | null;
  venue: string | null;
  cost: string;
  duration: string | null;
};

/**
 * Clicks a Register button and returns the course it carried in the URL and in navigation state. State is the
 * JavaScript way, so the click waits for the page to hydrate and its effects to run (a click before that is a
 * plain link: the course still travels in the URL, as "survives a reload" proves).
 */
async function follow(page: Page, button: Locator) {
  await waitForHydration(page);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await button.click();
  await expect(page).toHaveURL(/\/register\?course=/);
  const url = new URL(page.url());
  const courseData = (await page.evaluate(() => window.history.state?.usr?.courseData)) as CourseData;
  return { url, courseData };
}

function expectCarried({ url, courseData }: { url: URL; courseData: CourseData }, slug: string) {
  expect(url.searchParams.get("course")).toBe(slug);
  expect(courseData.slug).toBe(slug);
  expect(courseData.title.length).toBeGreaterThan(3);
  expect(courseData.cost).toMatch(/^KES \d{1,3}(,\d{3})*$/);
  expect(courseData.duration).toMatch(/^\d+ days?$/);
  expect(courseData.date).toBeTruthy();
  expect(courseData.venue).toBeTruthy();
  expect(url.searchParams.get("run")).toBe(courseData.runId);
}

/** The next upcoming run's printed dates, as the course page lists it first. */
async function nextRunLabel(page: Page, slug: string) {
  await page.goto(`/courses/${slug}`);
  return (await page.getByTestId("course-run").first().locator("div").first().textContent())?.trim();
}

test("Register Now on the home page carries the course and its next upcoming run", async ({ page }) => {
  const label = await nextRunLabel(page, "strategic-planning-and-performance-management");
  await page.goto("/");
  const carried = await follow(
    page,
    page
      .locator("#courses")
      .getByRole("link", { name: /^Register Now/ })
      .first(),
  );
  expectCarried(carried, "strategic-planning-and-performance-management");
  expect(carried.courseData).toMatchObject({
    title: "Strategic Planning and Performance Management",
    date: label,
    venue: "Naivasha, Kenya",
    cost: "KES 95,000",
    duration: "5 days",
  });
});

test("Register Now on /courses/all carries the course", async ({ page }) => {
  await page.goto("/courses/all?category=faith");
  const card = page.getByTestId("course-card").first();
  const slug =
    (await card.getByRole("heading").getByRole("link").getAttribute("href"))?.split("/").pop() ?? "";
  expectCarried(await follow(page, card.getByRole("link", { name: /^Register Now/ })), slug);
});

test("Register on a category page carries the course", async ({ page }) => {
  await page.goto("/courses/county-government");
  const card = page.getByTestId("course-card").nth(1);
  const slug =
    (await card.getByRole("heading").getByRole("link").getAttribute("href"))?.split("/").pop() ?? "";
  expectCarried(await follow(page, card.getByRole("link", { name: /^Register/ })), slug);
});

test("Register Now on a services page carries the course", async ({ page }) => {
  await page.goto("/services/experiential-learning");
  const card = page.getByTestId("course-card").first();
  const slug =
    (await card.getByRole("heading").getByRole("link").getAttribute("href"))?.split("/").pop() ?? "";
  expectCarried(await follow(page, card.getByRole("link", { name: /^Register Now/ })), slug);
});

test("Register on a course page carries the run chosen", async ({ page }) => {
  await page.goto("/courses/strategic-planning-and-performance-management");
  // the later of the two upcoming runs, not the first one
  const lastRun = page.getByTestId("course-run").last();
  const label = (await lastRun.locator("div").first().textContent())?.trim();
  const venue = (await lastRun.getByText(/, Kenya$/).textContent())?.trim();
  const carried = await follow(page, lastRun.getByRole("link", { name: /^Register/ }));
  expectCarried(carried, "strategic-planning-and-performance-management");
  expect(carried.courseData).toMatchObject({ date: label, venue });
});

test("the course survives a reload through the URL", async ({ page }) => {
  await page.goto("/");
  const href = await page
    .locator("#courses")
    .getByRole("link", { name: /^Register Now/ })
    .first()
    .getAttribute("href");
  expect(href).toMatch(
    /^\/register\?course=strategic-planning-and-performance-management&run=[0-9a-f-]{36}$/,
  );
});

test("while registration is switched off the buttons say Registration closed and link nowhere", async ({
  page,
  ownServer,
}) => {
  test.setTimeout(120_000);
  const { server } = ownServer;
  await ownServer.setSetting("registration_enabled", "false");
  try {
    await page.goto(`${server.url}/`);
    await expect(page.locator("#courses").getByText("Registration closed")).toHaveCount(6);
    await expect(page.locator('a[href^="/register?course="]')).toHaveCount(0);
  } finally {
    await ownServer.setSetting("registration_enabled", "true");
  }
});
