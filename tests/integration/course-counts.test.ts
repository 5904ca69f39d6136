import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { loader as homeLoader } from "#app/routes/site/public/home";
import { getSiteContent } from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { seedSiteContent, setSiteContent } from "#app/site/testing.server";

describe("the site's figures count the catalogue (decision 0663)", () => {
  it("the home page's badge and counters follow the active courses", async () => {
    const home = await homeLoader();
    expect(home.hero.badges).toContain(`${home.total} Training Programs`);
    expect(home.categoryCounters.map((c) => c.value)).toEqual(["15", "8", "7", "7"]);

    const [course] = await db().select().from(courses).where(eq(courses.category, "county")).limit(1);
    await db()
      .update(courses)
      .set({ status: "inactive" })
      .where(eq(courses.id, course?.id ?? ""));
    try {
      const after = await homeLoader();
      expect(after.hero.badges).toContain(`${home.total - 1} Training Programs`);
      expect(after.categoryCounters.find((c) => c.category === "county")?.value).toBe("7");
    } finally {
      await db()
        .update(courses)
        .set({ status: "active" })
        .where(eq(courses.id, course?.id ?? ""));
    }
  });

  it("the migration turns the seeded counts of a database seeded before it into {courses}, nothing else", async () => {
    const file = readdirSync("drizzle").find((name) => name.endsWith("_i38f-course-counts.sql"));
    const migration = readFileSync(`drizzle/${file}`, "utf8");
    const before = {
      hero: {
        ...seedSiteContent.hero,
        badges: ["24+ Years", "1000+ Organizations", "50+ Training Programs"],
      },
      stats: seedSiteContent.stats.map((s) => (s.label === "Training Programs" ? { ...s, value: "50+" } : s)),
      categoryCounters: seedSiteContent.categoryCounters.map((c, i) => ({
        ...c,
        value: ["20+", "15+", "25+", "18+"][i] ?? "",
      })),
    };
    for (const key of ["hero", "stats", "categoryCounters"] as const)
      await setSiteContent(db(), key, before[key], null);
    for (const statement of migration.split("--> statement-breakpoint"))
      await db().execute(sql.raw(statement));
    const after = await getSiteContent(["hero", "stats", "categoryCounters", "about"]);
    expect(after.hero).toEqual(seedSiteContent.hero);
    expect(after.stats).toEqual(seedSiteContent.stats);
    expect(after.categoryCounters).toEqual(seedSiteContent.categoryCounters);
    expect(after.about).toEqual(seedSiteContent.about);

    // a figure the admin wrote stays
    const own = seedSiteContent.stats.map((s) =>
      s.label === "Training Programs" ? { ...s, value: "60+" } : s,
    );
    await setSiteContent(db(), "stats", own, null);
    for (const statement of migration.split("--> statement-breakpoint"))
      await db().execute(sql.raw(statement));
    expect((await getSiteContent(["stats"])).stats).toEqual(own);
    await setSiteContent(db(), "stats", seedSiteContent.stats, null);
  });
});
