import { z } from "zod";
import { isCalendarDate } from "#app/utils/calendar-date";
import { hasControlCharacters } from "#app/utils/control-characters";

/**
 * Query-string values. A bad value falls back (to "" or the given default) instead of failing the page:
 * links get edited by hand, and no value in a URL may reach the database in a form it cannot take.
 */
export const queryText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    // NUL cannot be stored or compared by PostgreSQL, and no person types a control character into a search box
    .refine((v) => !hasControlCharacters(v, { oneLine: true }))
    .catch("");

/** A YYYY-MM-DD date in a query string, or "" when absent or not a real date in the product's range. */
export const queryDate = () => z.string().refine(isCalendarDate).or(z.literal("")).catch("");

/** A required YYYY-MM-DD form field: a real calendar date in the product's range, or `message`. */
export const formDate = (message: string) => z.string().trim().max(10).refine(isCalendarDate, message);

/** A list's page number in a query string: 1 when absent or not a whole number from 1 to 100,000. */
export const queryPage = () => z.coerce.number().int().min(1).max(100_000).catch(1);
