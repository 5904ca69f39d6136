import { createHash } from "node:crypto";
import { safaricomMsisdn } from "#app/utils/phone";

/** What the office's one search was given, as each feature's search reads it (decision 0787). */
export type SearchText = {
  /** as typed, trimmed */
  text: string;
  /** `%text%` for ILIKE, with `%`, `_` and `\` taken literally */
  pattern: string;
  /**
   * The phone number typed, in any Kenyan form (07…, 7…, +2547…, 2547…, with spaces or dashes), as the
   * database's mpesa_msisdn_sha256() digests the phones it holds: the indexed columns compare to it. Null when
   * the text is not a Kenyan mobile number.
   */
  phoneSha256: string | null;
  /** the same number as M-PESA writes it (2547…), for the payer phones kept as they came */
  msisdn: string | null;
};

export function searchText(typed: string): SearchText {
  const text = typed.trim();
  // only text made of a phone number's characters is read as one: "MF 7123 45678" is not a number
  const msisdn = /^[+\d\s().-]+$/.test(text) ? safaricomMsisdn(text) : null;
  return {
    text,
    pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    msisdn,
    phoneSha256: msisdn ? createHash("sha256").update(msisdn, "utf8").digest("hex") : null,
  };
}
