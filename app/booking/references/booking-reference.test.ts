import { describe, expect, test } from "vitest";
import { referenceIn } from "./booking-reference";

describe("referenceIn", () => {
  test("reads a reference typed by hand or inside a narrative", () => {
    expect(referenceIn(" mf-7k2q 9xp4")).toBe("MF-7K2Q9XP4");
    expect(referenceIn("MF7K2Q9XP4")).toBe("MF-7K2Q9XP4");
    expect(referenceIn("TRF MF-7K2Q9XP4 KCB NAIROBI")).toBe("MF-7K2Q9XP4");
    expect(referenceIn("ACME LTD")).toBeNull();
    expect(referenceIn("")).toBeNull();
  });
});
