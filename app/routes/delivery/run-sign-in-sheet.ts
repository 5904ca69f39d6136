import { listLiveParticipants, requireRunAllowed, requireRunRole } from "#app/delivery/index.server";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { getFirmIdentity } from "#app/site/index.server";
import { canReadRunDelivery } from "#app/staff/index";
import { fileNameSlug } from "#app/utils/file-name";
import type { Route } from "./+types/run-sign-in-sheet";

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireRunRole(args, canReadRunDelivery);
  const run = await requireRunAllowed(args, admin, canReadRunDelivery);
  const [people, firm] = await Promise.all([listLiveParticipants(run.id), getFirmIdentity()]);
  // the PDF libraries load with the first PDF asked for, not in every process (decision 0603)
  const { renderSignInSheet } = await import("#app/delivery/pdf.server");
  // masked (`•••• 4321`) for every role: enough to match a participant's ID card at the door, and the sheet
  // lies on a table all day (decision 0637)
  const rows = people.map((p) => ({ ...p, idNumber: p.maskedIdNumber }));
  const pdf = await renderSignInSheet(run, rows, firm);
  return pdfResponse(pdf, `sign-in-sheet-${fileNameSlug(run.courseTitle)}-${run.startDate ?? "undated"}.pdf`);
}
