import { parseWithZod } from "@conform-to/zod/v4";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { previewQuote, QuoteSchema } from "#app/sales/index.server";
import { getFirmIdentity } from "#app/site/index.server";
import { canManageBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/enquiry.quote-preview";

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * The quote form's "Preview PDF": the PDF the client would receive, drawn from the form as it stands and stored
 * nowhere, so the office reads the total before sending (issue 45). Opened in a tab of its own.
 */
export async function action(args: Route.ActionArgs) {
  await requireAllowed(args, canManageBookings);
  const id = parseId(args.params.id);
  if (!id) return text("Enquiry not found", 404);
  const submission = parseWithZod(await readForm(args.request, QuoteSchema), { schema: QuoteSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.reply().error ?? {}).flatMap((messages) => messages ?? []);
    return text(`No preview: correct the quote form first.\n\n${[...new Set(errors)].join("\n")}`, 400);
  }
  const view = await previewQuote(id, submission.value);
  if (!view) return text("Enquiry not found", 404);
  const { renderQuotePdf } = await import("#app/sales/pdf.server");
  const pdf = await renderQuotePdf(view, await getFirmIdentity(), { preview: true });
  const response = pdfResponse(pdf, `quote-${view.quote.version}-preview.pdf`);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
