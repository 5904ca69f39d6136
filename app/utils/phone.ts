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
