/** The HTTP answer for a generated PDF: shown in the browser, saved under `filename`. */
export function pdfResponse(buffer: Uint8Array, filename: string) {
  return new Response(new Uint8Array(buffer), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Content-Length": String(buffer.byteLength),
      // generated from the database at each request, so a cached copy must be revalidated
      "Cache-Control": "no-cache",
    },
  });
}
