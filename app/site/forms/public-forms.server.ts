import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import {
  type BookingOutcome,
  checkParticipants,
  createBooking,
  findBookingConfirmation,
} from "#app/bookings/booking.server";
import { BOOKING_PARAM, readBookingReference, signBookingReference } from "#app/bookings/booking-link.server";
import {
  REGISTRATION_MESSAGES,
  RegistrationSchema,
  type RegistrationSource,
} from "#app/bookings/registration";
import { requestInfoContext } from "#app/context";
import { wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { confirmToken, isConfirmed } from "#app/platform/forms/form-confirm.server";
import { FormRefusal, readFormData } from "#app/platform/forms/form-input.server";
import { noteFormKey } from "#app/platform/forms/issued-form-keys.server";
import { logger } from "#app/platform/logger.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import { CONTACT_MESSAGES, ContactSchema } from "#app/sales/contact";
import { createContactSubmission } from "#app/sales/contact.server";
import {
  type FormResult,
  fieldErrors,
  isMissingRequired,
  REQUIRED_FIELDS_MESSAGE,
} from "#app/site/forms/submission";
import { ADD_PARTICIPANT_FIELD, MAX_PARTICIPANT_ROWS } from "#app/site/forms/submission-limits";
import { randomBytes } from "#app/utils/random-bytes.server";
import { publicSettings, publicSiteContent } from "../public-data.server";

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

type Fields = Record<string, string>;
type FormName = FormResult["form"];

function reply(result: FormResult, status: number, headers?: HeadersInit) {
  return data(result, { status, headers });
}

function failure(form: FormName, message: string, status: number, extra: Partial<FormResult> = {}) {
  return reply({ form, ok: false, title: "Error", message, ...extra }, status);
}

/** Posted beside the schemas' fields by every public form: its kind, the form key and the honeypot. */
const PUBLIC_FORM_EXTRAS = [
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
export async function readFormFields(request: Request) {
  let formData: FormData;
  try {
    formData = await readFormData(request, [RegistrationSchema, ContactSchema], {
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

export async function submitContactForm(fields: Fields, context: Readonly<RouterContextProvider>) {
  const checked = await guard("contact", fields, context, ContactSchema, "contact_form_enabled");
  if ("error" in checked) return checked.error;
  try {
    await createContactSubmission({ ...checked.input, idempotencyKey: checked.key, ip: checked.ip });
  } catch (error) {
    logger.error({ err: error }, "contact submission failed");
    return failure("contact", CONTACT_MESSAGES.failure.message, 500, { values: checked.values });
  }
  wakeOutboxWorker();
  return reply({ form: "contact", ok: true, ...CONTACT_MESSAGES.success, nextFormKey: newFormKey() }, 200);
}

/**
 * "Add another participant" without JavaScript posts the form with the row count it wants: the form comes
 * back with what was typed and one more row, and nothing is checked or stored.
 */
function withMoreRows(fields: Fields) {
  const rows = Math.min(
    Math.max(Number.parseInt(fields[ADD_PARTICIPANT_FIELD] ?? "", 10) || 1, 1),
    MAX_PARTICIPANT_ROWS,
  );
  const values = Object.fromEntries(
    Object.entries(fields).filter(([name]) => !PUBLIC_FORM_EXTRAS.includes(name as never)),
  );
  return reply(
    { form: "registration", ok: false, title: "", message: "", values, participantRows: rows },
    200,
  );
}

/** What the confirmation panel says of a booking, after the post and on the page it redirects to. */
function bookingResult(
  outcome: Extract<BookingOutcome, { ok: true }>,
  source: RegistrationSource,
): FormResult {
  const answer =
    outcome.waitlisted && outcome.position !== null
      ? REGISTRATION_MESSAGES.waitlisted(outcome.reference, outcome.position)
      : REGISTRATION_MESSAGES[source];
  return {
    form: "registration",
    ok: true,
    ...answer,
    reference: outcome.reference,
    waitlisted: outcome.waitlisted,
    participants: outcome.participants,
  };
}

/**
 * A form the browser itself posted (no JavaScript) is a navigation: answering it with a page would leave a
 * reload that posts again, so it is redirected to the confirmation (post/redirect/get). The fetcher posts
 * with fetch, and its answer is the data the panel is drawn from.
 */
function isBrowserNavigation(request: Request) {
  return request.headers.get("sec-fetch-mode") === "navigate";
}

export async function submitRegistrationForm(
  fields: Fields,
  context: Readonly<RouterContextProvider>,
  source: RegistrationSource,
  request: Request,
) {
  if (fields[ADD_PARTICIPANT_FIELD]) return withMoreRows(fields);
  const checked = await guard("registration", fields, context, RegistrationSchema, "registration_enabled");
  if ("error" in checked) return checked.error;
  const booking = { ...checked.input, source, idempotencyKey: checked.key, ip: checked.ip };
  const { max_group_size } = await publicSettings();
  let outcome = checkParticipants(booking, max_group_size);
  if (!outcome) {
    try {
      outcome = await createBooking(booking);
    } catch (error) {
      logger.error({ err: error }, "registration failed");
      return failure("registration", REGISTRATION_MESSAGES.failure.message, 500, { values: checked.values });
    }
  }
  if (!outcome) {
    return failure("registration", REGISTRATION_MESSAGES.unknownCourse, 400, {
      fieldErrors: { course: REGISTRATION_MESSAGES.unknownCourse },
      values: checked.values,
    });
  }
  if (!outcome.ok) {
    return failure("registration", outcome.message, 400, {
      fieldErrors: { [outcome.field]: outcome.message },
      values: checked.values,
    });
  }
  wakeOutboxWorker();
  if (isBrowserNavigation(request)) {
    const target = new URL(request.url);
    target.search = new URLSearchParams({
      [BOOKING_PARAM]: signBookingReference(outcome.reference),
    }).toString();
    target.hash = source === "contact" ? "register-heading" : "";
    return redirect(`${target.pathname}${target.search}${target.hash}`, 303);
  }
  return reply({ ...bookingResult(outcome, source), nextFormKey: newFormKey() }, 200);
}

/**
 * The confirmation a page shows when its URL carries a signed booking reference (where a registration
 * without JavaScript lands), with the link that books another participant on the same course and date.
 */
export async function confirmationFromUrl(url: URL, source: RegistrationSource) {
  const reference = readBookingReference(url.searchParams);
  const found = reference ? await findBookingConfirmation(reference) : null;
  if (!found) return null;
  const another = new URLSearchParams();
  if (found.courseSlug) another.set("course", found.courseSlug);
  if (found.courseSlug && found.runId) another.set("run", found.runId);
  const query = another.toString();
  return {
    result: bookingResult(found, source),
    anotherHref: source === "contact" ? "/contact#register-heading" : `/register${query ? `?${query}` : ""}`,
  };
}
