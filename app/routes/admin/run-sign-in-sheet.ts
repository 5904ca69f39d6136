import { listLiveParticipants } from "#app/models/delivery-run.server";
import { getSiteContent } from "#app/models/site-content.server";
import { requireAdmin } from "#app/services/auth.server";
import { renderSignInSheet } from "#app/services/pdf/attendance.server";
import { pdfResponse } from "#app/services/pdf/pdf-kit.server";
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
  const pdf = await renderSignInSheet(run, people, contact);
  return pdfResponse(pdf, `sign-in-sheet-${fileNameSlug(run.courseTitle)}-${run.startDate ?? "undated"}.pdf`);
}
