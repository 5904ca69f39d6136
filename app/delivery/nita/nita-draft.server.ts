import { formatLongDate } from "#app/utils/dates";
import type { DeliveryRun } from "../delivery-run.server";
import { sessionClock } from "../delivery-run.server";

/** The words every page of a draft pack carries. */
export const NITA_DRAFT_MARK = "DRAFT - NOT FOR SUBMISSION TO NITA";

/**
 * What a pack lacks that NITA would return it for, though it can be made (decision 0682): the provider's NITA
 * registration number and the certificates (only issued after the last session). Until both exist the pack
 * is a draft: made, so the office can check it, but marked so on every page, and the screen says what is missing.
 */
export function nitaDraftReasons(
  run: Pick<DeliveryRun, "sessions">,
  providerNumber: string | null,
  certificates: number,
): string[] {
  const reasons: string[] = [];
  if (!providerNumber) reasons.push("the firm's NITA training provider registration number (in Settings)");
  const last = run.sessions.at(-1);
  if (!sessionClock(run.sessions).finished) {
    reasons.push(
      `the certificates: the course is still under way, they are issued after its last session${last ? ` on ${formatLongDate(last.date)}` : ""}`,
    );
  } else if (certificates === 0) {
    reasons.push("the certificates: none is issued to these participants yet");
  }
  return reasons;
}

/**
 * Stamps the draft mark across the top of every page of a PDF (the pack's own pages and, in the one-PDF pack,
 * the documents bound into it), so no page of a draft can be handed in as final. pdf-lib loads on first use
 * (decision 0603).
 */
export async function markDraftPages(pdf: Uint8Array, reasons: readonly string[]): Promise<Uint8Array> {
  if (reasons.length === 0) return pdf;
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.load(pdf);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const red = rgb(0xb9 / 255, 0x1c / 255, 0x1c / 255);
  for (const page of doc.getPages()) {
    const size = 11;
    const width = bold.widthOfTextAtSize(NITA_DRAFT_MARK, size);
    const y = page.getHeight() - 18;
    page.drawRectangle({
      x: (page.getWidth() - width) / 2 - 6,
      y: y - 4,
      width: width + 12,
      height: size + 7,
      color: rgb(1, 1, 1),
      borderColor: red,
      borderWidth: 1,
    });
    page.drawText(NITA_DRAFT_MARK, { x: (page.getWidth() - width) / 2, y, size, font: bold, color: red });
  }
  return doc.save();
}
