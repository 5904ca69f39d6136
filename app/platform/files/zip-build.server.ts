import { zipSync } from "fflate";

export type ZipEntry = { name: string; data: Uint8Array };

/**
 * A ZIP of the given files (PDFs and scans are already compressed: stored, not deflated again). Run on a worker
 * thread by zipResponse (decision 0668), so this module, and fflate with it, loads only where a ZIP is built.
 */
export async function buildZip(entries: ZipEntry[]): Promise<Uint8Array> {
  return zipSync(Object.fromEntries(entries.map((e) => [e.name, [e.data, { level: 0 }]])));
}
