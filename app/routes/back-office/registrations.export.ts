import { parseListQuery, RegistrationQuerySchema } from "#app/back-office/index";
import { auditExport, type IdNumbersInExport, registrationExport } from "#app/back-office/index.server";
import { csvResponse, exportDate } from "#app/platform/csv.server";
import { canExportBookings, canSeeIdNumbers } from "#app/staff/index";
import { requireAllowed, requireRecentVerification, requireRule } from "#app/staff/index.server";
import type { Route } from "./+types/registrations.export";

/**
 * The CSV of exactly the rows the list shows for the same query string, in the same order. ID numbers come
 * masked; `idNumbers=full` writes them in full, for an account that may see them, audited as such (decision 0637).
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canExportBookings);
  const url = new URL(args.request.url);
  const idNumbers: IdNumbersInExport = url.searchParams.get("idNumbers") === "full" ? "full" : "masked";
  if (idNumbers === "full") requireRule(admin, canSeeIdNumbers);
  requireRecentVerification(admin, args.request);
  const { actor } = admin;
  const query = parseListQuery(RegistrationQuerySchema, url);
  const { view: _view, page: _page, ...filter } = query;
  await auditExport(actor, {
    noun: idNumbers === "full" ? "registrations with full ID numbers" : "registrations",
    tableName: "course_registrations",
    query: filter,
  });
  return csvResponse({
    filename: `registrations-${exportDate()}.csv`,
    ...registrationExport(query, idNumbers),
  });
}
