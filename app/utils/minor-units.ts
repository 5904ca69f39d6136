// Day rates, per diems and venue prices in several currencies, each held as an integer in its minor unit
// (ISO 4217: the shilling has cents, the Ugandan and Rwandan francs have none).

export type MinorCurrency = "KES" | "UGX" | "RWF" | "TZS" | "USD";

const DECIMALS: Record<MinorCurrency, number> = { KES: 2, UGX: 0, RWF: 0, TZS: 2, USD: 2 };

/** Whether the currency has a minor unit in use (ISO 4217): KES, TZS and USD have cents; UGX and RWF none. */
export const currencyHasCents = (currency: MinorCurrency) => DECIMALS[currency] > 0;

/** "45,000.50" in KES → 4500050; "1,500,000" in UGX → 1500000. Exact (read as text); null when not an amount. */
export function parseMinor(text: string | null | undefined, currency: MinorCurrency): number | null {
  const cleaned = (text ?? "").trim().replace(/[,\s]/g, "");
  const decimals = DECIMALS[currency];
  const pattern = decimals === 0 ? /^(\d{1,13})$/ : /^(\d{1,13})(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(cleaned);
  if (!match) return null;
  const fraction = decimals === 0 ? 0 : Number((match[2] ?? "").padEnd(decimals, "0"));
  const minor = Number(match[1]) * 10 ** decimals + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 4500050 KES → "KES 45,000.50"; 1500000 UGX → "UGX 1,500,000". */
export function formatMinor(minor: number, currency: MinorCurrency): string {
  const decimals = DECIMALS[currency];
  const sign = minor < 0 ? "-" : "";
  const value = new Intl.NumberFormat("en-KE", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(minor) / 10 ** decimals);
  return `${sign}${currency} ${value}`;
}

/** The amount as typed back into a form: 4500050 KES → "45000.50". */
export function minorToInput(minor: number, currency: MinorCurrency): string {
  const decimals = DECIMALS[currency];
  return (minor / 10 ** decimals).toFixed(decimals);
}

/** How many minor units make one major unit: 100 for KES, 1 for UGX and RWF. */
export const minorPerMajor = (currency: MinorCurrency) => 10 ** DECIMALS[currency];
