import { parseListQuery, RegistrationQuerySchema } from "#app/back-office/index";
import { auditExport, registrationExport } from "#app/back-office/index.server";
import { csvResponse, exportDate } from "#app/platform/csv.server";
import { canExportBookings } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import type { Route } from "./+types/registrations.export";

/** The CSV of exactly the rows the list shows for the same query string, in the same order. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canExportBookings);
  requireRecentVerification(admin, args.request);
  const { actor } = admin;
  const query = parseListQuery(RegistrationQuerySchema, new URL(args.request.url));
  const { view: _view, page: _page, ...filter } = query;
  await auditExport(actor, { noun: "registrations", tableName: "course_registrations", query: filter });
  return csvResponse({ filename: `registrations-${exportDate()}.csv`, ...registrationExport(query) });
}
