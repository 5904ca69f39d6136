import zlib from "node:zlib";

/**
 * The text of a PDF written by @react-pdf/renderer (pdfkit): inflates its content streams and reads
 * the strings of the text operators. Enough to check what a generated document says; not a general
 * PDF parser.
 */
export function extractPdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const pieces: string[] = [];
  const streamPattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(source); match; match = streamPattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1] ?? "").includes("FlateDecode")
        ? zlib.inflateSync(raw).toString("latin1")
        : raw.toString("latin1");
    } catch {
      continue;
    }
    for (const op of content.matchAll(
      /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g,
    )) {
      const body = op[1] ?? op[2] ?? "";
      const strings = [...body.matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)/g)].map(([, hex, literal]) =>
        hex !== undefined
          ? Buffer.from(hex, "hex").toString("latin1")
          : (literal ?? "").replace(/\\(.)/g, "$1"),
      );
      pieces.push(strings.join(""));
    }
  }
  return pieces.join(" ");
}

/** Letters and digits only: text wraps across lines in a PDF, so spacing cannot be compared. */
export const squash = (text: string) => text.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
