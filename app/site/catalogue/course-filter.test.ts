import { describe, expect, it } from "vitest";
import { COURSE_SEARCH_MESSAGES, parseCourseFilter, searchWords } from "./course-filter";

const parse = (query: string) => parseCourseFilter(new URLSearchParams(query));
const none = { q: "", words: [] };

describe("parseCourseFilter", () => {
  it("reads a category and a year", () => {
    expect(parse("category=county&year=2025")).toEqual({ category: "county", year: 2025, ...none });
  });
  it("treats all, empty and unknown values as no filter", () => {
    expect(parse("category=all&year=all")).toEqual({ category: undefined, year: undefined, ...none });
    expect(parse("category=cooking&year=abc")).toEqual({ category: undefined, year: undefined, ...none });
    expect(parse("")).toEqual({ category: undefined, year: undefined, ...none });
  });
  it("reads the search with its spaces tidied, and its words", () => {
    expect(parse("q=%20%20Stratgic%20%20planning%20in%20Nairobi!%20")).toMatchObject({
      q: "Stratgic planning in Nairobi!",
      words: ["stratgic", "planning", "in", "nairobi"],
    });
    expect(parse("q=a")).toMatchObject({ q: "a", words: [] });
  });
  it("refuses a search over 100 characters with a message, keeping the other filters", () => {
    expect(parse(`category=county&q=${"x".repeat(101)}`)).toEqual({
      category: "county",
      year: undefined,
      q: "",
      words: [],
      searchError: COURSE_SEARCH_MESSAGES.tooLong,
    });
    expect(parse(`q=${"x".repeat(100)}`).words).toEqual(["x".repeat(100)]);
  });
});

describe("searchWords", () => {
  it("keeps letters and digits of any script, drops repeats and punctuation, at most eight", () => {
    expect(searchWords("M&E, M&E; ICT-2026 Mafunzo'")).toEqual(["ict", "2026", "mafunzo"]);
    expect(searchWords("ujuzi wa uongozi")).toEqual(["ujuzi", "wa", "uongozi"]);
    expect(searchWords("a1 b2 c3 d4 e5 f6 g7 h8 i9 j10")).toHaveLength(8);
  });
});
