import { addDays } from "#app/utils/dates";
import { countryCode, holidaysBetween, isWeekend } from "#app/utils/public-holidays";
import type { SeedCourse, SeedRun } from "./courses";

/** Where a course without printed runs is held: the firm's usual venues. */
const FALLBACK_VENUES: Pick<SeedRun, "venue" | "country" | "deliveryMode">[] = [
  { venue: "Nairobi, Kenya", country: "Kenya", deliveryMode: "physical" },
  { venue: "Mombasa, Kenya", country: "Kenya", deliveryMode: "physical" },
  { venue: "Kampala, Uganda", country: "Uganda", deliveryMode: "physical" },
  { venue: "Kigali, Rwanda", country: "Rwanda", deliveryMode: "physical" },
  { venue: "Naivasha, Kenya", country: "Kenya", deliveryMode: "physical" },
  { venue: "Online (live virtual classroom)", country: "Kenya", deliveryMode: "virtual" },
];

const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/** The first Monday on or after the date. */
function mondayFrom(isoDate: string) {
  return addDays(isoDate, (8 - weekday(isoDate)) % 7);
}

/** The last day of a course of `days` working days starting on a Monday (Monday to Friday weeks). */
function lastWorkingDay(start: string, days: number) {
  let date = start;
  for (let left = Math.max(1, days) - 1; left > 0; ) {
    date = addDays(date, 1);
    if (weekday(date) !== 0 && weekday(date) !== 6) left -= 1;
  }
  return date;
}

const MONTHS = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });

function ordinal(day: number) {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** "3rd - 7th March 2027", "28th April - 2nd May 2027", "29th December 2026 - 2nd January 2027", as printed. */
export function runDateLabel(start: string, end: string) {
  const [a, b] = [new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`)];
  const day = (d: Date) => ordinal(d.getUTCDate());
  const month = (d: Date) => MONTHS.format(d);
  const endText = `${day(b)} ${month(b)} ${b.getUTCFullYear()}`;
  if (a.getUTCFullYear() !== b.getUTCFullYear())
    return `${day(a)} ${month(a)} ${a.getUTCFullYear()} - ${endText}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${day(a)} ${month(a)} - ${endText}`;
  return `${day(a)} - ${endText}`;
}

/**
 * One or two runs of a catalogue course in the twelve months after `today` (the day the database is
 * created), so a new installation offers bookable dates on any date. Derived from the course's place in
 * the catalogue, so the same day gives the same dates: the first run starts on a Monday two to 24 weeks
 * ahead, every other course gets a second run 13 to 26 weeks later; venues rotate through the course's
 * own printed venues; capacity 20 to 30.
 */
export function upcomingSeedRuns(
  course: Pick<SeedCourse, "durationDays" | "runs">,
  index: number,
  today: string,
) {
  const places = course.runs.length > 0 ? course.runs : FALLBACK_VENUES;
  const starts = [mondayFrom(addDays(today, 14 + ((index * 17) % 150)))];
  if (index % 2 === 0) starts.push(addDays(starts[0] as string, 7 * (13 + ((index * 5) % 14))));
  return starts.map((first, n): SeedRun => {
    const place = places[(index + n) % places.length] as (typeof places)[number];
    // a seeded run is held on every day between its dates: one crossing a public holiday of its country
    // (Christmas, New Year, Easter, an Eid) moves on a week, until none falls inside it
    let startDate = first;
    let endDate = lastWorkingDay(startDate, course.durationDays);
    const crossesHoliday = () =>
      holidaysBetween(countryCode(place.country), startDate, endDate).some((h) => !isWeekend(h.date));
    while (crossesHoliday()) {
      startDate = addDays(startDate, 7);
      endDate = lastWorkingDay(startDate, course.durationDays);
    }
    return {
      startDate,
      endDate,
      label: runDateLabel(startDate, endDate),
      venue: place.venue,
      country: place.country,
      deliveryMode: place.deliveryMode,
      capacity: 20 + ((index * 7 + n * 3) % 11),
    };
  });
}
