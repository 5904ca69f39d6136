import { describe, expect, it } from "vitest";
import { priceTypedLines, quoteVatText } from "./quote-pricing";

const INCLUDED = { registered: true, ratePercent: 16, pricesIncludeVat: true };

describe("the quote form's running total", () => {
  it("prices the rows as typed, VAT taken out of prices that include it, and skips rows not yet priced", () => {
    const totals = priceTypedLines(
      [
        { description: "Course days", quantity: "3", unit: "45,000" },
        { description: "Venue", quantity: "1", unit: "KES 1,074,000" },
        { description: "Travel", quantity: "", unit: "9,000" },
      ],
      INCLUDED,
    );
    expect(totals.totalCents).toBe(1_209_000_00);
    expect(totals.netCents + totals.vatCents).toBe(1_209_000_00);
    expect(totals.vatCents).toBe(166_758_62);
  });

  it("says the firm's prices include VAT, not that VAT is added", () => {
    expect(quoteVatText(INCLUDED)).toContain("including VAT at 16%");
    expect(quoteVatText({ ...INCLUDED, pricesIncludeVat: false })).toContain("is added");
  });
});
