import { describe, expect, it } from "vitest";
import { outlineDays, outlineText, parseOutline } from "./course-outline";

const fails = (text: string) => {
  const parsed = parseOutline(text);
  if (parsed.ok) throw new Error("expected the outline to be refused");
  return parsed.message;
};

describe("the outline by day, as the course editor's textarea holds it", () => {
  it("reads headings, day ranges and bullets, and writes them back the same", () => {
    const text =
      "Day 1: Budgets\n- Reading a budget\n* Variances\n\nDays 2-3 – Field visit\nCounty projects\n";
    const parsed = parseOutline(text);
    expect(parsed).toEqual({
      ok: true,
      outline: [
        { fromDay: 1, toDay: 1, title: "Budgets", topics: ["Reading a budget", "Variances"] },
        { fromDay: 2, toDay: 3, title: "Field visit", topics: ["County projects"] },
      ],
    });
    if (!parsed.ok) return;
    expect(outlineText(parsed.outline)).toBe(
      "Day 1: Budgets\n- Reading a budget\n- Variances\n\nDays 2–3: Field visit\n- County projects",
    );
    expect(parseOutline(outlineText(parsed.outline))).toEqual(parsed);
    expect(outlineDays(parsed.outline[1] ?? { fromDay: 0, toDay: 0 })).toBe("Days 2–3");
  });

  it("is empty for an empty textarea", () => {
    expect(parseOutline("  \n\n")).toEqual({ ok: true, outline: [] });
  });

  it("names the line of each mistake", () => {
    expect(fails("- a topic first")).toBe(
      'Line 1: start the outline with a day\'s heading, such as "Day 1: Reading financial statements"',
    );
    expect(fails("Day 1: A\n- x\nDay 3: C\n- y")).toBe(
      "Line 3: day 3 comes where day 2 should. The outline goes day by day from day 1, with no day missing or repeated",
    );
    expect(fails("Day 1: A\n- x\nDay 1: again\n- y")).toMatch(/^Line 3: day 1 comes where day 2 should/);
    expect(fails("Day 1\n- x")).toBe(
      'Line 1: give Day 1 a title after a colon, such as "Day 1: Budgeting basics"',
    );
    expect(fails("Days 3-2: Backwards\n- x")).toMatch(
      /^Line 1: a range of days runs from the first to the last/,
    );
    expect(fails("Day 1: A\nDay 2: B\n- x")).toBe(
      'Day 1 lists no topics: add a line "- topic" under its heading',
    );
    expect(fails("Day 1: A")).toBe('Day 1 lists no topics: add a line "- topic" under its heading');
    expect(fails(`Day 1: ${"t".repeat(201)}\n- x`)).toBe(
      "Line 1: a day's title must be at most 200 characters",
    );
    expect(fails(`Day 1: A\n- ${"t".repeat(301)}`)).toBe("Line 2: a topic must be at most 300 characters");
    const crowded = ["Day 1: A", ...Array.from({ length: 13 }, (_, i) => `- topic ${i}`)].join("\n");
    expect(fails(crowded)).toBe("Line 14: Day 1 can list at most 12 topics");
  });
});
