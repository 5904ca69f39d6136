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
