import { parseAuditLogFilter } from "#app/back-office/index";
import { auditExport, streamAuditLogs } from "#app/back-office/index.server";
import { csvResponse, exportDate, mapRows } from "#app/platform/csv.server";
import { canExportAudit } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import { formatSortableDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/audit-logs.export";

/** Spec §7: audit-logs-{date}.csv of the filtered rows (all of them, not only the page on screen). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canExportAudit);
  requireRecentVerification(admin, args.request);
  const { actor } = admin;
  const { page: _page, ...filter } = parseAuditLogFilter(new URL(args.request.url).searchParams);
  // recorded first, so the export that contains it also shows who took it
  await auditExport(actor, { noun: "audit logs", tableName: "admin_audit_logs", query: filter });
  return csvResponse({
    filename: `audit-logs-${exportDate()}.csv`,
    header: ["Timestamp", "Action", "Table", "Record ID", "Details"],
    rows: mapRows(streamAuditLogs(filter), (r) => [
      formatSortableDateTime(r.createdAt),
      r.action,
      r.tableName,
      r.recordId,
      JSON.stringify({ old: r.oldValues, new: r.newValues }),
    ]),
  });
}
