import { describe, expect, test } from "vitest";
import { breakEven, type CostLine, decisionDate, marginAt, penaltyPercentOn } from "./economics";

const line = (basis: CostLine["basis"], amountMinor: number): CostLine => ({
  kind: "other",
  basis,
  description: basis,
  amountMinor,
  currency: "KES",
});

describe("the go/no-go date", () => {
  const ladder = [
    { from: "2027-03-01", percent: 50 },
    { from: "2027-03-10", percent: 100 },
  ];
  test("the earlier of final numbers and the first penalty, less the buffer", () => {
    expect(decisionDate({ finalNumbersDue: "2027-03-08", cancellationLadder: ladder }, "2027-03-15", 3)).toBe(
      "2027-02-26",
    );
    expect(decisionDate({ finalNumbersDue: "2027-02-20", cancellationLadder: ladder }, "2027-03-15", 0)).toBe(
      "2027-02-20",
    );
  });
  test("14 days before the first session without a contract; none without a date", () => {
    expect(decisionDate(null, "2027-03-15", 3)).toBe("2027-03-01");
    expect(decisionDate({ finalNumbersDue: null, cancellationLadder: [] }, "2027-03-15", 3)).toBe(
      "2027-03-01",
    );
    expect(decisionDate(null, null, 3)).toBeNull();
  });
  test("the ladder's percent is the last step begun", () => {
    expect(penaltyPercentOn(ladder, "2027-02-28")).toBe(0);
    expect(penaltyPercentOn(ladder, "2027-03-01")).toBe(50);
    expect(penaltyPercentOn(ladder, "2027-03-12")).toBe(100);
  });
});

describe("break-even", () => {
  test("fixed and per-day costs over the fee less the cost per participant, rounded up", () => {
    const lines = [line("fixed", 1_000_000), line("per_day", 100_000), line("per_participant", 50_000)];
    // fixed 1,000,000 + 3 days × 100,000 = 1,300,000; each participant leaves 150,000 − 50,000
    expect(breakEven(lines, 150_000, 3)).toBe(13);
    expect(marginAt(lines, 150_000, 3, 13)).toBe(0);
    expect(marginAt(lines, 150_000, 3, 12)).toBe(-100_000);
  });
  test("none when a participant costs what they pay; none needed without fixed costs", () => {
    expect(breakEven([line("fixed", 10), line("per_participant", 100)], 100, 1)).toBeNull();
    expect(breakEven([line("per_participant", 100)], 50, 1)).toBe(0);
  });
});
