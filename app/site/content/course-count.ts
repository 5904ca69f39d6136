import { CATEGORY_PAGES, type CourseCategory, categoryPageOf } from "#app/utils/course-categories";
import type { SiteContent } from "../seed/site-content";

/**
 * Written in a figure of the site copy (the hero's badges and cards, the statistics, the category counters), it
 * stands for the number of active courses in the catalogue, and in a category counter for those of the category
 * page it links to (Management counts the leadership courses that page lists):
 * the site never states a count the catalogue does not have unless the admin writes the figure itself.
 */
export const COURSE_COUNT = "{courses}";

export type CourseCounts = { total: number; byCategory: Partial<Record<CourseCategory, number>> };

type Figures = Partial<Pick<SiteContent, "hero" | "stats" | "categoryCounters">>;

const fill = (text: string, count: number) => text.replaceAll(COURSE_COUNT, String(count));

const onCategoryPage = (category: CourseCategory, counts: CourseCounts) =>
  CATEGORY_PAGES[categoryPageOf(category)].categories.reduce(
    (sum, listed: CourseCategory) => sum + (counts.byCategory[listed] ?? 0),
    0,
  );

/** The content with every course count written in; other sections pass through unchanged. */
export function withCourseCounts<T extends Figures>(content: T, counts: CourseCounts): T {
  const result = { ...content };
  if (content.hero) {
    result.hero = {
      ...content.hero,
      badges: content.hero.badges.map((badge) => fill(badge, counts.total)),
      stats: content.hero.stats.map((stat) => ({ ...stat, value: fill(stat.value, counts.total) })),
    };
  }
  if (content.stats) {
    result.stats = content.stats.map((stat) => ({ ...stat, value: fill(stat.value, counts.total) }));
  }
  if (content.categoryCounters) {
    result.categoryCounters = content.categoryCounters.map((counter) => ({
      ...counter,
      value: fill(counter.value, onCategoryPage(counter.category, counts)),
    }));
  }
  return result;
}

/** Whether these sections of the content state figures that may count the catalogue. */
export const statesFigures = (keys: readonly string[]) =>
  keys.some((key) => key === "hero" || key === "stats" || key === "categoryCounters");
