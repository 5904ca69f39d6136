import { z } from "zod";

// NUL cannot be stored or compared by PostgreSQL, and no person types a control character into a search box
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;

/**
 * Query-string values. A bad value falls back (to "" or the given default) instead of failing the page:
 * links get edited by hand, and no value in a URL may reach the database in a form it cannot take.
 */
export const queryText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !CONTROL.test(v))
    .catch("");

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date (2026-02-30 is not one), as YYYY-MM-DD. */
export const isRealDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A YYYY-MM-DD date in a query string, or "" when absent or not a real date. */
export const queryDate = () => z.string().refine(isRealDate).or(z.literal("")).catch("");
