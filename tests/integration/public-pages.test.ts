import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { loader as layoutLoader } from "#app/routes/shell/public/layout";
import { loader as allCoursesLoader } from "#app/routes/site/public/courses.all";
import { loader as categoryLoader } from "#app/routes/site/public/courses.category";
import { loader as courseLoader } from "#app/routes/site/public/courses.course";
import { loader as homeLoader } from "#app/routes/site/public/home";
import { loader as sitemapLoader } from "#app/routes/site/public/sitemap";
import { listActiveCoursesWithoutSeats, listCourseYears } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { countActiveCourses } from "#app/site/testing.server";
import { setClock } from "#app/utils/clock";

afterEach(() => setClock(null));

/** The status and headers of what a loader threw with `data(…, init)`. */
const thrownInit = (error: unknown) => (error as { init?: ResponseInit } | undefined)?.init;

const SLUG = "strategic-planning-and-performance-management";

// Loaders receive more than these tests use; each takes what it reads (the pattern: these routes have no params).
const args = (url: string, params: Record<string, string> = {}) => {
  const request = new Request(`http://localhost${url}`);
  const { pathname } = new URL(request.url);
  return { request, url: new URL(request.url), pattern: pathname, params, context: {} } as never;
};

describe("public pages read the database", () => {
  it("a course edited in the database shows on its public pages", async () => {
    await db()
      .update(courses)
      .set({ title: "Strategic Planning Masterclass", cost: "99500", updatedAt: new Date() })
      .where(eq(courses.slug, SLUG));
    const { course } = await courseLoader(args(`/courses/${SLUG}`, { slug: SLUG }));
    expect(course.title).toBe("Strategic Planning Masterclass");
    expect(course.cost).toBe(99500);
    const home = await homeLoader();
    expect(home.featured[0]?.title).toBe("Strategic Planning Masterclass");
    const all = await allCoursesLoader(args("/courses/all?category=management"));
    expect(all.courses.map((c) => c.title)).toContain("Strategic Planning Masterclass");
    const category = await categoryLoader(args("/courses/management"));
    expect(category.courses.find((c) => c.slug === SLUG)?.cost).toBe(99500);
    const sitemap = await (await sitemapLoader()).text();
    expect(sitemap).toContain(`/courses/${SLUG}</loc>`);
  });

  it("an inactive course leaves the catalogue and its page answers 404", async () => {
    const before = await countActiveCourses();
    const [row] = await db()
      .select({ slug: courses.slug })
      .from(courses)
      .where(eq(courses.category, "county"))
      .limit(1);
    const slug = row?.slug ?? "";
    await db().update(courses).set({ status: "inactive" }).where(eq(courses.slug, slug));
    expect(await countActiveCourses()).toBe(before - 1);
    const error = await courseLoader(args(`/courses/${slug}`, { slug })).catch((e: unknown) => e);
    expect(thrownInit(error)?.status).toBe(404);
    await db().update(courses).set({ status: "active" }).where(eq(courses.slug, slug));
  });

  it("filters by category and by a year of the runs; year options are the years of runs on offer", async () => {
    // on 1 June 2025 the printed 2024 runs are history and the 2025 ones still ahead
    setClock("2025-06-01T09:00:00Z");
    const years = await listCourseYears();
    expect(years).toContain(2025);
    expect(years).not.toContain(2024);
    const county2025 = await listActiveCoursesWithoutSeats({ categories: ["county"], year: 2025 });
    expect(county2025.length).toBeGreaterThan(0);
    for (const course of county2025) {
      expect(course.category).toBe("county");
      expect(course.runs.some((r) => r.startDate?.startsWith("2025") || r.label?.includes("2025"))).toBe(
        true,
      );
    }
    const [course] = county2025;
    await db()
      .insert(courseRuns)
      .values({
        courseId: (course as { id: string }).id,
        startDate: "2036-02-04",
        label: "4th - 8th February 2036",
        venue: "Kigali, Rwanda",
      });
    expect((await listCourseYears()).at(-1)).toBe(2036);
    expect((await listActiveCoursesWithoutSeats({ year: 2036 })).map((c) => c.id)).toEqual([
      (course as { id: string }).id,
    ]);
  });

  it("the public layout answers 503 with Retry-After while site_maintenance is on", async () => {
    await setSettingValue(db(), "site_maintenance", true, null);
    try {
      const init = thrownInit(await layoutLoader().catch((e: unknown) => e));
      expect(init?.status).toBe(503);
      expect(Number(new Headers(init?.headers).get("Retry-After"))).toBeGreaterThan(0);
    } finally {
      await setSettingValue(db(), "site_maintenance", false, null);
    }
    const data = await layoutLoader();
    expect(data.settings.registration_enabled).toBe(true);
  });
});
