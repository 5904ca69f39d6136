import { describe, expect, test } from "vitest";
import { implausiblePayment, MAX_PLAUSIBLE_PAYMENT_CENTS } from "./payment-sanity";

describe("implausiblePayment", () => {
  const today = "2026-03-10";
  test("an ordinary payment, up to the ceiling and up to tomorrow, is plausible", () => {
    expect(implausiblePayment({ amountCents: 4_500_000, receivedOn: today }, today)).toBeNull();
    expect(
      implausiblePayment({ amountCents: MAX_PLAUSIBLE_PAYMENT_CENTS, receivedOn: "2026-03-11" }, today),
    ).toBeNull();
    expect(implausiblePayment({ amountCents: 100, receivedOn: "2024-12-31" }, today)).toBeNull();
  });
  test("an absurd amount or a date after tomorrow says why", () => {
    expect(
      implausiblePayment({ amountCents: MAX_PLAUSIBLE_PAYMENT_CENTS + 1, receivedOn: today }, today),
    ).toBe("KES 10,000,000.01 is more than one payment can plausibly be (at most KES 10,000,000.00).");
    expect(implausiblePayment({ amountCents: 1_000_000_010_118_249, receivedOn: today }, today)).toContain(
      "more than one payment",
    );
    expect(implausiblePayment({ amountCents: 100, receivedOn: "2026-03-12" }, today)).toBe(
      "Dated 2026-03-12, after today (2026-03-10).",
    );
    expect(implausiblePayment({ amountCents: 100, receivedOn: "2999-12-01" }, today)).toContain(
      "after today",
    );
  });
});
