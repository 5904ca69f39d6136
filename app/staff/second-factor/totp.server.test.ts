import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, totpCode } from "./totp.server";

// RFC 6238 appendix B, SHA-1: the secret is the ASCII "12345678901234567890"; the RFC lists 8 digits,
// six-digit codes are their last six.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    expect(totpCode(RFC_SECRET, Math.floor(59 / 30))).toBe("287082");
    expect(totpCode(RFC_SECRET, Math.floor(1111111109 / 30))).toBe("081804");
    expect(totpCode(RFC_SECRET, Math.floor(2000000000 / 30))).toBe("279037");
  });

  it("round-trips base32", () => {
    expect(base32Decode(RFC_SECRET).toString()).toBe("12345678901234567890");
  });

  it("accepts one step either side and no further", () => {
    const at = 1111111109_000;
    const step = Math.floor(at / 30_000);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), at)).toBeNull();
    expect(matchTotp(RFC_SECRET, "12345", at)).toBeNull();
  });
});
