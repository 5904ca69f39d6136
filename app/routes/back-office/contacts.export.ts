import { ContactQuerySchema, parseListQuery } from "#app/back-office/index";
import { auditExport, CONTACT_EXPORT_HEADER, streamContacts } from "#app/back-office/index.server";
import { csvResponse, exportDate, mapRows } from "#app/platform/csv.server";
import { canExportBookings } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import { formatSortableDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/contacts.export";

/** The CSV of exactly the messages the list shows for the same query string. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canExportBookings);
  requireRecentVerification(admin, args.request);
  const { actor } = admin;
  const { page: _page, ...query } = parseListQuery(ContactQuerySchema, new URL(args.request.url));
  await auditExport(actor, { noun: "contacts", tableName: "contact_submissions", query });
  return csvResponse({
    filename: `contacts-${exportDate()}.csv`,
    header: CONTACT_EXPORT_HEADER,
    rows: mapRows(streamContacts(query), (r) => [
      r.name,
      r.email,
      r.phone,
      r.organization,
      r.courseInterest,
      r.message,
      r.status,
      r.source,
      formatSortableDateTime(r.createdAt),
    ]),
  });
}
