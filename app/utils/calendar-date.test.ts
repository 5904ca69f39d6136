import { describe, expect, it } from "vitest";
import { calendarDateOf, isCalendarDate } from "./calendar-date";

describe("isCalendarDate", () => {
  it.each(["2026-11-25", "2028-02-29", "2000-01-01", "2099-12-31"])("takes %s", (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    ["year 0000", "0000-01-01"],
    ["a year before the range", "1999-12-31"],
    ["a year past the range", "2999-12-01"],
    ["30 February", "2026-02-30"],
    ["31 April", "2026-04-31"],
    ["29 February in a common year", "2027-02-29"],
    ["month 13", "2026-13-01"],
    ["day 00", "2026-01-00"],
    ["no padding", "2026-1-5"],
    ["a time after it", "2026-01-05T00:00"],
    ["a NUL inside", "2026-01-\u000005"],
    ["empty", ""],
  ])("refuses %s", (_name, value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe("calendarDateOf", () => {
  it("pads and checks the parts", () => {
    expect(calendarDateOf(2026, 3, 7)).toBe("2026-03-07");
    expect(calendarDateOf("2026", "2", "30")).toBeNull();
    expect(calendarDateOf("0000", "01", "01")).toBeNull();
  });
});
