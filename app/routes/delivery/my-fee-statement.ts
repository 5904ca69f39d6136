import { feeStatement, statementMonth } from "#app/delivery/index.server";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { getFirmIdentity } from "#app/site/index.server";
import { canSeeOwnRuns } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/my-fee-statement";

/** The signed-in trainer's own fee statement for a month as a PDF. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canSeeOwnRuns);
  const month = statementMonth(new URL(args.request.url));
  const statement = await feeStatement(admin.user.id, month);
  if (!statement) throw new Response("Not found", { status: 404 });
  const { renderFeeStatement } = await import("#app/delivery/pdf.server");
  const pdf = await renderFeeStatement(statement, await getFirmIdentity());
  return pdfResponse(pdf, `fee-statement-${month}.pdf`);
}
