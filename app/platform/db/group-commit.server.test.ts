import { describe, expect, test } from "vitest";
import { groupCommit } from "./group-commit.server";

/** A runner that records each group it is given and answers after the test releases it. */
function recorder(fail: (item: number) => boolean = () => false) {
  const groups: number[][] = [];
  const release: (() => void)[] = [];
  const run = async (items: number[]) => {
    groups.push(items);
    await new Promise<void>((resolve) => release.push(resolve));
    if (items.some(fail)) throw new Error(`bad item in ${items.join(",")}`);
    return items.map((item) => item * 10);
  };
  return { groups, release, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("groupCommit", () => {
  test("calls of one moment form one group; calls during a group form the next", async () => {
    const { groups, release, run } = recorder();
    const submit = groupCommit(run);
    const first = [submit(1), submit(2)];
    await tick();
    expect(groups).toEqual([[1, 2]]);
    const later = [submit(3), submit(4), submit(5)];
    await tick();
    expect(groups).toHaveLength(1);
    release.shift()?.();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await tick();
    expect(groups).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    release.shift()?.();
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
  });

  test("a group holds at most max items; the rest follow in order", async () => {
    const { groups, release, run } = recorder();
    const submit = groupCommit(run, { max: 2 });
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => submit(n)));
    for (let i = 0; i < 3; i++) {
      await tick();
      release.shift()?.();
    }
    expect(await all).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1, 2], [3, 4], [5]]);
  });

  test("a failed group is retried item by item: only the bad item fails", async () => {
    const { groups, release, run } = recorder((item) => item === 2);
    const submit = groupCommit(run);
    const results = Promise.allSettled([submit(1), submit(2), submit(3)]);
    for (let i = 0; i < 4; i++) {
      await tick();
      release.shift()?.();
    }
    const settled = await results;
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(settled[0]).toMatchObject({ value: 10 });
    expect(settled[1]).toMatchObject({ reason: new Error("bad item in 2") });
    expect(groups).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  test("a runner that answers the wrong number of results fails its callers rather than mixing answers", async () => {
    let runs = 0;
    const submit = groupCommit(async (items: number[]) => {
      runs += 1;
      return items.slice(1);
    });
    const answers = await Promise.allSettled([submit(1), submit(2)]);
    expect(answers.map((a) => a.status)).toEqual(["rejected", "rejected"]);
    expect(answers[0]).toMatchObject({ reason: new Error("group commit: one result per item expected") });
    // the work is not done again item by item
    expect(runs).toBe(1);
  });

  test("it starts again after going quiet", async () => {
    const submit = groupCommit(async (items: number[]) => items.map((item) => item + 1));
    expect(await submit(1)).toBe(2);
    expect(await submit(2)).toBe(3);
  });
});
