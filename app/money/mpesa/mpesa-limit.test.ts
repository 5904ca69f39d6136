import { describe, expect, it } from "vitest";
import { promptPlan, promptPlanText } from "./mpesa-limit";

describe("promptPlan", () => {
  it("splits a balance above the limit into prompts under it", () => {
    expect(promptPlan(330_000_00, 250_000)).toEqual([250_000, 80_000]);
    expect(promptPlan(600_000_00, 250_000)).toEqual([250_000, 250_000, 100_000]);
    expect(promptPlan(250_000_00, 250_000)).toEqual([250_000]);
    expect(promptPlan(0, 250_000)).toEqual([]);
  });

  it("says the plan as the page shows it", () => {
    expect(promptPlanText([250_000, 80_000])).toBe("KES 250,000.00 now, KES 80,000.00 next");
    expect(promptPlanText([95_000])).toBeNull();
  });
});
