import { type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import {
  BOOKING_PARAM,
  payPath,
  readBookingReference,
  signBookingReference,
} from "#app/booking/index.server";
import { stkAvailable } from "#app/money/index.server";
import { failedRequestStatus } from "#app/platform/db/db-errors.server";
import { wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { logger } from "#app/platform/logger.server";
import {
  ADD_PARTICIPANT_FIELD,
  type Fields,
  type FormResult,
  failure,
  guard,
  MAX_PARTICIPANT_ROWS,
  newFormKey,
  PUBLIC_FORM_EXTRAS,
  publicSettings,
  reply,
} from "#app/site/index.server";
import {
  type BookingOutcome,
  checkParticipants,
  createBooking,
  findBookingConfirmation,
} from "./booking.server";
import { REGISTRATION_MESSAGES, RegistrationSchema, type RegistrationSource } from "./registration";

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
  payOnline: boolean,
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
    payHref: payOnline && !outcome.waitlisted ? payPath(outcome.reference) : undefined,
    unitCents: outcome.unitCents,
    netUnitCents: outcome.netUnitCents ?? outcome.unitCents,
    discounts: outcome.discounts ?? [],
    groupRule: outcome.groupRule ?? null,
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
      return failure("registration", REGISTRATION_MESSAGES.failure.message, failedRequestStatus(error), {
        values: checked.values,
      });
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
  return reply({ ...bookingResult(outcome, source, await stkAvailable()), nextFormKey: newFormKey() }, 200);
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
    result: bookingResult(found, source, await stkAvailable()),
    anotherHref: source === "contact" ? "/contact#register-heading" : `/register${query ? `?${query}` : ""}`,
  };
}

/** What a booking sent by another system through the API (issue 54) was answered. */
export type ApiBookingOutcome =
  | { ok: true; booking: Extract<BookingOutcome, { ok: true }> }
  | { ok: false; status: 409 | 422; message: string; field: string };

/**
 * A booking sent through the API (decision 0801): the registration form's schema has parsed it, and the form's
 * rules book it here, by the same code: the setting that closes registration, the group's size and e-mails, then
 * `createBooking` (seats, waiting list, e-mails). `idempotencyKey` is the caller's own, kept per token.
 */
export async function submitApiBooking(
  input: z.infer<typeof RegistrationSchema>,
  idempotencyKey: string,
  ip: string,
): Promise<ApiBookingOutcome> {
  const settings = await publicSettings();
  if (!settings.registration_enabled) {
    return { ok: false, status: 409, field: "", message: "Online course registration is currently closed." };
  }
  const booking = { ...input, source: "register" as const, idempotencyKey, ip };
  const outcome = checkParticipants(booking, settings.max_group_size) ?? (await createBooking(booking));
  if (!outcome)
    return { ok: false, status: 422, field: "course", message: REGISTRATION_MESSAGES.unknownCourse };
  if (!outcome.ok) return { ok: false, status: 422, field: outcome.field, message: outcome.message };
  wakeOutboxWorker();
  return { ok: true, booking: outcome };
}
