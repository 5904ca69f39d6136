import { describe, expect, it } from "vitest";
import { countryCode, easterSunday, holidaysBetween, publicHolidays, workingDays } from "./public-holidays";

describe("public holidays", () => {
  it("computes Easter by the Gregorian computus", () => {
    expect(["2024", "2025", "2026", "2027", "2030"].map((y) => easterSunday(Number(y)))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2030-04-21",
    ]);
  });

  it("lists Kenya's fixed and moveable holidays, a Sunday holiday kept on the Monday", () => {
    const ke2027 = publicHolidays("KE", 2027).map((h) => `${h.date} ${h.name}`);
    expect(ke2027).toContain("2027-03-26 Good Friday");
    expect(ke2027).toContain("2027-03-29 Easter Monday");
    expect(ke2027).toContain("2027-03-10 Eid al-Fitr");
    expect(ke2027).toContain("2027-10-20 Mashujaa Day");
    // 12 December 2027 is a Sunday
    expect(ke2027).toContain("2027-12-13 Jamhuri Day (observed)");
  });

  it("knows each country's own days", () => {
    const names = (c: "UG" | "RW" | "TZ") => publicHolidays(c, 2027).map((h) => h.name);
    expect(names("UG")).toContain("Martyrs' Day");
    expect(names("UG")).toContain("Eid al-Adha");
    expect(names("RW")).toContain("Umuganura Day");
    expect(publicHolidays("RW", 2027).find((h) => h.name === "Umuganura Day")?.date).toBe("2027-08-06");
    expect(names("TZ")).toContain("Saba Saba");
    expect(names("TZ")).toContain("Maulid");
  });

  it("reads a run's country by name or code, Kenya by default", () => {
    expect([countryCode("Uganda"), countryCode("tz"), countryCode(null), countryCode("Ghana")]).toEqual([
      "UG",
      "TZ",
      "KE",
      "KE",
    ]);
  });

  it("counts a two-week course as its ten working days, not twelve calendar days", () => {
    const holidays = holidaysBetween("KE", "2027-09-20", "2027-10-01");
    expect(workingDays("2027-09-20", "2027-10-01", holidays)).toHaveLength(10);
  });

  it("skips a weekend and a public holiday, and a gazetted one-off", () => {
    const holidays = holidaysBetween("KE", "2027-10-18", "2027-10-26", [
      { date: "2027-10-22", name: "Census day" },
    ]);
    expect(workingDays("2027-10-18", "2027-10-26", holidays)).toEqual([
      "2027-10-18",
      "2027-10-19",
      "2027-10-21",
      "2027-10-25",
      "2027-10-26",
    ]);
  });
});
