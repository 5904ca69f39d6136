import { describe, expect, it } from "vitest";
import { parseCourseFilter } from "./course-filter";

const parse = (query: string) => parseCourseFilter(new URLSearchParams(query));

describe("parseCourseFilter", () => {
  it("reads a category and a year", () => {
    expect(parse("category=county&year=2025")).toEqual({ category: "county", year: 2025 });
  });
  it("treats all, empty and unknown values as no filter", () => {
    expect(parse("category=all&year=all")).toEqual({ category: undefined, year: undefined });
    expect(parse("category=cooking&year=abc")).toEqual({ category: undefined, year: undefined });
    expect(parse("")).toEqual({ category: undefined, year: undefined });
  });
});
