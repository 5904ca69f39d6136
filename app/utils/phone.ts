/** Kenya's country code: the firm's clients write local numbers as 07xx or 01xx. */
const HOME_COUNTRY_CODE = "254";

/** The digits of a phone number in international form: "0712 345 678" → "254712345678". */
export function internationalDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 7) return null;
  if (phone.trim().startsWith("+")) return digits;
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.startsWith("0")) return `${HOME_COUNTRY_CODE}${digits.slice(1)}`;
  return digits;
}

/** A tel: address (keeps the leading + of an international number). */
export function telHref(phone: string): string | null {
  const digits = internationalDigits(phone);
  return digits ? `tel:+${digits}` : null;
}

/** WhatsApp's click-to-chat address, which takes the number as international digits only. */
export function whatsappHref(phone: string): string | null {
  const digits = internationalDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}

/**
 * A Kenyan mobile number as M-PESA writes it (MSISDN): "254712345678" or "254112345678"; null for anything
 * else. The database's mpesa_msisdn_sha256() applies the same rule before hashing (a test keeps them in step).
 */
export function safaricomMsisdn(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (/^0[17]\d{8}$/.test(digits)) return `254${digits.slice(1)}`;
  if (/^254[17]\d{8}$/.test(digits)) return digits;
  if (/^[17]\d{8}$/.test(digits)) return `254${digits}`;
  return null;
}

/** Since July 2024 M-PESA sends a payer's MSISDN as its SHA-256 in hex, not the number. */
export const isHashedMsisdn = (value: string) => /^[0-9a-f]{64}$/i.test(value);

/**
 * The mobile prefixes of the four countries the firm trains in, after the country code: Kenya 7 and 1 (2547…,
 * 2541…), Uganda 7 (2567…), Rwanda 7 (2507…), Tanzania 6 and 7 (2556…, 2557…); nine digits follow the code.
 */
const MOBILE_NUMBERS = /^(?:254[17]|2567|2507|255[67])\d{8}$/;

/**
 * A mobile number an SMS or WhatsApp message can go to, in E.164 ("+254712345678"), or null when it is not a
 * mobile number of Kenya, Uganda, Rwanda or Tanzania. A local number (07…, 01…) is read as Kenyan.
 */
export function mobileNumber(phone: string | null | undefined): string | null {
  const digits = phone ? internationalDigits(phone) : null;
  return digits && MOBILE_NUMBERS.test(digits) ? `+${digits}` : null;
}

/** Each country's calling code and its mobile numbers' first digit after it (Uganda 2567…, Rwanda 2507…). */
const MOBILE_MONEY_COUNTRIES: Record<string, { code: string; name: string; example: string }> = {
  KE: { code: "254", name: "Kenyan", example: "0712 345 678" },
  UG: { code: "256", name: "Ugandan", example: "0772 123 456" },
  RW: { code: "250", name: "Rwandan", example: "0788 123 456" },
  TZ: { code: "255", name: "Tanzanian", example: "0754 123 456" },
};

/**
 * A mobile number of `country` (ISO alpha-2) as mobile-money providers write it: the calling code and nine
 * digits starting with 7 (Uganda 2567…, Rwanda 2507…; Kenya also 2541…, Tanzania 2556…), whether typed as 07…, 7…, 2567… or
 * +256 7…; null for anything else.
 */
export function mobileMoneyMsisdn(country: string, phone: string | null | undefined): string | null {
  const known = MOBILE_MONEY_COUNTRIES[country];
  if (!known) return null;
  const digits = (phone ?? "").replace(/\D/g, "");
  const local = digits.startsWith(known.code)
    ? digits.slice(known.code.length)
    : digits.startsWith("0")
      ? digits.slice(1)
      : digits;
  const first = { KE: /^[17]\d{8}$/, TZ: /^[67]\d{8}$/ }[country] ?? /^7\d{8}$/;
  return first.test(local) ? `${known.code}${local}` : null;
}

/** A mobile number of the country as a person there types it: "0772 123 456". */
export const mobileNumberExample = (country: string) => MOBILE_MONEY_COUNTRIES[country]?.example ?? "";

/** What the pay page asks for when a number is not one of the country's: "Enter a Ugandan mobile number …". */
export function mobileNumberHint(country: string) {
  const known = MOBILE_MONEY_COUNTRIES[country];
  return known
    ? `Enter a ${known.name} mobile number such as ${known.example}.`
    : "Enter a mobile number of the office's country.";
}
