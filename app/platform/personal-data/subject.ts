// Who a data request is about, and what an erasure keeps: the words every feature's part of a data request shares
// (decision 0715). No imports: the data request page's browser code reads these types too.

/** Who the request is about: one e-mail address (any case), or one phone number in any of its spellings. */
export type Subject =
  | { kind: "email"; value: string }
  | {
      kind: "phone";
      value: string;
      /** international digits, as `internationalDigits` writes them: 254712345678 */
      digits: string;
      /** a Kenyan mobile number as M-PESA writes it, which also finds its hashed form; null otherwise */
      msisdn: string | null;
    };

/** One record kept by an erasure, and the reason the screen and the request's record give. */
export type KeptRecord = { what: string; why: string };
