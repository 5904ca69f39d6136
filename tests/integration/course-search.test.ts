import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { loader as allCoursesLoader } from "#app/routes/site/public/courses.all";
import { COURSE_SEARCH_MESSAGES } from "#app/site/index";
import { courseRuns, courses } from "#app/site/tables.server";

// The catalogue's search (issue 49, decision 0781) runs in the database with pg_trgm, so this file runs on PGlite
// and, with DATABASE_URL, on PostgreSQL.

const args = (url: string) => {
  const request = new Request(`http://localhost${url}`);
  const { pathname } = new URL(request.url);
  return { request, url: new URL(request.url), pattern: pathname, params: {}, context: {} } as never;
};
const search = async (query: string) => allCoursesLoader(args(`/courses/all?${query}`));
const slugs = async (query: string) => (await search(query)).courses.map((course) => course.slug);

const STRATEGY = "strategic-planning-and-performance-management";

describe("the catalogue's search", () => {
  it("finds a course by its title, forgiving a misspelt word, and puts the best match first", async () => {
    expect((await slugs("q=strategic planning"))[0]).toBe(STRATEGY);
    expect((await slugs("q=stratgic planing"))[0]).toBe(STRATEGY);
    expect((await slugs("q=STRATEGIC"))[0]).toBe(STRATEGY);
  });

  it("searches the description and the outline", async () => {
    // "balanced scorecard" is in its description, PESTEL only in its outline
    expect(await slugs("q=balanced scorcard")).toContain(STRATEGY);
    expect(await slugs("q=pestel")).toContain(STRATEGY);
    expect(await slugs("q=pestle")).toContain(STRATEGY);
  });

  it("searches the outline by day: its days' titles and topics", async () => {
    await db()
      .update(courses)
      .set({
        outline: [{ fromDay: 1, toDay: 1, title: "Kaizen walkabout", topics: ["Gemba mapping drill"] }],
      })
      .where(eq(courses.slug, STRATEGY));
    expect(await slugs("q=walkabout")).toEqual([STRATEGY]);
    expect(await slugs("q=gemba")).toEqual([STRATEGY]);
  });

  it("searches the venues of the public runs, not of private ones", async () => {
    const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, STRATEGY));
    const [run] = await db()
      .select({ id: courseRuns.id })
      .from(courseRuns)
      .where(and(eq(courseRuns.courseId, course?.id ?? ""), eq(courseRuns.private, false)))
      .limit(1);
    await db()
      .update(courseRuns)
      .set({ venue: "Nanyuki, Kenya" })
      .where(eq(courseRuns.id, run?.id ?? ""));
    expect(await slugs("q=nanyuki")).toEqual([STRATEGY]);
    expect(await slugs("q=nanyuky")).toEqual([STRATEGY]);
    await db()
      .update(courseRuns)
      .set({ private: true })
      .where(eq(courseRuns.id, run?.id ?? ""));
    expect(await slugs("q=nanyuki")).toEqual([]);
  });

  it("needs every word, and keeps the category and year filters", async () => {
    expect(await slugs("q=strategic zzqxv")).toEqual([]);
    const county = await search("q=planning&category=county");
    expect(county.courses.length).toBeGreaterThan(0);
    expect(county.courses.every((course) => course.category === "county")).toBe(true);
    expect(county.courses.map((course) => course.slug)).not.toContain(STRATEGY);
  });

  it("shows every course for an empty or one-letter search, and refuses a long one with a message", async () => {
    const all = (await search("")).courses.length;
    expect(all).toBeGreaterThan(30);
    expect((await search("q=")).courses).toHaveLength(all);
    expect((await search("q=a")).courses).toHaveLength(all);
    const long = await search(`q=${"strategy ".repeat(12)}`);
    expect(long).toMatchObject({ q: "", searchError: COURSE_SEARCH_MESSAGES.tooLong });
    expect(long.courses).toHaveLength(all);
  });

  it("takes quotes, percent signs and SQL as plain words", async () => {
    expect(await slugs("q=%25%27%3B drop table courses%3B --")).toEqual([]);
    expect((await search("")).courses.length).toBeGreaterThan(30);
  });
});
