import { describe, expect, it } from "vitest";
import { randomBytes } from "./random-bytes.server";

describe("randomBytes", () => {
  it("hands out slices of the requested size that are never repeated, across refills of the pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const bytes = randomBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(1000);
  });

  it("keeps a slice as it was given once the pool is drawn again", () => {
    const first = randomBytes(16);
    const kept = Buffer.from(first);
    for (let i = 0; i < 600; i++) randomBytes(16);
    expect(first.equals(kept)).toBe(true);
  });

  it("draws a request larger than the pool on its own", () => {
    expect(randomBytes(10_000)).toHaveLength(10_000);
  });
});
