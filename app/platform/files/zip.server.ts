import { storage } from "./storage.server";

export type ZipEntry = { name: string; data: Uint8Array };

/** A stored object's bytes (documents of a few hundred kilobytes: read whole). */
export async function readStored(key: string): Promise<Uint8Array> {
  const stored = await storage().get(key);
  if (!stored) throw new Error(`${key} is missing from storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A ZIP download of the given files (PDFs are already compressed: stored, not deflated again). */
export async function zipResponse(entries: ZipEntry[], filename: string) {
  // fflate loads with the first ZIP asked for, not in every process (decision 0603)
  const { zipSync } = await import("fflate");
  const zip = zipSync(Object.fromEntries(entries.map((e) => [e.name, [e.data, { level: 0 }]])));
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
