import { describe, expect, it } from "vitest";
import { parseCalendarFilter } from "./calendar-filter";

const parse = (query: string) => parseCalendarFilter(new URLSearchParams(query));

describe("parseCalendarFilter", () => {
  it("reads a category and a venue", () => {
    expect(parse("category=county&venue=Mombasa%2C+Kenya")).toEqual({
      category: "county",
      venue: "Mombasa, Kenya",
    });
  });
  it("treats all, empty, unknown and oversized values as no filter", () => {
    expect(parse("category=all&venue=all")).toEqual({ category: undefined, venue: undefined });
    expect(parse("category=cooking&venue=")).toEqual({ category: undefined, venue: undefined });
    expect(parse(`venue=${"x".repeat(500)}`)).toEqual({ category: undefined, venue: undefined });
  });
});
