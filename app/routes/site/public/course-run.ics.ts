import { parseId } from "#app/platform/forms/admin-ids";
import { findCalendarRun, ICS_CONTENT_TYPE, runFileName, runsCalendar } from "#app/site/index.server";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/course-run.ics";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

/** One run as an .ics file ("Add to calendar" on the course page): /courses/<slug>/runs/<runId>.ics */
export async function loader({ params }: Route.LoaderArgs) {
  const runId = parseId(params.runFile?.replace(/\.ics$/, ""));
  if (!runId || !params.runFile?.endsWith(".ics")) return notFound();
  const run = await findCalendarRun(runId);
  if (!run || run.slug !== params.slug) return notFound();
  return new Response(runsCalendar(run.title, [run]), {
    headers: {
      "Content-Type": ICS_CONTENT_TYPE,
      "Content-Disposition": contentDisposition("attachment", runFileName(run)),
      "Cache-Control": "no-cache",
    },
  });
}
