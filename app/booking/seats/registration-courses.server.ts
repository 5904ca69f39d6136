import { db, type Executor } from "#app/platform/db/client.server";
import { DELIVERY_LABELS, listActiveCoursesWithoutSeats } from "#app/site/index.server";
import { formatDuration, formatLongDate } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { isOfferedRun } from "#app/utils/runs";
import { withSeats } from "./runs-with-seats.server";

export type RegistrationRun = {
  id: string;
  date: string | null;
  venue: string | null;
  cost: string | null;
  /** the fee in whole KES, for the form's total; null: on request */
  price: number | null;
  mode: string;
  /** Seats still free; null when the run has no capacity. */
  seatsLeft: number | null;
};
export type RegistrationCourse = {
  slug: string;
  title: string;
  duration: string | null;
  cost: string | null;
  price: number | null;
  runs: RegistrationRun[];
};

/** The active courses and their runs on offer as the registration forms offer them, with their free seats. */
export async function listRegistrationCourses(executor: Executor = db()): Promise<RegistrationCourse[]> {
  const catalogue = await listActiveCoursesWithoutSeats({}, executor);
  const onOffer = catalogue.map((course) => ({ ...course, runs: course.runs.filter(isOfferedRun) }));
  return (await withSeats(onOffer, executor)).map((course) => ({
    slug: course.slug,
    title: course.title,
    duration: formatDuration(course.durationDays),
    cost: formatKsh(course.cost),
    price: course.cost,
    runs: course.runs.map((run) => ({
      id: run.id,
      date: run.label ?? (run.startDate ? formatLongDate(run.startDate) : null),
      venue: run.venue,
      cost: formatKsh(run.cost),
      price: run.cost,
      mode: DELIVERY_LABELS[run.deliveryMode],
      seatsLeft: run.seatsLeft,
    })),
  }));
}
