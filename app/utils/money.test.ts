import { expect, test } from "vitest";
import { formatKsh } from "./money";

test("formats KES amounts with thousands separators", () => {
  expect(formatKsh("95000.00")).toBe("KSH 95,000");
  expect(formatKsh(180000)).toBe("KSH 180,000");
  expect(formatKsh("1250.5")).toBe("KSH 1,250.5");
  expect(formatKsh(null)).toBeNull();
  expect(formatKsh("abc")).toBeNull();
});
