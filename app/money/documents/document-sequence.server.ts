import { sql } from "drizzle-orm";
import { documentSequences } from "#app/money/tables.server";
import type { Executor } from "#app/platform/db/client.server";

/**
 * The next number of a per-year sequence, taken inside the transaction that issues the document: the row
 * stays locked until that transaction ends, so concurrent issuers queue and a rolled-back one gives its number
 * back (gap-free and race-free, unlike a database SEQUENCE).
 */
export async function nextDocumentNumber(tx: Executor, kind: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.kind, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ n: documentSequences.lastNumber });
  if (!row) throw new Error(`No number for ${kind} ${year}`);
  return row.n;
}

/** PRO-2026-0001 */
export function formatDocumentNumber(prefix: string, year: number, n: number) {
  return `${prefix}-${year}-${String(n).padStart(4, "0")}`;
}
