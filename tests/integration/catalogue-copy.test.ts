import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { loader as coursesLoader } from "#app/routes/site/public/courses";
import { siteContent } from "#app/site/tables.server";
import { seedSiteContent } from "#app/site/testing.server";
import { today } from "#app/utils/dates";

// The catalogue's years are those of the runs on offer (the /courses page works them out itself); the copy
// an installation is seeded with names none, so it does not go stale.

const SEEDED_UNTIL_0016 =
  "Browse the 2024-2025 catalogue and select the course, date and venue that suit you or your team.";
const MIGRATION = fs.readFileSync("drizzle/0016_participation-step-without-years.sql", "utf8");

const YEAR_SPAN = /\b(20\d\d)\s*[-–]\s*(20\d\d)\b/;

async function participation() {
  const [row] = await db()
    .select({ value: siteContent.value })
    .from(siteContent)
    .where(eq(siteContent.key, "participation"));
  return row?.value as typeof seedSiteContent.participation;
}

async function storeParticipation(steps: typeof seedSiteContent.participation) {
  await db().update(siteContent).set({ value: steps }).where(eq(siteContent.key, "participation"));
}

describe("the catalogue's copy names no years", () => {
  it("a new installation's /courses page tells the visitor to browse the catalogue, with no years of its own", async () => {
    const page = await coursesLoader();
    for (const step of page.participation) expect(step.description).not.toMatch(YEAR_SPAN);
    expect(page.participation[0]?.description).toMatch(/^Browse the current catalogue/);
    // the years the page does name are those of the runs on offer, from this year on
    const [first] = (page.years ?? "").split("-");
    expect(Number(first)).toBeGreaterThanOrEqual(Number(today().slice(0, 4)));
  });

  it("an installation seeded before keeps its reworded steps, and loses the 2024-2025 of the unedited one", async () => {
    const seeded = seedSiteContent.participation.map((step, index) =>
      index === 0 ? { ...step, description: SEEDED_UNTIL_0016 } : step,
    );
    await storeParticipation(seeded);
    await db().execute(sql.raw(MIGRATION));
    expect(await participation()).toEqual(seedSiteContent.participation);

    const reworded = seeded.map((step, index) =>
      index === 0 ? { ...step, description: "Pick a course from our 2024-2025 catalogue." } : step,
    );
    await storeParticipation(reworded);
    await db().execute(sql.raw(MIGRATION));
    expect(await participation()).toEqual(reworded);
  });
});
