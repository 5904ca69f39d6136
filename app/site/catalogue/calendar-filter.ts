import { z } from "zod";
import { COURSE_CATEGORIES } from "#app/platform/db/enums";
import { queryText } from "#app/platform/forms/query";

/**
 * The course calendar's filters in the URL (?category=county&venue=Mombasa%2C+Kenya). "all", a missing
 * value or one that is not a category reads as no filter; a venue is matched exactly, so an unknown one
 * simply lists no runs (the page says so), never an error.
 */
export const CalendarFilterSchema = z.object({
  category: z.enum(COURSE_CATEGORIES).optional().catch(undefined),
  venue: queryText(120).transform((v) => v || undefined),
});

export type CalendarFilterInput = z.infer<typeof CalendarFilterSchema>;

export function parseCalendarFilter(searchParams: URLSearchParams): CalendarFilterInput {
  const venue = searchParams.get("venue");
  return CalendarFilterSchema.parse({
    category: searchParams.get("category") || undefined,
    venue: venue && venue !== "all" ? venue : undefined,
  });
}
