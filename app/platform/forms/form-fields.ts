import { z } from "zod";
import { controlCharactersMessage, noControlCharacters } from "#app/utils/control-characters";

/**
 * Field helpers shared by the admin forms. Conform turns an empty input into `undefined`; these map it to
 * `null` so an empty optional field is stored as null (spec §5), never as an empty string.
 */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .check(noControlCharacters(controlCharactersMessage("This field")))
    .optional()
    .transform((v) => (v ? v : null));

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .check(noControlCharacters(controlCharactersMessage(label)));

/**
 * A number typed by a person: thousands separators and spaces are allowed ("95,000"); anything else that is
 * not a number is refused with "<label> must be a number".
 */
export const optionalNumber = (
  label: string,
  { min, max, integer = false }: { min?: number; max?: number; integer?: boolean } = {},
) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.replace(/[,\s]/g, "") ?? "";
      if (text === "") return null;
      const value = Number(text);
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      if (!Number.isFinite(value)) return fail(`${label} must be a number`);
      if (integer && !Number.isInteger(value)) return fail(`${label} must be a whole number`);
      if (min !== undefined && value < min) return fail(`${label} must be at least ${min}`);
      if (max !== undefined && value > max) return fail(`${label} must be at most ${max}`);
      return value;
    });

/** A textarea holding one item per line: blank lines and surrounding spaces are dropped. */
export const lineList = (max = 50) =>
  z
    .string()
    .check(noControlCharacters(controlCharactersMessage("This list")))
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(1000, "Each line must be at most 1000 characters"))
        .max(max, `At most ${max} lines, one item per line`),
    );

/** A stored number as the admin typed it ("95000.00" → "95000"), for form defaults. */
export function numericInput(value: string | number | null | undefined) {
  if (value === null || value === undefined) return "";
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : "";
}

export const linesText = (items: readonly string[] | null | undefined) => (items ?? []).join("\n");

/** A checkbox: present ("on") means true. */
export const checkbox = () => z.boolean().optional().default(false);

/** A record the form links to, chosen from a list, or none: an empty choice is stored as null. */
export const optionalRecord = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(z.uuid({ error: message }).nullable());

/** Where a record stands in a list the public site shows; lower numbers come first. */
export const displayOrder = () =>
  optionalNumber("Display order", { min: 0, max: 100_000, integer: true }).transform((v) => v ?? 0);

const isWebAddress = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** An optional link to a web page, which a public page may show as a link: http or https only. */
export const optionalWebAddress = (label: string) =>
  optionalText(500).refine(
    (v) => v === null || isWebAddress(v),
    `${label} must be a full address starting with https:// or http://`,
  );
