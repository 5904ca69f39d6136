import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { FOOTER_BOTTOM, FOOTER_SIZE, PAGE_MARGIN } from "./page-foot";

// wide enough for "Page 999 of 999" at the foot's size
const COVER_WIDTH = 80;
const FOOT_GREY = rgb(0x64 / 255, 0x74 / 255, 0x8b / 255);

/**
 * One PDF of several, page for page and in order (a pack that binds documents issued on their own). With
 * `numberPages`, every page gets "Page n of N" counted across the whole pack, where a branded page's foot
 * carries its number: render the parts with `numbered={false}` so no page shows two counts.
 */
export async function bindPdfs(
  title: string,
  parts: Uint8Array[],
  { numberPages = false, author = "Mafunzo Training & Consultancy" } = {},
): Promise<Uint8Array> {
  const bound = await PDFDocument.create();
  bound.setTitle(title);
  bound.setAuthor(author);
  bound.setProducer("Mafunzo");
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    for (const page of await bound.copyPages(source, source.getPageIndices())) bound.addPage(page);
  }
  if (numberPages) {
    const font = await bound.embedFont(StandardFonts.Helvetica);
    const pages = bound.getPages();
    pages.forEach((page, index) => {
      const text = `Page ${index + 1} of ${pages.length}`;
      const width = font.widthOfTextAtSize(text, FOOTER_SIZE);
      // a document bound as issued carries its own "Page 1 of 1" here: the pack's count covers it
      page.drawRectangle({
        x: page.getWidth() - PAGE_MARGIN - COVER_WIDTH,
        y: FOOTER_BOTTOM - 3,
        width: COVER_WIDTH,
        height: FOOTER_SIZE + 6,
        color: rgb(1, 1, 1),
      });
      page.drawText(text, {
        x: page.getWidth() - PAGE_MARGIN - width,
        y: FOOTER_BOTTOM,
        size: FOOTER_SIZE,
        font,
        color: FOOT_GREY,
      });
    });
  }
  return bound.save();
}

/** A scanned page (a JPG or PNG photo) as a one-page A4 PDF, the image fitted inside the margins, to bind in. */
export async function imagePagePdf(image: Uint8Array, type: "image/png" | "image/jpeg", title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  // a copy: the embedders read the whole underlying buffer, not a Buffer's slice of Node's pool
  const bytes = new Uint8Array(image);
  const embedded = type === "image/png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  const [width, height] = [595.28, 841.89];
  // room below for the pack's "Page n of N"
  const box = { width: width - 2 * PAGE_MARGIN, height: height - 2 * PAGE_MARGIN - FOOTER_SIZE - 12 };
  const scale = Math.min(box.width / embedded.width, box.height / embedded.height);
  const drawn = { width: embedded.width * scale, height: embedded.height * scale };
  const page = pdf.addPage([width, height]);
  page.drawImage(embedded, {
    x: (width - drawn.width) / 2,
    y: height - PAGE_MARGIN - drawn.height,
    ...drawn,
  });
  return pdf.save();
}
