import { describe, expect, it } from "vitest";
import { formatDuration, toEatDateTime, yearOf } from "./dates";
import { formatKsh } from "./money";

describe("formatKsh", () => {
  it("prints whole shillings with thousands separators", () => {
    expect(formatKsh(45000)).toBe("KES 45,000");
    expect(formatKsh("180000.00")).toBe("KES 180,000");
    expect(formatKsh(null)).toBe("On request");
  });
});

describe("dates", () => {
  it("formats durations and years", () => {
    expect(formatDuration(5)).toBe("5 days");
    expect(formatDuration(1)).toBe("1 day");
    expect(yearOf("2025-03-03")).toBe(2025);
    expect(toEatDateTime("2025-03-03")).toBe("2025-03-03T08:00:00+03:00");
  });
});
