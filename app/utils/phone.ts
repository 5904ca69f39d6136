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
