import { BOOKING_REFERENCE_PATTERN } from "#app/booking/index";
import { clientStatement, requireClient } from "#app/bookings/index.server";
import { statementFileName, statementPdf } from "#app/money/index.server";
import { notFound } from "#app/platform/files/file-response.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import type { Route } from "./+types/account.statement";

/**
 * A statement of account as a PDF for the signed-in client (decision 0748): of a booking they may see
 * (`/account/statement/booking/<reference>`) or of their organisation (`/account/statement/organisation/<id>`).
 */
export async function loader(args: Route.LoaderArgs) {
  const { scope } = args.params;
  const key = scope === "booking" ? args.params.key.toUpperCase() : args.params.key;
  const valid =
    (scope === "booking" && BOOKING_REFERENCE_PATTERN.test(key)) ||
    (scope === "organisation" && parseId(key));
  if (!valid) return notFound();
  const client = await requireClient(args);
  const statement = await clientStatement(client, scope === "booking" ? "booking" : "organisation", key);
  if (!statement) return notFound();
  const response = pdfResponse(await statementPdf(statement), statementFileName(statement));
  response.headers.set("Cache-Control", "no-store");
  return response;
}
