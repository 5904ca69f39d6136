import type { FinanceLine } from "#app/money/tables.server";
import { formatKes } from "#app/utils/cents";

/**
 * A discounted line's list price, discount and net per participant with what gave the discount, as every
 * document and export prints it (decision 0750): "List KES 20,000.00 − KES 3,000.00 (Group of 4 …: 15% off) =
 * KES 17,000.00 each". Null for a line without a discount.
 */
export function discountDetail(
  line: Pick<FinanceLine, "listUnitCents" | "discountUnitCents" | "discounts" | "unitCents">,
): string | null {
  if (!line.discountUnitCents || line.listUnitCents === undefined) return null;
  const why = line.discounts?.length ? ` (${line.discounts.join("; ")})` : "";
  return `List ${formatKes(line.listUnitCents)} less ${formatKes(line.discountUnitCents)}${why} = ${formatKes(line.unitCents)} each`;
}

/**
 * A document's lines at list prices, the discounts taken off them and what gave them (each named once), as its
 * totals and the finance exports state them; the lines' own amounts are the net of these.
 */
export function documentDiscounts(lines: FinanceLine[]) {
  const discountCents = lines.reduce((sum, line) => sum + line.quantity * (line.discountUnitCents ?? 0), 0);
  const listCents = lines.reduce(
    (sum, line) => sum + line.quantity * (line.listUnitCents ?? line.unitCents),
    0,
  );
  const labels = [...new Set(lines.flatMap((line) => line.discounts ?? []))];
  return { listCents, discountCents, labels };
}
