import { z } from "zod";
import type { Subject } from "#app/platform/personal-data/subject";
import { internationalDigits, safaricomMsisdn } from "#app/utils/phone";

// The data request tool's forms and rules that need no database (decision 0637): the page and its actions read the
// same schemas, and the person a request is about is named by the one address or number they gave us.

export const SUBJECT_MESSAGE = "Enter the e-mail address or the phone number the person gave us.";

const subject = z.string().trim().min(1, SUBJECT_MESSAGE).max(200, "Use at most 200 characters.");
const askedBy = z
  .string()
  .trim()
  .min(3, "Say who asked and how, for example: the person, by e-mail on 3 March.")
  .max(300, "Use at most 300 characters.");

/** The page's posts: a search (read only) and an erasure (confirmed, after a recent sign-in). */
export const DataRequestActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("search"), subject }),
  z.object({
    intent: z.literal("erase"),
    subject,
    askedBy,
    confirm: z.literal("yes", { error: "Tick the box to confirm that this erasure cannot be undone." }),
  }),
]);

/** The export's post: a copy of everything found, as JSON or as a PDF. */
export const DataExportSchema = z.object({
  subject,
  askedBy,
  format: z.enum(["json", "pdf"], { error: "Choose JSON or PDF." }),
});

const email = z.email();

/** The search box's text as a subject, or the message saying what is wrong with it. */
export function readSubject(text: string): { ok: true; subject: Subject } | { ok: false; message: string } {
  const value = text.trim();
  if (value.includes("@")) {
    return email.safeParse(value).success
      ? { ok: true, subject: { kind: "email", value: value.toLowerCase() } }
      : { ok: false, message: "That e-mail address is not valid. Check it and search again." };
  }
  const digits = /^[+\d\s().-]+$/.test(value) ? internationalDigits(value) : null;
  if (!digits || digits.length < 9 || digits.length > 15) {
    return {
      ok: false,
      message: `${SUBJECT_MESSAGE} A phone number has 9 to 15 digits, such as 0712 345 678 or +254 712 345 678.`,
    };
  }
  return { ok: true, subject: { kind: "phone", value, digits, msisdn: safaricomMsisdn(digits) } };
}
