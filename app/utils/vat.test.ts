import { describe, expect, it } from "vitest";
import { centsToDecimal, formatKes, parseCents } from "./cents";
import { computeVat, vatNote } from "./vat";

const line = (quantity: number, unitCents: number) => ({ description: "Course", quantity, unitCents });

describe("parseCents", () => {
  it("reads amounts exactly, with separators", () => {
    expect(parseCents("45,000")).toBe(4_500_000);
    expect(parseCents("45000.5")).toBe(4_500_050);
    expect(parseCents(" 1 250.05 ")).toBe(125_005);
    expect(parseCents("0.10")).toBe(10);
    expect(parseCents(1500)).toBe(150_000);
  });
  it("refuses what is not an amount", () => {
    for (const bad of ["", "-5", "1.234", "1e5", "abc", "=1+1", "12..3", null]) {
      expect(parseCents(bad)).toBeNull();
    }
  });
  it("prints KES and plain decimals", () => {
    expect(formatKes(4_500_050)).toBe("KES 45,000.50");
    expect(formatKes(-100)).toBe("-KES 1.00");
    expect(centsToDecimal(4_500_005)).toBe("45000.05");
    expect(centsToDecimal(-7)).toBe("-0.07");
  });
});

describe("computeVat", () => {
  it("adds VAT to prices that exclude it", () => {
    const totals = computeVat([line(3, 4_500_000)], {
      registered: true,
      ratePercent: 16,
      pricesIncludeVat: false,
    });
    expect(totals).toMatchObject({ netCents: 13_500_000, vatCents: 2_160_000, totalCents: 15_660_000 });
    expect(totals.lines[0]?.amountCents).toBe(13_500_000);
  });

  it("takes VAT out of prices that include it, the total staying the price", () => {
    const totals = computeVat([line(2, 4_500_000)], {
      registered: true,
      ratePercent: 16,
      pricesIncludeVat: true,
    });
    // 9,000,000 × 16 / 116 = 1,241,379.31… → 1,241,379 cents
    expect(totals).toMatchObject({ vatCents: 1_241_379, netCents: 7_758_621, totalCents: 9_000_000 });
  });

  it("rounds half a cent up, once per line", () => {
    // 3.13 at 16 % = 0.5008 → 0.50
    expect(
      computeVat([line(1, 313)], { registered: true, ratePercent: 16, pricesIncludeVat: false }).vatCents,
    ).toBe(50);
    // 0.5 cent exactly: 25 cents at 2 % = 0.5 → 1
    expect(
      computeVat([line(1, 25)], { registered: true, ratePercent: 2, pricesIncludeVat: false }).vatCents,
    ).toBe(1);
    // per line, not on the sum: two lines of 25 cents at 2 % → 1 + 1, where the sum would give 1
    expect(
      computeVat([line(1, 25), line(1, 25)], { registered: true, ratePercent: 2, pricesIncludeVat: false })
        .vatCents,
    ).toBe(2);
    // inclusive, odd amount: 999.99 × 16 / 116 = 137.929… → 137.93
    expect(
      computeVat([line(1, 99_999)], { registered: true, ratePercent: 16, pricesIncludeVat: true }),
    ).toMatchObject({ vatCents: 13_793, netCents: 86_206, totalCents: 99_999 });
  });

  it("charges no VAT when the firm is not registered", () => {
    const totals = computeVat([line(4, 1_234_567)], {
      registered: false,
      ratePercent: 16,
      pricesIncludeVat: false,
    });
    expect(totals).toMatchObject({ vatCents: 0, netCents: 4_938_268, totalCents: 4_938_268, ratePercent: 0 });
  });

  it("keeps exact cents on amounts past a float's integer precision per line", () => {
    const totals = computeVat([line(100, 99_999_999_999)], {
      registered: true,
      ratePercent: 16,
      pricesIncludeVat: false,
    });
    expect(totals.vatCents).toBe(1_599_999_999_984);
    expect(totals.totalCents).toBe(11_599_999_999_884);
  });
});

describe("vatNote", () => {
  it("says whether the quoted fee includes VAT, adds it, or charges none", () => {
    expect(vatNote({ registered: true, ratePercent: 16, pricesIncludeVat: true })).toBe("VAT 16% included");
    expect(vatNote({ registered: true, ratePercent: 16, pricesIncludeVat: false })).toBe("Plus VAT 16%");
    expect(vatNote({ registered: false, ratePercent: 16, pricesIncludeVat: true })).toBe("No VAT charged");
  });
});
