import { describe, expect, test } from "vitest";
import { costLine } from "./emails.server";

describe("what a booking costs, as its e-mail says it", () => {
  test("one participant: the price; a group: the count, the price and the total", () => {
    expect(costLine("KSH 95,000", 1)).toBe("KES 95,000");
    expect(costLine("KSH 110,000", 4)).toBe("4 × KES 110,000 = KES 440,000");
    expect(costLine("KES 1,250.50", 2)).toBe("2 × KES 1,250.50 = KES 2,501");
  });

  test("a price that is not an amount is shown as it stands, and none is none", () => {
    expect(costLine("On request", 3)).toBe("On request");
    expect(costLine(null, 3)).toBeNull();
  });
});
