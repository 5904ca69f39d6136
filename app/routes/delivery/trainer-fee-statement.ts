import { data } from "react-router";
import { feeStatement, statementMonth } from "#app/delivery/index.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { getFirmIdentity } from "#app/site/index.server";
import { canReadTrainerFees } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { fileNameSlug } from "#app/utils/file-name";
import type { Route } from "./+types/trainer-fee-statement";

/** A trainer's fee statement for a month as a PDF, for finance and the owner. */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadTrainerFees);
  const userId = parseId(args.params.userId);
  const month = statementMonth(new URL(args.request.url));
  const statement = userId ? await feeStatement(userId, month) : undefined;
  if (!statement) throw data({ error: "No trainer with this account." }, { status: 404 });
  const { renderFeeStatement } = await import("#app/delivery/pdf.server");
  const pdf = await renderFeeStatement(statement, await getFirmIdentity());
  return pdfResponse(pdf, `fee-statement-${fileNameSlug(statement.trainer.name)}-${month}.pdf`);
}
