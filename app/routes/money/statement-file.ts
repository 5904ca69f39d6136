import {
  bookingStatement,
  organisationStatement,
  statementFileName,
  statementPdf,
} from "#app/money/index.server";
import { notFound } from "#app/platform/files/file-response.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/statement-file";

const REFERENCE = /^MF-[A-Z0-9]{8}$/;

/**
 * A statement of account as a PDF (decision 0748): of one organisation (`/organisation/<id>`) or one booking
 * (`/booking/<reference>`), as it stands today; for all who read money.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const { scope, key } = args.params;
  const id = scope === "organisation" ? parseId(key) : null;
  const reference = scope === "booking" && REFERENCE.test(key) ? key : null;
  const statement = id
    ? await organisationStatement(id)
    : reference
      ? await bookingStatement(reference)
      : null;
  if (!statement) return notFound();
  const response = pdfResponse(await statementPdf(statement), statementFileName(statement));
  response.headers.set("Cache-Control", "no-store");
  return response;
}
