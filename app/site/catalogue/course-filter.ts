import { z } from "zod";
import { COURSE_CATEGORIES } from "#app/platform/db/enums";

/**
 * The catalogue filters in the URL (?category=management&year=2025). "all", a missing value or one
 * that is not a category or a plausible year reads as no filter, so an edited link still shows a list.
 */
export const CourseFilterSchema = z.object({
  category: z.enum(COURSE_CATEGORIES).optional().catch(undefined),
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
});

export type CourseFilterInput = z.infer<typeof CourseFilterSchema>;

export function parseCourseFilter(searchParams: URLSearchParams): CourseFilterInput {
  return CourseFilterSchema.parse({
    category: searchParams.get("category") || undefined,
    year: searchParams.get("year") || undefined,
  });
}
