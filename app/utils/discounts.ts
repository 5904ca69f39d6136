import { divideRoundHalfUp, formatKes } from "./cents";
import { formatLongDate } from "./dates";

/*
 * What one participant pays, in the order of decision 0750: the list price, then the early-bird discount, then
 * the group rate, then a code, each taken from what the one before left, rounded half up to the cent and never
 * below nothing. The server prices invoices with it; the public form previews its total with it.
 */

/** A discount's size: a percentage in basis points (1,000 = 10 %) or an amount off, in cents. */
export type DiscountTerms = { percentBp: number | null; amountCents: number | null };
export type EarlyBird = DiscountTerms & { until: string };
export type GroupRate = DiscountTerms & { minParticipants: number };
export type CodeTerms = DiscountTerms & { code: string };

export type DiscountKind = "early_bird" | "group" | "code";
export type DiscountStep = { kind: DiscountKind; label: string; cents: number };
export type ParticipantPrice = {
  listCents: number;
  netCents: number;
  discountCents: number;
  steps: DiscountStep[];
};

/** The discount off `baseCents`: the percentage rounded half up, or the amount, never more than the base. */
export function discountOff(baseCents: number, terms: DiscountTerms): number {
  if (baseCents <= 0) return 0;
  const off =
    terms.percentBp !== null
      ? Number(divideRoundHalfUp(BigInt(baseCents) * BigInt(terms.percentBp), 10_000n))
      : (terms.amountCents ?? 0);
  return Math.min(Math.max(off, 0), baseCents);
}

/** "10%", "12.5%" or "KES 5,000.00": a discount's size as the documents print it. */
export function termsText(terms: DiscountTerms): string {
  if (terms.percentBp === null) return formatKes(terms.amountCents ?? 0);
  const whole = terms.percentBp % 100 === 0;
  return `${whole ? terms.percentBp / 100 : (terms.percentBp / 100).toFixed(2).replace(/0$/, "")}%`;
}

export const earlyBirdLabel = (rule: EarlyBird) =>
  `Early bird (booked by ${formatLongDate(rule.until)}): ${termsText(rule)} off`;
export const groupLabel = (rule: GroupRate) =>
  `Group of ${rule.minParticipants} or more from one organisation: ${termsText(rule)} off`;
export const codeLabel = (code: CodeTerms) => `Code ${code.code}: ${termsText(code)} off`;

/**
 * One participant's price from the list price and the discounts that apply to the booking (each null when it
 * does not: the early bird after its day, the group below its size, no code).
 */
export function priceParticipant(
  listCents: number,
  applies: { earlyBird?: EarlyBird | null; group?: GroupRate | null; code?: CodeTerms | null },
): ParticipantPrice {
  const steps: DiscountStep[] = [];
  let left = listCents;
  const take = (kind: DiscountKind, terms: DiscountTerms | null | undefined, label: () => string) => {
    if (!terms) return;
    const cents = discountOff(left, terms);
    if (cents === 0) return;
    left -= cents;
    steps.push({ kind, label: label(), cents });
  };
  take("early_bird", applies.earlyBird, () => earlyBirdLabel(applies.earlyBird as EarlyBird));
  take("group", applies.group, () => groupLabel(applies.group as GroupRate));
  take("code", applies.code, () => codeLabel(applies.code as CodeTerms));
  return { listCents, netCents: left, discountCents: listCents - left, steps };
}

/** The discounts a run offers on its public form, as the preview applies them. */
export type PublicDiscounts = { earlyBird: EarlyBird | null; group: GroupRate | null };

/**
 * The public form's total: `participants` at the list price with the run's discounts as they stand `today` for a
 * booking of this size alone (the office's invoice also counts the organisation's other bookings on the run) and
 * the code the server accepted, if any.
 */
export function previewTotal(
  participants: number,
  listCents: number,
  offered: PublicDiscounts,
  today: string,
  code: CodeTerms | null,
) {
  const price = priceParticipant(listCents, {
    earlyBird: offered.earlyBird && today <= offered.earlyBird.until ? offered.earlyBird : null,
    group: offered.group && participants >= offered.group.minParticipants ? offered.group : null,
    code,
  });
  return { ...price, participants, totalCents: price.netCents * participants };
}

/** The sentence a course page states an early bird with. */
export const earlyBirdSentence = (rule: EarlyBird) =>
  `Book by ${formatLongDate(rule.until)} for ${termsText(rule)} off each participant.`;

/** The sentence a public page and the confirmation state a group rule with. */
export const groupRuleSentence = (rule: GroupRate) =>
  `Groups of ${rule.minParticipants} or more participants from one organisation on one date get ${termsText(rule)} off each participant, counting the organisation's separate bookings for that date.`;

/** A live early-bird or group rule as the public form receives it (decision 0750). */
export type OfferedRule = DiscountTerms & {
  slug: string;
  runId: string | null;
  kind: "early_bird" | "group";
  until: string | null;
  minParticipants: number | null;
};

/** The rules a course (and date) offers: a date's own rule of a kind replaces the course's. */
export function offeredFor(rules: OfferedRule[], slug: string, runId: string | null): PublicDiscounts {
  const pick = (kind: OfferedRule["kind"]) =>
    rules.find((r) => r.slug === slug && r.kind === kind && r.runId !== null && r.runId === runId) ??
    rules.find((r) => r.slug === slug && r.kind === kind && r.runId === null);
  const early = pick("early_bird");
  const group = pick("group");
  return {
    earlyBird: early?.until
      ? { percentBp: early.percentBp, amountCents: early.amountCents, until: early.until }
      : null,
    group: group?.minParticipants
      ? { percentBp: group.percentBp, amountCents: group.amountCents, minParticipants: group.minParticipants }
      : null,
  };
}
