import { describe, expect, test } from "vitest";
import { discountOff, offeredFor, previewTotal, priceParticipant, termsText } from "./discounts";

describe("a participant's price (decision 0750)", () => {
  test("list → early bird → group → code, each from what the one before left, half up to the cent", () => {
    const price = priceParticipant(4_500_000, {
      earlyBird: { percentBp: 1_000, amountCents: null, until: "2027-01-31" },
      group: { percentBp: 1_500, amountCents: null, minParticipants: 4 },
      code: { percentBp: 500, amountCents: null, code: "CHURCH-5" },
    });
    expect(price.steps.map((s) => s.cents)).toEqual([450_000, 607_500, 172_125]);
    expect(price).toMatchObject({ listCents: 4_500_000, discountCents: 1_229_625, netCents: 3_270_375 });
    expect(price.steps.map((s) => s.label)).toEqual([
      "Early bird (booked by 31 January 2027): 10% off",
      "Group of 4 or more from one organisation: 15% off",
      "Code CHURCH-5: 5% off",
    ]);
  });

  test("an amount never takes the price below nothing; a rounded percentage goes half up", () => {
    expect(discountOff(300_000, { percentBp: null, amountCents: 500_000 })).toBe(300_000);
    expect(discountOff(3_333_333, { percentBp: 1_250, amountCents: null })).toBe(416_667);
    expect(discountOff(0, { percentBp: 1_000, amountCents: null })).toBe(0);
    expect(termsText({ percentBp: 1_250, amountCents: null })).toBe("12.5%");
    expect(termsText({ percentBp: null, amountCents: 500_000 })).toBe("KES 5,000.00");
  });

  test("the form's preview: the early bird until its day, the group from its size, a date's rule over the course's", () => {
    const rules = [
      {
        slug: "c",
        runId: null,
        kind: "group" as const,
        percentBp: 1_000,
        amountCents: null,
        until: null,
        minParticipants: 4,
      },
      {
        slug: "c",
        runId: "r1",
        kind: "group" as const,
        percentBp: 2_000,
        amountCents: null,
        until: null,
        minParticipants: 3,
      },
      {
        slug: "c",
        runId: null,
        kind: "early_bird" as const,
        percentBp: null,
        amountCents: 100_000,
        until: "2027-01-10",
        minParticipants: null,
      },
    ];
    expect(offeredFor(rules, "c", "r1").group?.percentBp).toBe(2_000);
    expect(offeredFor(rules, "c", "r2").group?.percentBp).toBe(1_000);
    const offered = offeredFor(rules, "c", null);
    expect(previewTotal(3, 1_000_000, offered, "2027-01-10", null).totalCents).toBe(2_700_000);
    expect(previewTotal(4, 1_000_000, offered, "2027-01-11", null).totalCents).toBe(3_600_000);
    expect(
      previewTotal(5, 1_000_000, offered, "2027-01-01", {
        code: "X1-Y",
        percentBp: null,
        amountCents: 10_000,
      }).totalCents,
    ).toBe(5 * (1_000_000 - 100_000 - 90_000 - 10_000));
  });
});
