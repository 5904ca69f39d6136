import { listUpcomingRuns } from "#app/booking/index.server";
import { ICS_CONTENT_TYPE, runsCalendar } from "#app/site/index.server";

/** Every upcoming run as one iCalendar feed, for subscribing from a calendar app. */
export async function loader() {
  const body = runsCalendar("Mafunzo course calendar", await listUpcomingRuns());
  return new Response(body, {
    headers: {
      "Content-Type": ICS_CONTENT_TYPE,
      "Content-Disposition": 'inline; filename="mafunzo-courses.ics"',
      "Cache-Control": "public, max-age=600",
    },
  });
}
