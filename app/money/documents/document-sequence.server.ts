import { sql } from "drizzle-orm";
import { documentSequences } from "#app/money/tables.server";
import type { OfficeCode } from "#app/offices/index";
import type { Executor } from "#app/platform/db/client.server";

/**
 * The next number of a selling office's per-year sequence, taken inside the transaction that issues the
 * document: the row stays locked until that transaction ends, so concurrent issuers queue and a rolled-back one
 * gives its number back (gap-free and race-free, unlike a database SEQUENCE). Each office has its own rows
 * (decision 0791): a Kampala receipt never moves Nairobi's series.
 */
export async function nextDocumentNumber(
  tx: Executor,
  kind: string,
  year: number,
  office: OfficeCode = "nairobi",
): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ office, kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.office, documentSequences.kind, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ n: documentSequences.lastNumber });
  if (!row) throw new Error(`No number for ${kind} ${year}`);
  return row.n;
}

/** PRO-2026-0001; with an office's prefix, KLA-RCT-2026-0001 (Nairobi's prefix is empty). */
export function formatDocumentNumber(prefix: string, year: number, n: number, officePrefix = "") {
  return `${officePrefix}${prefix}-${year}-${String(n).padStart(4, "0")}`;
}
