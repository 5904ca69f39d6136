import type { BookableCourse } from "#app/site/index.server";
import type { courseRuns } from "#app/site/tables.server";
import { formatDuration } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";

/**
 * The course details stored with a registration, from the course and run rows read on the server: the text a
 * browser posts is never trusted. The caller has checked that the run is of this course and not cancelled.
 */
export function courseSnapshot(
  course: BookableCourse,
  run: Pick<typeof courseRuns.$inferSelect, "id" | "label" | "venue" | "costOverride"> | null,
) {
  return {
    courseId: course.id,
    runId: run?.id ?? null,
    courseName: course.title,
    courseDate: run?.label ?? null,
    courseVenue: run?.venue ?? null,
    courseCost: formatKsh(run?.costOverride ?? course.cost),
    courseDuration: formatDuration(course.durationDays),
  };
}
