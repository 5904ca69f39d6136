import { PDFDocument } from "pdf-lib";

/** One PDF of several, page for page and in order (a pack that binds documents issued on their own). */
export async function bindPdfs(title: string, parts: Uint8Array[]): Promise<Uint8Array> {
  const bound = await PDFDocument.create();
  bound.setTitle(title);
  bound.setAuthor("Mafunzo Training & Consultancy");
  bound.setProducer("Mafunzo");
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    for (const page of await bound.copyPages(source, source.getPageIndices())) bound.addPage(page);
  }
  return bound.save();
}
