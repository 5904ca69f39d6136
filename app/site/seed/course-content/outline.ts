import type { CourseOutlineDay } from "#app/site/catalogue/course-outline";

/** What a buyer reads on a seeded course's page beyond its catalogue card (issue 49, decision 0785). */
export type SeedCourseContent = {
  targetAudience: string;
  objectives: string[];
  outline: CourseOutlineDay[];
  method: string;
};

/** One day of an outline, or `span` days that belong together (a field visit, a simulation). */
export type SeedDay = [title: string, topics: string[], span?: number];

/** Numbers the days in order, so an outline cannot skip or repeat a day. */
export function byDay(...days: SeedDay[]): CourseOutlineDay[] {
  let next = 1;
  return days.map(([title, topics, span = 1]) => {
    const entry = { fromDay: next, toDay: next + span - 1, title, topics };
    next += span;
    return entry;
  });
}
