import { boundedHeavyWork } from "#app/platform/jobs/heavy-work.server";
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
  // fflate loads with the first ZIP asked for, not in every process (decision 0603); one ZIP is built at a time
  // and the next waits its turn (decision 0651)
  const { zipSync } = await import("fflate");
  const zip = await boundedHeavyWork(
    "zip",
    async () => zipSync(Object.fromEntries(entries.map((e) => [e.name, [e.data, { level: 0 }]]))),
    { waitTurn: true },
  );
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
