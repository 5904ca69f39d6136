import { describe, expect, test } from "vitest";
import { mpesaCodesIn } from "./mpesa-codes";

describe("mpesaCodesIn", () => {
  test("finds ten-character M-PESA codes, not words or longer references", () => {
    expect(mpesaCodesIn("MPESA C2B skl4abcd12 880142")).toEqual(["SKL4ABCD12"]);
    expect(mpesaCodesIn("TK5F8H2K9Q")).toEqual(["TK5F8H2K9Q"]);
    expect(mpesaCodesIn("ACCOUNTING 1234567890 FT2611ABCDE")).toEqual([]);
  });
});
