import { csvResponse, exportDate } from "#app/platform/csv.server";
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from "#app/sales/index";
import { listPipelineForExport, PIPELINE_EXPORT_HEADER } from "#app/sales/index.server";
import { canExportBookings } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import { centsToDecimal } from "#app/utils/cents";
import { formatSortableDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/pipeline.export";

/** Every enquiry, newest first, with its status, value and outcome: it names people, so it is audited. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canExportBookings);
  requireRecentVerification(admin, args.request);
  const rows = await listPipelineForExport(admin.actor);
  return csvResponse({
    filename: `pipeline-${exportDate()}.csv`,
    header: PIPELINE_EXPORT_HEADER,
    rows: (async function* () {
      for (const r of rows) {
        yield [
          formatSortableDateTime(r.createdAt),
          ENQUIRY_KIND_LABELS[r.kind],
          ENQUIRY_STATUS_LABELS[r.status],
          r.organisation,
          r.contactName,
          r.topic,
          r.participants,
          r.budgetCents === null ? null : centsToDecimal(r.budgetCents),
          r.owner,
          r.followUpOn,
          r.closedOn,
          r.lostReason,
        ];
      }
    })(),
  });
}
