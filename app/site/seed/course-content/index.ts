import { countyContent } from "./county";
import { experientialContent } from "./experiential";
import { faithContent } from "./faith";
import { leadershipContent } from "./leadership";
import { managementContent } from "./management";
import type { SeedCourseContent } from "./outline";

export type { SeedCourseContent } from "./outline";

/** Each seeded course's page content, by slug. */
export const seedCourseContent: Record<string, SeedCourseContent> = {
  ...managementContent,
  ...leadershipContent,
  ...countyContent,
  ...experientialContent,
  ...faithContent,
};
