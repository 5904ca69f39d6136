import fsp from "node:fs/promises";

export type DocumentType = { ext: "pdf" | "doc" | "docx" | "txt" | "jpg" | "png"; mime: string };

const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

// Markup is not a plain-text document, whatever its name says: it is what a browser would run.
const MARKUP = /^\s*<(\?xml|!doctype|html|svg)|<script/i;

/** Plain text: valid UTF-8 with no NUL bytes (binary formats nearly always contain one), and not markup. */
async function isPlainText(file: string) {
  const bytes = await fsp.readFile(file);
  if (bytes.includes(0)) return false;
  try {
    return !MARKUP.test(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return false;
  }
}

/**
 * What a document really is, judged by its bytes, never by its name; null when it is not one of the accepted
 * kinds (pdf, doc, docx, txt, jpg, png).
 */
export async function detectDocumentType(file: string): Promise<DocumentType | null> {
  const { fileTypeFromFile } = await import("file-type");
  const found = await fileTypeFromFile(file);
  switch (found?.ext) {
    case "pdf":
      return { ext: "pdf", mime: "application/pdf" };
    case "docx":
      return { ext: "docx", mime: found.mime };
    case "jpg":
      return { ext: "jpg", mime: "image/jpeg" };
    case "png":
      return { ext: "png", mime: "image/png" };
    case "cfb": {
      // an OLE container is also what old Excel, PowerPoint and MSI files are: a Word file has this stream
      const bytes = await fsp.readFile(file);
      return bytes.includes(WORD_STREAM) ? { ext: "doc", mime: "application/msword" } : null;
    }
    case undefined:
      return (await isPlainText(file)) ? { ext: "txt", mime: "text/plain; charset=utf-8" } : null;
    default:
      return null;
  }
}
