import {
  type BookingChanger,
  cancelBooking,
  findBooking,
  submitApiBooking,
} from "#app/bookings/index.server";
import { bookingIdByReference, recordPayment } from "#app/money/index.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { today } from "#app/utils/dates";
import { implausiblePayment } from "#app/utils/payment-sanity";
import { type Answer, type ApiContext, fieldErrors } from "./handler.server";
import { problem } from "./problem.server";
import { paymentOut } from "./resources.server";
import { BankPaymentBody, BOOKING_FIELD_NAMES, CancelBookingBody, CreateBookingBody } from "./schemas";

/*
 * The API's writes (decision 0801): each parses its body with its schema, then calls the feature that owns the
 * change, by the code the office's screens and the public form use.
 */

type Write = ApiContext & { body: unknown };

const pointer = (field: string) => `/${BOOKING_FIELD_NAMES[field] ?? field}`;

/** POST /bookings: what the registration form does, by its schema and its code. */
export async function createBookingWrite({ body, caller, actor, request }: Write): Promise<Answer> {
  const parsed = CreateBookingBody.safeParse(body);
  if (!parsed.success) {
    return problem("invalid", "The booking has fields to correct.", {
      errors: fieldErrors(parsed.error, BOOKING_FIELD_NAMES),
    });
  }
  const key = request.headers.get("idempotency-key");
  // the booking's own key is unique across all bookings: the token's id keeps two clients' keys apart
  const bookingKey = key ? `api:${caller.tokenId}:${key}` : `api:${crypto.randomUUID()}`;
  const outcome = await submitApiBooking(parsed.data, bookingKey.slice(0, 250), actor.ip);
  if (!outcome.ok) {
    return outcome.status === 409
      ? problem("conflict", outcome.message)
      : problem("invalid", outcome.message, {
          errors: [{ pointer: pointer(outcome.field), detail: outcome.message }],
        });
  }
  const { booking } = outcome;
  return {
    status: 201,
    headers: { Location: `/api/v1/bookings/${booking.reference}` },
    body: {
      reference: booking.reference,
      status: booking.waitlisted ? "waitlisted" : "pending",
      waitlist_position: booking.waitlisted ? booking.position : null,
      participants: booking.participants,
      unit_price: booking.unitCents === null ? null : { amount_minor: booking.unitCents, currency: "KES" },
    },
  };
}

/** POST /payments: a bank transfer, recorded as finance records one on the payments screen. */
export async function recordBankPaymentWrite({ body, actor }: Write): Promise<Answer> {
  const parsed = BankPaymentBody.safeParse(body);
  if (!parsed.success) {
    return problem("invalid", "The payment has fields to correct.", { errors: fieldErrors(parsed.error) });
  }
  const input = parsed.data;
  const implausible = implausiblePayment(
    { amountCents: input.amount_minor, receivedOn: input.received_on },
    today(),
  );
  if (implausible) {
    return problem("invalid", implausible, { errors: [{ pointer: "/received_on", detail: implausible }] });
  }
  const reference = input.booking_reference.toUpperCase().replace(/^MF-?/, "MF-");
  const bookingId = await bookingIdByReference(reference);
  if (!bookingId) {
    const detail = `There is no booking ${reference}.`;
    return problem("invalid", detail, { errors: [{ pointer: "/booking_reference", detail }] });
  }
  const outcome = await moneyTransaction((tx) =>
    recordPayment(
      tx,
      {
        method: "bank",
        amountCents: input.amount_minor,
        receivedOn: input.received_on,
        transactionCode: input.bank_reference,
        payer: input.payer || null,
        accountReference: reference,
        bookingId,
        source: "manual",
      },
      actor,
    ),
  );
  if (outcome.status === "duplicate") {
    return problem(
      "conflict",
      `Bank reference ${input.bank_reference.toUpperCase()} is already in the ledger: a payment is recorded once.`,
    );
  }
  return { status: 201, body: { payment: paymentOut(outcome.payment), duplicate: false } };
}

/** POST /bookings/{reference}/cancel: the booking page's "Cancel booking", with its rules and e-mails. */
export async function cancelBookingWrite({ body, actor }: Write, reference: string): Promise<Answer> {
  const parsed = CancelBookingBody.safeParse(body);
  if (!parsed.success) {
    return problem("invalid", "Cancelling takes no fields.", { errors: fieldErrors(parsed.error) });
  }
  const booking = await findBooking(reference);
  if (!booking) return problem("not-found", `There is no booking ${reference}.`);
  if (booking.status === "cancelled")
    return problem("conflict", `Booking ${reference} is already cancelled.`);
  const who: BookingChanger = { actor, overridesNotice: false };
  const outcome = await cancelBooking(who, booking.id);
  if (!outcome.ok) {
    return outcome.status === 404
      ? problem("not-found", outcome.message)
      : outcome.status === 400 || outcome.status === 422
        ? problem("invalid", outcome.message)
        : problem("conflict", outcome.message);
  }
  return { status: 200, body: { reference, status: "cancelled", message: outcome.message } };
}
