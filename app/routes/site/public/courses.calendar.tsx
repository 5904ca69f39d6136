import { listUpcomingRuns } from "#app/booking/index.server";
import { Icon } from "#app/components/icons/icon";
import { PageHero } from "#app/components/public/page-sections";
import { CalendarFilters, CalendarMonths } from "#app/routes/site/public/components/course-calendar";
import { parseCalendarFilter } from "#app/site/index";
import { listUpcomingVenues } from "#app/site/index.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/courses.calendar";

export async function loader({ request }: Route.LoaderArgs) {
  const filter = parseCalendarFilter(new URL(request.url).searchParams);
  const [runs, venues] = await Promise.all([listUpcomingRuns(filter), listUpcomingVenues()]);
  return { runs, venues, ...filter };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Course Calendar | Upcoming Training Dates",
    description:
      "Every upcoming Mafunzo course date by month, with venues across East Africa; filter by category and venue or subscribe to the calendar feed.",
  });

export default function CourseCalendar({ loaderData }: Route.ComponentProps) {
  const { runs, venues, category, venue } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Upcoming dates"
        title="Course Calendar"
        intro="Every scheduled course date by month. Filter by category and venue, or add the whole calendar to your own."
      >
        <a
          href="/courses/calendar.ics"
          className="inline-flex items-center gap-2 rounded-md bg-accent-500 px-5 py-2.5 font-semibold text-brand-900 hover:bg-accent-400"
        >
          <Icon name="calendar-days" className="size-5" />
          Subscribe (iCalendar)
        </a>
      </PageHero>
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="calendar-results">
        <CalendarFilters category={category} venue={venue} venues={venues} />
        <p id="calendar-results" className="mt-6 font-semibold text-slate-700" aria-live="polite">
          {runs.length === 0
            ? "No upcoming course dates match your filters."
            : `${runs.length} upcoming ${runs.length === 1 ? "run" : "runs"}`}
        </p>
        <CalendarMonths runs={runs} />
      </section>
    </>
  );
}
