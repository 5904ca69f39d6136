import { formatKes } from "#app/utils/cents";

/**
 * The M-PESA prompts that pay a balance under the per-transaction limit, in whole shillings as M-PESA takes
 * them: KES 330,000 under a 250,000 limit is [250,000, 80,000]. Safaricom declines a single payment above
 * the limit, so the pay page offers the balance in these parts rather than one prompt that cannot succeed.
 */
export function promptPlan(dueCents: number, limitShillings: number): number[] {
  let left = Math.ceil(Math.max(dueCents, 0) / 100);
  const parts: number[] = [];
  while (left > 0) {
    const part = Math.min(left, limitShillings);
    parts.push(part);
    left -= part;
  }
  return parts;
}

/** "KES 250,000.00 now, KES 80,000.00 next": how the page says the plan, or null when one prompt pays it all. */
export function promptPlanText(parts: readonly number[]): string | null {
  if (parts.length < 2) return null;
  const [first, second, ...rest] = parts.map((part) => formatKes(part * 100));
  const later = rest.length > 0 ? `, then ${rest.join(", ")}` : "";
  return `${first} now, ${second} next${later}`;
}

/** Said when an amount above the limit is asked for: what M-PESA takes, and how to pay the rest. */
export const overLimitMessage = (limitShillings: number) =>
  `M-PESA takes at most ${formatKes(limitShillings * 100)} in one payment: pay up to that now and the rest in a second prompt, or by bank transfer.`;
