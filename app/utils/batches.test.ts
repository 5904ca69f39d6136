import { describe, expect, it } from "vitest";
import { batchesOf } from "./batches";

describe("batchesOf", () => {
  const lines = (groups: (string | null)[]) => groups.map((group, line) => ({ line, group }));
  const split = (groups: (string | null)[], maxItems: number, maxGroups: number) =>
    batchesOf(lines(groups), (l) => l.group, { maxItems, maxGroups }).map((b) => b.map((l) => l.line));

  it("keeps at most maxItems in a batch", () => {
    expect(split([null, null, null, null, null], 2, 5)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it("starts a new batch when one more group would pass maxGroups; a group already in it does not count again", () => {
    expect(split(["a", "b", "a", "c", null, "b", "d"], 100, 2)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it("gives nothing for nothing", () => {
    expect(split([], 10, 10)).toEqual([]);
  });
});
