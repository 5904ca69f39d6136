import { AsyncLocalStorage } from "node:async_hooks";
import { renderUrgent } from "#app/platform/pdf/render-pool.server";

/*
 * A finance document drawn before the transaction that issues it (decision 0668). Issuing numbers the document
 * under the booking's lock and, on PGlite, with the one connection held; a render there (a receipt: a few hundred
 * milliseconds, seconds on a loaded machine) kept every payment of the booking, and every query on PGlite, waiting.
 * So the issue runs first as a rehearsal that stops, rolled back, where it would draw the PDF; the PDF is drawn
 * with no transaction open; then the issue runs for real and takes that PDF when the document came out the same
 * (number, day, figures), or draws it there when something moved in between.
 */

const moneyPdfs = () => import("#app/money/pdf.server");
type FinancePdfArgs = Parameters<Awaited<ReturnType<typeof moneyPdfs>>["renderFinanceDocumentPdf"]>;

type Drawing = { rehearsing: true } | { rehearsing: false; args: string; pdf: Uint8Array };
const drawing = new AsyncLocalStorage<Drawing>();

/** Thrown by a rehearsal where the PDF would be drawn: the transaction rolls back with nothing written. */
class Rehearsed extends Error {
  constructor(readonly args: FinancePdfArgs) {
    super("The document is drawn before it is issued");
  }
}

/** The PDF of a document being issued in the caller's transaction: drawn already, or drawn now. */
export function financeDocumentPdf(...args: FinancePdfArgs): Promise<Uint8Array> {
  const now = drawing.getStore();
  if (now?.rehearsing) throw new Rehearsed(args);
  if (now && now.args === JSON.stringify(args)) return Promise.resolve(now.pdf);
  return renderUrgent("money", moneyPdfs, "renderFinanceDocumentPdf", ...args);
}

/**
 * Runs `issue`, a transaction that issues at most one finance document, with the document drawn before it. An
 * issue that draws nothing (nothing due) is done by the rehearsal itself. `issue` must write nothing outside
 * its transaction before the document is drawn: the rehearsal stops there.
 */
export async function withDocumentDrawnFirst<T>(issue: () => Promise<T>): Promise<T> {
  let args: FinancePdfArgs;
  try {
    return await drawing.run({ rehearsing: true }, issue);
  } catch (error) {
    if (!(error instanceof Rehearsed)) throw error;
    args = error.args;
  }
  const pdf = await renderUrgent("money", moneyPdfs, "renderFinanceDocumentPdf", ...args);
  return drawing.run({ rehearsing: false, args: JSON.stringify(args), pdf }, issue);
}
