import { listLiveParticipants } from "#app/models/delivery-run.server";
import { getSiteContent } from "#app/models/site-content.server";
import { requireAdmin } from "#app/services/auth.server";
import { pdfResponse } from "#app/services/pdf/pdf-response.server";
import { requireRun } from "#app/services/run-page.server";
import { fileNameSlug } from "#app/utils/file-name";
import type { Route } from "./+types/run-sign-in-sheet";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const run = await requireRun(args.params);
  const [people, { contact }] = await Promise.all([
    listLiveParticipants(run.id),
    getSiteContent(["contact"]),
  ]);
  // the PDF libraries load with the first PDF asked for, not in every process (decision 0603)
  const { renderSignInSheet } = await import("#app/services/pdf/attendance.server");
  const pdf = await renderSignInSheet(run, people, contact);
  return pdfResponse(pdf, `sign-in-sheet-${fileNameSlug(run.courseTitle)}-${run.startDate ?? "undated"}.pdf`);
}
