import { addDays } from "./dates";

/**
 * The public holidays of the four countries the firm trains in, as their laws fix them, so a run's default
 * sessions skip them (DESIGN §9, decision 0680). Fixed dates and Easter are computed for any year; the Islamic
 * holidays follow the sighting of the moon, so they come from a table of the years it covers (below). A
 * gazetted one-off holiday (an election day, a day of mourning, a moved Eid) is added by staff in the
 * `gazetted_holidays` table and read beside these.
 *
 * Sources: Kenya — Public Holidays Act (Cap. 110) and Constitution art. 9(3), with its rule that a holiday
 * falling on a Sunday is kept on the Monday; Uganda — Public Holidays Act (Cap. 255) as amended; Rwanda —
 * Presidential Order No 54/01 of 2017 on official holidays; Tanzania — Public Holidays Ordinance (Cap. 35).
 */
export const HOLIDAY_COUNTRIES = ["KE", "UG", "RW", "TZ"] as const;
export type HolidayCountry = (typeof HOLIDAY_COUNTRIES)[number];

export const COUNTRY_NAMES: Record<HolidayCountry, string> = {
  KE: "Kenya",
  UG: "Uganda",
  RW: "Rwanda",
  TZ: "Tanzania",
};

/** A run's stored country ("Kenya", "KE", "kenya") as a code; a run with none, or another one, is in Kenya. */
export function countryCode(country: string | null | undefined): HolidayCountry {
  const value = country?.trim().toLowerCase() ?? "";
  for (const code of HOLIDAY_COUNTRIES) {
    if (value === code.toLowerCase() || value === COUNTRY_NAMES[code].toLowerCase()) return code;
  }
  return "KE";
}

export type Holiday = { date: string; name: string };

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Eid al-Fitr, Eid al-Adha and Maulid (the Prophet's birthday, a holiday in Tanzania) by year, as the Umm
 * al-Qura calendar expects them (timeanddate.com's Islamic holiday tables), corrected to the day Kenya's
 * Interior Ministry gazetted where it already has. The sighting may move a day by a day: staff add the
 * gazetted day as a one-off holiday, and a session on a wrongly expected day can be kept on purpose.
 * Years outside this table have no Islamic holidays until the table is extended.
 */
export const ISLAMIC_HOLIDAYS: Record<number, { fitr: string; adha: string; maulid: string }> = {
  2024: { fitr: "2024-04-10", adha: "2024-06-17", maulid: "2024-09-16" },
  2025: { fitr: "2025-03-31", adha: "2025-06-06", maulid: "2025-09-05" },
  2026: { fitr: "2026-03-20", adha: "2026-05-27", maulid: "2026-08-26" },
  2027: { fitr: "2027-03-10", adha: "2027-05-17", maulid: "2027-08-15" },
  2028: { fitr: "2028-02-27", adha: "2028-05-05", maulid: "2028-08-04" },
  2029: { fitr: "2029-02-15", adha: "2029-04-24", maulid: "2029-07-24" },
  2030: { fitr: "2030-02-05", adha: "2030-04-14", maulid: "2030-07-13" },
};

/** The first year and the last the Islamic holidays are known for. */
export const ISLAMIC_YEARS = { from: 2024, to: 2030 } as const;

type Fixed = [monthDay: string, name: string];

const FIXED: Record<HolidayCountry, (year: number) => Fixed[]> = {
  KE: (year) => [
    ["01-01", "New Year's Day"],
    ["05-01", "Labour Day"],
    ["06-01", "Madaraka Day"],
    ["10-10", year >= 2024 ? "Mazingira Day" : "Utamaduni Day"],
    ["10-20", "Mashujaa Day"],
    ["12-12", "Jamhuri Day"],
    ["12-25", "Christmas Day"],
    ["12-26", "Boxing Day"],
  ],
  UG: () => [
    ["01-01", "New Year's Day"],
    ["01-26", "Liberation Day"],
    ["02-16", "Archbishop Janani Luwum Day"],
    ["03-08", "International Women's Day"],
    ["05-01", "Labour Day"],
    ["06-03", "Martyrs' Day"],
    ["06-09", "Heroes' Day"],
    ["10-09", "Independence Day"],
    ["12-25", "Christmas Day"],
    ["12-26", "Boxing Day"],
  ],
  RW: () => [
    ["01-01", "New Year's Day"],
    ["01-02", "Day after New Year's Day"],
    ["02-01", "National Heroes' Day"],
    ["04-07", "Genocide against the Tutsi Memorial Day"],
    ["05-01", "Labour Day"],
    ["07-01", "Independence Day"],
    ["07-04", "Liberation Day"],
    ["08-15", "Assumption Day"],
    ["12-25", "Christmas Day"],
    ["12-26", "Boxing Day"],
  ],
  TZ: () => [
    ["01-01", "New Year's Day"],
    ["01-12", "Zanzibar Revolution Day"],
    ["04-07", "Karume Day"],
    ["04-26", "Union Day"],
    ["05-01", "Labour Day"],
    ["07-07", "Saba Saba"],
    ["08-08", "Nane Nane"],
    ["10-14", "Nyerere Day"],
    ["12-09", "Independence Day"],
    ["12-25", "Christmas Day"],
    ["12-26", "Boxing Day"],
  ],
};

const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

export const isWeekend = (isoDate: string) => weekday(isoDate) === 0 || weekday(isoDate) === 6;

/** Rwanda's Umuganura Day: the first Friday of August. */
function firstFridayOfAugust(year: number) {
  const first = `${year}-08-01`;
  return addDays(first, (5 - weekday(first) + 7) % 7);
}

/** The public holidays of a country in a year, by date (a day with two holidays is listed once). */
export function publicHolidays(country: HolidayCountry, year: number): Holiday[] {
  const list: Holiday[] = FIXED[country](year).map(([monthDay, name]) => ({
    date: `${year}-${monthDay}`,
    name,
  }));
  const easter = easterSunday(year);
  list.push(
    { date: addDays(easter, -2), name: "Good Friday" },
    { date: addDays(easter, 1), name: "Easter Monday" },
  );
  const islamic = ISLAMIC_HOLIDAYS[year];
  if (islamic) {
    list.push({ date: islamic.fitr, name: "Eid al-Fitr" });
    if (country === "UG" || country === "TZ") list.push({ date: islamic.adha, name: "Eid al-Adha" });
    if (country === "TZ") list.push({ date: islamic.maulid, name: "Maulid" });
  }
  if (country === "RW") list.push({ date: firstFridayOfAugust(year), name: "Umuganura Day" });
  if (country === "KE") {
    // Cap. 110 s. 3: a holiday on a Sunday is kept on the Monday after it
    const taken = new Set(list.map((h) => h.date));
    for (const holiday of [...list]) {
      if (weekday(holiday.date) !== 0) continue;
      let monday = addDays(holiday.date, 1);
      while (taken.has(monday)) monday = addDays(monday, 1);
      taken.add(monday);
      list.push({ date: monday, name: `${holiday.name} (observed)` });
    }
  }
  const byDate = new Map<string, Holiday>();
  for (const holiday of list.sort((a, b) => a.date.localeCompare(b.date))) {
    const same = byDate.get(holiday.date);
    byDate.set(holiday.date, same ? { date: holiday.date, name: `${same.name}; ${holiday.name}` } : holiday);
  }
  return [...byDate.values()];
}

/** The holidays of a country from `start` to `end` inclusive, with the gazetted one-offs given. */
export function holidaysBetween(
  country: HolidayCountry,
  start: string,
  end: string,
  gazetted: readonly Holiday[] = [],
): Holiday[] {
  const all = new Map<string, Holiday>();
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year += 1) {
    for (const holiday of publicHolidays(country, year)) all.set(holiday.date, holiday);
  }
  for (const holiday of gazetted) all.set(holiday.date, all.get(holiday.date) ?? holiday);
  return [...all.values()]
    .filter((h) => h.date >= start && h.date <= end)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * A run's default session dates: the working days from `start` to `end` (one day when there is no end),
 * skipping weekends and the given holidays. A run of one weekend day keeps that day (staff chose it).
 */
export function workingDays(start: string, end: string | null, holidays: readonly Holiday[]): string[] {
  const last = end && end > start ? end : start;
  const off = new Set(holidays.map((h) => h.date));
  const days: string[] = [];
  for (let day = start; day <= last && days.length < 366; day = addDays(day, 1)) {
    if (!isWeekend(day) && !off.has(day)) days.push(day);
  }
  return days.length === 0 && last === start ? [start] : days;
}
