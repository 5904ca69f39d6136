import { describe, expect, it } from "vitest";
import { addDays } from "#app/utils/dates";
import { countryCode, holidaysBetween, isWeekend } from "#app/utils/public-holidays";
import { seedCourses } from "./courses";
import { runDateLabel, upcomingSeedRuns } from "./upcoming-runs";

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describe("upcomingSeedRuns", () => {
  it("places one or two Monday-to-Friday runs in the next twelve months", () => {
    for (const today of ["2026-11-22", "2027-12-31", "2030-02-28"]) {
      for (let index = 0; index < 40; index++) {
        const runs = upcomingSeedRuns({ durationDays: 5, runs: [] }, index, today);
        expect(runs.length).toBe(index % 2 === 0 ? 2 : 1);
        for (const run of runs) {
          expect(run.startDate > today).toBe(true);
          expect(run.startDate <= addDays(today, 365)).toBe(true);
          expect(weekday(run.startDate)).toBe(1);
          expect(weekday(run.endDate)).toBe(5);
          expect(run.capacity).toBeGreaterThanOrEqual(20);
          expect(run.capacity).toBeLessThanOrEqual(30);
        }
      }
    }
  });

  it("skips weekends for courses longer than a week", () => {
    const [run] = upcomingSeedRuns({ durationDays: 10, runs: [] }, 1, "2026-11-22");
    expect(run && addDays(run.startDate, 11)).toBe(run?.endDate);
  });
});

describe("seeded runs and public holidays", () => {
  const onHoliday = (run: { startDate: string; endDate: string; country: string }) =>
    holidaysBetween(countryCode(run.country), run.startDate, run.endDate).filter((h) => !isWeekend(h.date));

  it("places no upcoming run over a public holiday of its country, whatever day the database is made", () => {
    // 2026-11-27 made two runs over Christmas and New Year (issue 45)
    for (let day = 0; day < 366; day += 5) {
      const today = addDays("2026-11-27", day);
      seedCourses.forEach((course, index) => {
        for (const run of upcomingSeedRuns(course, index, today)) expect(onHoliday(run), today).toEqual([]);
      });
    }
  });
});

describe("runDateLabel", () => {
  it("prints ranges as the catalogue does", () => {
    expect(runDateLabel("2027-03-01", "2027-03-05")).toBe("1st - 5th March 2027");
    expect(runDateLabel("2027-04-26", "2027-05-07")).toBe("26th April - 7th May 2027");
    expect(runDateLabel("2026-12-28", "2027-01-01")).toBe("28th December 2026 - 1st January 2027");
    expect(runDateLabel("2027-03-11", "2027-03-12")).toBe("11th - 12th March 2027");
  });
});
