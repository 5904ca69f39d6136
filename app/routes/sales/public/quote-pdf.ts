import { parseId } from "#app/platform/forms/admin-ids";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { getQuote, quoteSignatureValid } from "#app/sales/index.server";
import { getFirmIdentity } from "#app/site/index.server";
import type { Route } from "./+types/quote-pdf";

const notFound = () =>
  new Response("This quote link is not valid. Please use the link in your e-mail.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** A quote's PDF, from its signed link (no login). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id || !quoteSignatureValid(id, params.signature)) return notFound();
  const view = await getQuote(id);
  if (!view) return notFound();
  const { renderQuotePdf } = await import("#app/sales/pdf.server");
  const pdf = await renderQuotePdf(view, await getFirmIdentity());
  const response = pdfResponse(pdf, `quote-${view.quote.version}.pdf`);
  response.headers.set("X-Robots-Tag", "noindex");
  response.headers.set("Cache-Control", "private, no-cache");
  return response;
}
