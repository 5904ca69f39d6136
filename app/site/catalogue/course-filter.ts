import { z } from "zod";
import { COURSE_CATEGORIES } from "#app/platform/db/enums";

import { COURSE_SEARCH_MAX } from "#app/utils/course-search";

export { COURSE_SEARCH_MAX };

/** The most words a search looks for. */
const SEARCH_WORDS_MAX = 8;

export const COURSE_SEARCH_MESSAGES = {
  tooLong: `Search with at most ${COURSE_SEARCH_MAX} characters`,
} as const;

/**
 * The catalogue filters in the URL (?category=management&year=2025). "all", a missing value or one that is not a
 * category or a plausible year reads as no filter, so an edited link still shows a list.
 */
export const CourseFilterSchema = z.object({
  category: z.enum(COURSE_CATEGORIES).optional().catch(undefined),
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
});

/** The search box (?q=strategy), spaces tidied; a longer search is refused with a message, nothing searched. */
export const CourseSearchSchema = z
  .string()
  .transform((text) => text.replace(/\s+/g, " ").trim())
  .pipe(z.string().max(COURSE_SEARCH_MAX, COURSE_SEARCH_MESSAGES.tooLong));

export type CourseFilterInput = z.infer<typeof CourseFilterSchema> & {
  /** the search as the visitor typed it (spaces tidied), empty for none */
  q: string;
  /** the words searched for: letters and digits, in lower case, two characters or more */
  words: string[];
  /** why the search was not run (too long) */
  searchError?: string;
};

/** The words of a search: runs of letters and digits, lower case, at least two long, at most eight of them. */
export function searchWords(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

export function parseCourseFilter(searchParams: URLSearchParams): CourseFilterInput {
  const filter = CourseFilterSchema.parse({
    category: searchParams.get("category") || undefined,
    year: searchParams.get("year") || undefined,
  });
  const search = CourseSearchSchema.safeParse(searchParams.get("q") ?? "");
  if (!search.success) return { ...filter, q: "", words: [], searchError: search.error.issues[0]?.message };
  return { ...filter, q: search.data, words: searchWords(search.data) };
}
