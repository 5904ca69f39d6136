import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { loader as courseLoader } from "#app/routes/site/public/courses.course";
import { courses } from "#app/site/tables.server";
import { seedCourses, seedCourseTerms } from "#app/site/testing.server";

const SLUG = "strategic-planning-and-performance-management";
const args = (slug: string) =>
  ({ request: new Request(`http://localhost/courses/${slug}`), params: { slug }, context: {} }) as never;

async function termsBySlug() {
  const rows = await db()
    .select({
      slug: courses.slug,
      feeIncludes: courses.feeIncludes,
      feeExcludes: courses.feeExcludes,
      certificate: courses.certificate,
    })
    .from(courses);
  return new Map(rows.map(({ slug, ...terms }) => [slug, terms]));
}

const expected = () => new Map(seedCourses.map((course) => [course.slug, seedCourseTerms(course)]));

afterEach(async () => {
  await setSettingValue(db(), "prices_include_vat", true, null);
  await setSettingValue(db(), "vat_registered", true, null);
});

describe("what a course's fee covers", () => {
  it("the seed gives each of the 37 courses its terms: county fees leave transport and accommodation out", async () => {
    const terms = await termsBySlug();
    expect(seedCourses).toHaveLength(37);
    for (const [slug, want] of expected()) expect(terms.get(slug), slug).toEqual(want);
    const county = seedCourses.filter((course) => course.category === "county");
    expect(county.length).toBeGreaterThan(0);
    for (const course of county) {
      expect(terms.get(course.slug)?.feeExcludes).toEqual(["Transport", "Accommodation"]);
    }
  });

  it("the migration's backfill gives a database seeded before it the same terms as the seed", async () => {
    // found by its name, not its number, which changes when migrations are renumbered at a merge
    const file = readdirSync("drizzle").find((name) => name.endsWith("_i38-course-facts.sql"));
    const migration = readFileSync(`drizzle/${file}`, "utf8");
    const backfill = migration.slice(migration.indexOf('UPDATE "courses"'));
    expect(backfill).toMatch(/^UPDATE "courses" SET/);
    await db().update(courses).set({ feeIncludes: [], feeExcludes: [], certificate: null });
    await db().execute(sql.raw(backfill));
    const terms = await termsBySlug();
    for (const [slug, want] of expected()) expect(terms.get(slug), slug).toEqual(want);
  });

  it("the course page states the fee's VAT from the finance settings", async () => {
    expect((await courseLoader(args(SLUG))).vatNote).toBe("VAT 16% included");
    await setSettingValue(db(), "prices_include_vat", false, null);
    expect((await courseLoader(args(SLUG))).vatNote).toBe("Plus VAT 16%");
    await setSettingValue(db(), "vat_registered", false, null);
    expect((await courseLoader(args(SLUG))).vatNote).toBe("No VAT charged");
  });
});
