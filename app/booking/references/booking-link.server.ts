import crypto from "node:crypto";
import { z } from "zod";
import { env } from "#app/platform/env.server";
import { sessionSecret } from "#app/platform/secret.server";
import { BOOKING_REFERENCE_PATTERN } from "./booking-reference";

/** The query parameter of the page a registration ends on without JavaScript. */
export const BOOKING_PARAM = "booking";

function signature(reference: string) {
  // the purpose is part of what is signed, so no other signed value of this secret can stand in for it
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`booking-confirmation:${reference}`)
    .digest("base64url");
}

/**
 * `MF-XXXXXXXX.<HMAC>`: the reference, signed with the session secret, so the confirmation page shows a
 * booking only to whoever made it (a reference alone, read out or guessed, opens nothing).
 */
export function signBookingReference(reference: string) {
  return `${reference}.${signature(reference)}`;
}

const BookingParam = z.string().max(100).catch("");

/** The reference carried by a signed `booking` value, or null when it is absent, malformed or forged. */
export function readBookingReference(searchParams: URLSearchParams) {
  return readSignedReference(searchParams.get(BOOKING_PARAM) ?? "");
}

/**
 * The booking's pay page ("Pay with M-PESA"): opened by the same signed reference as the confirmation, so
 * whoever booked, or holds the booking's e-mails, reaches it, and a reference alone opens nothing.
 */
export const payPath = (reference: string) => `/pay/${signBookingReference(reference)}`;

/** The pay page as a full address, for an e-mail's "Pay with M-PESA" button. */
export const payUrl = (reference: string) => `${env().PUBLIC_URL.replace(/\/$/, "")}${payPath(reference)}`;

/** The reference in a signed value (`MF-XXXXXXXX.<HMAC>`), or null when it is malformed or forged. */
export function readSignedReference(signed: string) {
  const value = BookingParam.parse(signed);
  const dot = value.indexOf(".");
  if (dot < 0) return null;
  const reference = value.slice(0, dot);
  if (!BOOKING_REFERENCE_PATTERN.test(reference)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(reference));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? reference : null;
}
