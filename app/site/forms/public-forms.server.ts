import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requestInfoContext } from "#app/context";
import { confirmToken, isConfirmed } from "#app/platform/forms/form-confirm.server";
import { FormRefusal, readFormData } from "#app/platform/forms/form-input.server";
import { noteFormKey } from "#app/platform/forms/issued-form-keys.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import {
  type FormResult,
  fieldErrors,
  isMissingRequired,
  REQUIRED_FIELDS_MESSAGE,
} from "#app/site/forms/submission";
import { randomBytes } from "#app/utils/random-bytes.server";
import { publicSettings, publicSiteContent } from "../public-data.server";
import { ADD_PARTICIPANT_FIELD } from "./submission-limits";

export const FORM_RATE_LIMIT = { limit: 10, windowMs: 60_000 };
/** Faster than this from page load to submit is a script, not a person. */
export const MIN_FILL_MS = 2_000;
/** The hidden field a person never sees and a simple bot fills in. */
export const HONEYPOT_FIELD = "website";
/** The hidden field that confirms a form sent faster than MIN_FILL_MS (decision 0573). */
export const CONFIRM_FIELD = "confirm";

export const CONFIRM_MESSAGE = "Please check your details and press the button again to send them.";

// "<issued-at in base 36>.<random>": one hidden field is both the idempotency key and the fill timer.
const FORM_KEY = /^([0-9a-z]{6,10})\.[A-Za-z0-9_-]{16,43}$/;

export function newFormKey(now = Date.now()) {
  const key = `${now.toString(36)}.${randomBytes(16).toString("base64url")}`;
  noteFormKey(key);
  return key;
}

export type Fields = Record<string, string>;
type FormName = FormResult["form"];

export function reply(result: FormResult, status: number, headers?: HeadersInit) {
  return data(result, { status, headers });
}

export function failure(form: FormName, message: string, status: number, extra: Partial<FormResult> = {}) {
  return reply({ form, ok: false, title: "Error", message, ...extra }, status);
}

/** Posted beside the schemas' fields by every public form: its kind, the form key and the honeypot. */
export const PUBLIC_FORM_EXTRAS = [
  "intent",
  "formKey",
  HONEYPOT_FIELD,
  CONFIRM_FIELD,
  ADD_PARTICIPANT_FIELD,
] as const;

/**
 * Reads a public form (registration or contact) through the guarded reader into single string values.
 * A refusal is answered in the forms' own reply shape, naming the field when one is to blame, and echoes
 * nothing that was sent.
 */
/** The public form posted, its fields checked against `schemas` (the forms the page holds) before parsing. */
export async function readFormFields(request: Request, schemas: readonly z.ZodType[]) {
  let formData: FormData;
  try {
    formData = await readFormData(request, schemas, {
      extra: PUBLIC_FORM_EXTRAS,
    });
  } catch (error) {
    if (!(error instanceof FormRefusal)) throw error;
    const fieldErrors = error.field ? { [error.field]: error.message } : undefined;
    return { error: failure("unknown", error.message, error.status, { fieldErrors }) };
  }
  const fields: Fields = {};
  for (const [key, value] of formData.entries()) fields[key] = String(value);
  return { fields };
}

// `participants[3].email`: the reader has already checked the name against the schema and bounded the index
const ROW_FIELD = /^(\w+)\[(\d+)\]\.(\w+)$/;

/** The rows of list fields, as arrays of objects, from their flat form names. */
function nestRows(fields: Fields) {
  const lists: Record<string, Record<string, string>[]> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = ROW_FIELD.exec(name);
    if (!match) continue;
    const [, list, index, field] = match as unknown as [string, string, string, string];
    const rows = lists[list] ?? [];
    lists[list] = rows;
    const row = rows[Number(index)] ?? {};
    rows[Number(index)] = row;
    row[field] = value;
  }
  // rows never posted (a gap in the indices) read as empty rows, which the schemas drop
  for (const rows of Object.values(lists)) for (let i = 0; i < rows.length; i++) rows[i] ??= {};
  return lists;
}

type Guarded<S extends z.ZodType> =
  | { error: ReturnType<typeof reply> }
  | { input: z.infer<S>; key: string; ip: string; values: Fields };

/** Rate limit, settings gate (if any), bot traps and the schema, in that order; nothing is stored on failure. */
export async function guard<S extends z.ZodType>(
  form: FormName,
  fields: Fields,
  context: Readonly<RouterContextProvider>,
  schema: S,
  gate: "contact_form_enabled" | "registration_enabled" | null,
): Promise<Guarded<S>> {
  const { ip } = context.get(requestInfoContext);
  const keys = Object.keys((schema as unknown as z.ZodObject).shape);
  const values: Fields = Object.fromEntries(keys.map((k) => [k, fields[k] ?? ""]));
  // list rows (a group booking's participants) come back to the form under their own names
  for (const [name, value] of Object.entries(fields)) if (ROW_FIELD.test(name)) values[name] = value;
  const limited = await consumeRateLimit("public-forms", ip, FORM_RATE_LIMIT);
  if (!limited.allowed) {
    const seconds = limited.retryAfterSeconds;
    return {
      error: reply(
        {
          form,
          ok: false,
          title: "Error",
          message: `Too many submissions from your address. Please try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
          values,
        },
        429,
        { "Retry-After": String(seconds) },
      ),
    };
  }
  const settings = await publicSettings();
  if (gate && !settings[gate]) {
    const { contact } = await publicSiteContent(["contact"]);
    const what = gate === "registration_enabled" ? "Online course registration" : "The contact form";
    return {
      error: failure(
        form,
        `${what} is currently closed. Please contact us on ${contact.phone} or at ${contact.email}.`,
        403,
        { values },
      ),
    };
  }
  if ((fields[HONEYPOT_FIELD] ?? "") !== "") {
    return {
      error: failure(
        form,
        "This submission looks automated and was not accepted. Please reload the page and try again.",
        400,
      ),
    };
  }
  const key = fields.formKey ?? "";
  const issued = FORM_KEY.exec(key);
  if (!issued) {
    return {
      error: failure(
        form,
        "This form is incomplete or has expired. Please reload the page and try again.",
        400,
        {
          values,
        },
      ),
    };
  }
  const tooFast = Date.now() - Number.parseInt(issued[1] as string, 36) < MIN_FILL_MS;
  // autofill fills a form faster than a script would bother to wait: a person confirms once, a script that
  // posts and moves on never does
  if (tooFast && !isConfirmed(key, fields[CONFIRM_FIELD] ?? "")) {
    return {
      error: reply(
        {
          form,
          ok: false,
          title: "Please confirm",
          message: CONFIRM_MESSAGE,
          values,
          confirm: { formKey: key, token: confirmToken(key) },
        },
        400,
      ),
    };
  }
  const parsed = schema.safeParse({ ...values, ...nestRows(fields) });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const message = isMissingRequired(parsed.error)
      ? REQUIRED_FIELDS_MESSAGE
      : (Object.values(errors)[0] ?? REQUIRED_FIELDS_MESSAGE);
    return { error: failure(form, message, 400, { fieldErrors: errors, values }) };
  }
  return { input: parsed.data, key, ip, values };
}
