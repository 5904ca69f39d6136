import { describe, expect, test } from "vitest";
import { mpesaCodesIn, referenceIn } from "./booking-reference";

describe("referenceIn", () => {
  test("reads a reference typed by hand or inside a narrative", () => {
    expect(referenceIn(" mf-7k2q 9xp4")).toBe("MF-7K2Q9XP4");
    expect(referenceIn("MF7K2Q9XP4")).toBe("MF-7K2Q9XP4");
    expect(referenceIn("TRF MF-7K2Q9XP4 KCB NAIROBI")).toBe("MF-7K2Q9XP4");
    expect(referenceIn("ACME LTD")).toBeNull();
    expect(referenceIn("")).toBeNull();
  });
});

describe("mpesaCodesIn", () => {
  test("finds ten-character M-PESA codes, not words or longer references", () => {
    expect(mpesaCodesIn("MPESA C2B skl4abcd12 880142")).toEqual(["SKL4ABCD12"]);
    expect(mpesaCodesIn("TK5F8H2K9Q")).toEqual(["TK5F8H2K9Q"]);
    expect(mpesaCodesIn("ACCOUNTING 1234567890 FT2611ABCDE")).toEqual([]);
  });
});
