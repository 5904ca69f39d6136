import { describe, expect, it } from "vitest";
import { seedSiteContent } from "../seed/site-content";
import { withCourseCounts } from "./course-count";

const counts = {
  total: 37,
  byCategory: { management: 10, leadership: 5, county: 8, experiential: 7, faith: 7 },
};

describe("withCourseCounts", () => {
  it("writes the catalogue's counts into the seeded figures", () => {
    const { hero, stats, categoryCounters } = withCourseCounts(
      {
        hero: seedSiteContent.hero,
        stats: seedSiteContent.stats,
        categoryCounters: seedSiteContent.categoryCounters,
      },
      counts,
    );
    expect(hero?.badges).toContain("37 Training Programs");
    expect(stats).toContainEqual({ value: "37", label: "Training Programs" });
    // a counter counts what the category page it opens lists: Management lists the leadership courses too
    expect(categoryCounters?.map((c) => [c.label, c.value])).toEqual([
      ["Management", "15"],
      ["County Government", "8"],
      ["Experiential", "7"],
      ["Faith-Based", "7"],
    ]);
  });

  it("keeps a figure the admin wrote, and other sections as they are", () => {
    const stats = [{ value: "60+", label: "Training Programs" }];
    const contact = seedSiteContent.contact;
    expect(withCourseCounts({ stats, contact }, counts)).toEqual({ stats, contact });
  });
});
