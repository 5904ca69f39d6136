import { boundedHeavyWork } from "#app/platform/jobs/heavy-work.server";
import { renderOffThread } from "#app/platform/pdf/render-pool.server";
import { storage } from "./storage.server";
import type { ZipEntry } from "./zip-build.server";

export type { ZipEntry };

/** A stored object's bytes (documents of a few hundred kilobytes: read whole). */
export async function readStored(key: string): Promise<Uint8Array> {
  const stored = await storage().get(key);
  if (!stored) throw new Error(`${key} is missing from storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A ZIP download of the given files. */
export async function zipResponse(entries: ZipEntry[], filename: string) {
  // built on a worker thread when the server runs the pool (decision 0668), fflate loaded there with the first
  // ZIP (decision 0603); one ZIP is built at a time and the next waits its turn (decision 0651)
  const zip = await boundedHeavyWork(
    "zip",
    () => renderOffThread("zip", () => import("./zip-build.server"), "buildZip", entries),
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
