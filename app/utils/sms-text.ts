/*
 * How long an SMS is, as the networks count it (3GPP TS 23.038): a text written only in the GSM 7-bit default
 * alphabet takes 160 characters in one message and 153 in each part of a longer one, a character of its
 * extension table (€, [, ], {, }, ~, ^, \, |) taking two; any other character makes the whole text UCS-2, 70
 * characters in one message and 67 in each part, a character beyond the Basic Multilingual Plane (an emoji)
 * taking two. Each part is billed as one SMS.
 */

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";

export type SmsLength = {
  encoding: SmsEncoding;
  /** characters as the network counts them: septets for GSM-7, 16-bit units for UCS-2 */
  units: number;
  /** how many SMS the text is sent and billed as */
  segments: number;
  /** what is left in the last segment before another is needed */
  remaining: number;
};

const LIMITS = {
  "GSM-7": { single: 160, part: 153 },
  "UCS-2": { single: 70, part: 67 },
} as const;

/** Each character's size in the GSM 7-bit alphabet (septets), or null when one is outside it. */
function gsmSizes(text: string): number[] | null {
  const sizes: number[] = [];
  for (const char of text) {
    if (basic.has(char)) sizes.push(1);
    else if (extension.has(char)) sizes.push(2);
    else return null;
  }
  return sizes;
}

/**
 * The encoding, length and number of segments of an SMS text; an empty text is one (empty) segment. A long
 * text's parts are packed as a phone splits it: an escaped GSM character or a UCS-2 surrogate pair is never cut
 * between two parts, so a part may hold one unit fewer than its limit.
 */
export function smsLength(text: string): SmsLength {
  const gsm = gsmSizes(text);
  const encoding: SmsEncoding = gsm === null ? "UCS-2" : "GSM-7";
  const sizes = gsm ?? Array.from(text, (char) => char.length);
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const limit = LIMITS[encoding];
  if (units <= limit.single) return { encoding, units, segments: 1, remaining: limit.single - units };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > limit.part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments, remaining: limit.part - used };
}

/**
 * The part of a message that may be shortened (a course title, a name), cut with "..." (GSM-7, where "…" would
 * turn the text into UCS-2) until `write(part)` fits one SMS segment, but to `min` characters at most. What
 * `write` puts around it (a link, a code, an amount) is never cut, even when it alone is over one segment.
 */
export function partThatFits(write: (part: string) => string, part: string, min = 16): string {
  const whole = part.trim();
  let shown = whole;
  let length = whole.length;
  let text = write(shown);
  while (smsLength(text).segments > 1 && length > min) {
    const { units, encoding } = smsLength(text);
    const over = units - LIMITS[encoding].single;
    length = Math.max(min, length - Math.max(over, 1));
    shown = `${whole.slice(0, length - 3).trimEnd()}...`;
    text = write(shown);
  }
  return shown;
}

/** `write(part)` with the part shortened by `partThatFits`: one SMS segment where it can be. */
export const fitSms = (write: (part: string) => string, part: string, min = 16) =>
  write(partThatFits(write, part, min));
