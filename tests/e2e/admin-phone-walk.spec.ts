import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { COURSES, registerForCourse, uniqueTag } from "../helpers/public-submissions";

test.describe.configure({ timeout: 180_000 });

/** Every admin screen, the detail screens with a real record of each kind. */
async function adminScreens(page: Page) {
  const tag = uniqueTag();
  await registerForCourse(page, {
    name: `Walker ${tag}`,
    email: `walker.${tag}@example.com`,
    course: COURSES.project,
  });
  await loginAsAdmin(page);
  await page.goto(`/admin/registrations?q=${tag}`);
  const registration = await page
    .getByRole("link", { name: `Walker ${tag}`, exact: true })
    .first()
    .getAttribute("href");
  await page.goto("/admin/courses");
  const course = await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .getAttribute("href");
  await page.goto(course ?? "/admin/courses");
  const run = await page
    .getByRole("link", { name: /^Participants/ })
    .first()
    .getAttribute("href");
  return [
    "/admin/dashboard",
    "/admin/registrations",
    "/admin/registrations?view=cards",
    "/admin/registrations/deleted",
    registration,
    "/admin/contacts",
    "/admin/contacts/deleted",
    "/admin/courses",
    "/admin/courses/new",
    course,
    run ? new URL(run, page.url()).pathname : null,
    ...(run
      ? ["instructions", "attendance", "certificates", "feedback", "nita"].map(
          (child) => `${new URL(run, page.url()).pathname}/${child}`,
        )
      : []),
    "/admin/finance",
    "/admin/finance/payments",
    "/admin/finance/payments?view=unmatched",
    "/admin/finance/imports",
    "/admin/testimonials",
    "/admin/documents",
    "/admin/images",
    "/admin/content",
    "/admin/gallery",
    "/admin/audit-logs",
    "/admin/settings",
    "/admin/account",
    "/admin/security",
    "/admin/administrators",
    "/admin/registrations/00000000-0000-4000-8000-000000000000",
  ];
}

/** What a phone user would tap that is shorter than 44 px: controls and button-like links in the page. */
const smallTapTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "main :is(button, select, summary, textarea, input:not([type=checkbox], [type=radio], [type=hidden]), a.inline-flex, a.flex)",
      ),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.height < 44 && !el.closest(".sr-only");
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${el.getBoundingClientRect().height}px`,
      ),
  );

test("every admin screen fits a 390 px phone (no sideways scrolling, 44 px tap targets) and a 1440 px desktop", async ({
  page,
}) => {
  const screens = (await adminScreens(page)).filter((path): path is string => Boolean(path));
  expect(screens.length).toBeGreaterThanOrEqual(31);
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      if (width === 390) expect(await smallTapTargets(page), `${path} tap targets`).toEqual([]);
    }
  }
  // on a phone the registrations list is cards by default: the table's header row is not shown
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/registrations");
  await expect(page.getByRole("table", { name: "Course registrations" }).locator("thead")).toBeHidden();
  // and the filters fold behind a switch, so the first screen shows registrations
  await expect(page.getByRole("search", { name: "Filter" })).toBeHidden();
  await page.getByText("Filters", { exact: true }).click();
  await expect(page.getByRole("search", { name: "Filter" })).toBeVisible();
  await page.goto("/admin/registrations?status=new");
  await expect(page.getByText("Filters (1 set)")).toBeVisible();
  await expect(page.getByRole("search", { name: "Filter" })).toBeVisible();
});
