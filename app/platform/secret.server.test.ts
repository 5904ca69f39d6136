import { beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "./env.server";
import { isSealed, openText, SEALED_PREFIX, sealText } from "./secret.server";

beforeAll(() => {
  // the secret comes from the environment here, never generated into ./data
  process.env.SESSION_SECRET = "unit-tests-only-secret-0123456789abcdef";
  resetEnv();
});

describe("sealed personal data", () => {
  it("seals under the version prefix and opens back to the text", () => {
    const sealed = sealText("id-number", "A1234567");
    expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed).not.toContain("A1234567");
    expect(isSealed(sealed)).toBe(true);
    expect(openText("id-number", sealed)).toBe("A1234567");
  });

  it("seals the same text differently each time (a fresh nonce), so equal numbers cannot be matched", () => {
    expect(sealText("id-number", "12345678")).not.toBe(sealText("id-number", "12345678"));
  });

  it("opens nothing altered: a changed tag or body reads as unreadable, not as other text", () => {
    const sealed = sealText("id-number", "12345678");
    const [prefixAndIv, tag, body] = sealed.split(".") as [string, string, string];
    const flip = (part: string) => `${part.slice(0, -2)}${part.endsWith("AA") ? "BA" : "AA"}`;
    expect(openText("id-number", [prefixAndIv, flip(tag), body].join("."))).toBeNull();
    expect(openText("id-number", [prefixAndIv, tag, flip(body)].join("."))).toBeNull();
  });

  it("hands back a value that was never sealed (a row from before sealing) as it is", () => {
    expect(isSealed("12345678")).toBe(false);
    expect(openText("id-number", "12345678")).toBe("12345678");
    // what a person could type into a 30-character field never has the sealed shape
    expect(isSealed("seal1:abc")).toBe(false);
  });
});
