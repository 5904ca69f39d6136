import { describe, expect, test } from "vitest";
import { paymentState, settledInCash, settlement } from "./payment-state";

// The one rule of what a booking owes (decision 0745), on the issue's own figures: an invoice of 116,000
// (100,000 + VAT 16,000) from a payer withholding 5,000 income tax and 2,000 VAT.
describe("settlement", () => {
  test.each([
    // invoiced, paid, withheld, certified → cash balance, certificates due, state
    [11_600_000, 0, 700_000, 0, 10_900_000, 700_000, "unpaid"],
    [11_600_000, 5_000_000, 700_000, 0, 5_900_000, 700_000, "part_paid"],
    [11_600_000, 10_900_000, 700_000, 0, 0, 700_000, "certificates_due"],
    [11_600_000, 10_900_000, 700_000, 500_000, 0, 200_000, "certificates_due"],
    [11_600_000, 10_900_000, 700_000, 700_000, 0, 0, "paid"],
    // the payer did not withhold after all and paid in full: nothing is due
    [11_600_000, 11_600_000, 700_000, 0, 0, 0, "paid"],
    // it withheld only the income tax: 2,000 more is cash owed, not a certificate
    [11_600_000, 11_100_000, 700_000, 0, 0, 500_000, "certificates_due"],
    // a certificate beyond what was withheld settles as money does
    [11_600_000, 10_900_000, 700_000, 900_000, -200_000, 0, "overpaid"],
    // certificates before the cash: they count, the cash part is still owed
    [11_600_000, 0, 700_000, 700_000, 10_900_000, 0, "part_paid"],
    // no withholding: as before
    [11_600_000, 11_600_000, 0, 0, 0, 0, "paid"],
    [0, 0, 0, 0, 0, 0, "unpaid"],
    [0, 500_000, 0, 0, -500_000, 0, "overpaid"],
  ] as const)(
    "%i invoiced, %i paid, %i withheld, %i certified → cash %i, certificates %i, %s",
    (invoiced, paid, withheld, certified, balance, due, state) => {
      expect(settlement(invoiced, paid, withheld, certified)).toEqual({
        outstandingCents: invoiced - paid - certified,
        balanceCents: balance,
        certificatesDueCents: due,
        state,
      });
      expect(paymentState(invoiced, paid, withheld, certified)).toBe(state);
    },
  );

  test("paid in cash: paid, overpaid, or waiting only for certificates", () => {
    expect(
      ["unpaid", "part_paid", "certificates_due", "paid", "overpaid"].map((s) => settledInCash(s as never)),
    ).toEqual([false, false, true, true, true]);
  });
});
