import { describe, expect, test } from "vitest";
import { lineListText, parseLineList } from "./line-list";

describe("line lists", () => {
  test("a set of line numbers and its compact text read each other back", () => {
    expect(lineListText([17, 3, 250, 251, 252, 4, 3])).toBe("3-4,17,250-252");
    expect([...(parseLineList("3-4,17,250-252") ?? [])]).toEqual([3, 4, 17, 250, 251, 252]);
    expect(parseLineList("")?.size).toBe(0);
    expect(lineListText([])).toBe("");
  });
  test("anything else is not a list", () => {
    for (const bad of ["a", "3,", "5-2", "0", "1-999999", "1;2", " 3", "1-20000,20001-40000"]) {
      expect(parseLineList(bad), bad).toBeNull();
    }
  });
});
