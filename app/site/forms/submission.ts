import { z } from "zod";
import { controlCharactersMessage, noControlCharacters } from "#app/utils/control-characters";

import { LIMITS } from "./submission-limits";

// Rules and wording shared by the public forms (contact and registration).
export { LIMITS };

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";

function text(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`)
    .check(noControlCharacters(controlCharactersMessage(label)));
}

export function requiredText(label: string, max: number) {
  return text(label, max).refine((value) => value.length > 0, `${label} is required.`);
}

export function optionalText(label: string, max: number) {
  return text(label, max).transform((value) => (value === "" ? null : value));
}

export const emailField = requiredText("Email", LIMITS.email).refine(
  (value) => value === "" || z.email().safeParse(value).success,
  "Please enter a valid email address.",
);

const PHONE = /^\+?[\d\s().-]+$/;

export const phoneField = optionalText("Phone number", LIMITS.phone).refine(
  (value) => value === null || (PHONE.test(value) && value.replace(/\D/g, "").length >= 7),
  "Please enter a valid phone number: at least 7 digits, using only digits, spaces, +, -, ( and ).",
);

/** Whether a failed parse includes an empty required field (the spec's "fill in all required fields"). */
export function isMissingRequired(error: z.ZodError) {
  return error.issues.some((issue) => issue.message.endsWith(" is required."));
}

/** The first message per field, keyed by field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    // Conform's names: participants[2].email
    const key =
      issue.path.length === 0
        ? "form"
        : issue.path
            .map((p, i) => (typeof p === "number" ? `[${p}]` : i > 0 ? `.${String(p)}` : String(p)))
            .join("");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** What an action answers to a public form; the same shape with and without JavaScript. */
export type FormResult = {
  form: "contact" | "registration" | "interest" | "in_house" | "unknown";
  ok: boolean;
  title: string;
  message: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  reference?: string;
  /** A booking's outcome, for its confirmation panel: on the waiting list nothing is payable yet. */
  waitlisted?: boolean;
  participants?: number;
  /** A booking's pay page ("Pay with M-PESA"), when M-PESA Express is set up. */
  payHref?: string;
  /** A booking's price per participant in cents, for the total its confirmation states; null: on request. */
  unitCents?: number | null;
  /** what each participant pays after the discounts that apply (decision 0750), and what gave them */
  netUnitCents?: number | null;
  discounts?: { label: string; cents: number }[];
  /** the date's group rule, stated whether or not the booking reaches it */
  groupRule?: { percentBp: number | null; amountCents: number | null; minParticipants: number } | null;
  /** After "Add another participant" without JavaScript: how many participant rows to show. */
  participantRows?: number;
  /** A form sent faster than a person types: post it again with this key and token to confirm it. */
  confirm?: { formKey: string; token: string };
  /** The key for the next submission, so a cleared form is a new submission. */
  nextFormKey?: string;
};
