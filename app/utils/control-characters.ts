import { z } from "zod";

/**
 * Characters no person types into a field (decision 0631): the control characters but tab, newline and
 * return (NUL among them, which PostgreSQL cannot store in text at all), lone UTF-16 surrogates (only a JSON
 * escape can make one), and U+FFFD, what invalid UTF-8 decodes to.
 */
const UNTYPED = /(?![\t\n\r])[\p{Cc}\p{Cs}\uFFFD]/u;
const UNTYPED_ALL = /(?![\t\n\r])[\p{Cc}\p{Cs}\uFFFD]/gu;
/** A one-line value (a search box, a path segment) cannot hold a tab or a line break either. */
const UNTYPED_ON_ONE_LINE = /[\p{Cc}\p{Cs}\uFFFD]/u;
const UNTYPED_ON_ONE_LINE_ALL = /[\p{Cc}\p{Cs}\uFFFD]/gu;

export function hasControlCharacters(text: string, { oneLine = false } = {}) {
  return (oneLine ? UNTYPED_ON_ONE_LINE : UNTYPED).test(text);
}

/** For text nobody at our end can send back to be fixed (a file's name, a callback): the characters are dropped. */
export function withoutControlCharacters(text: string, { oneLine = false } = {}) {
  return text.replace(oneLine ? UNTYPED_ON_ONE_LINE_ALL : UNTYPED_ALL, "");
}

/** The characters written out as \u0000 escapes: text that can be stored, and read by a person checking it. */
export function showControlCharacters(text: string) {
  return text.replace(
    UNTYPED_ON_ONE_LINE_ALL,
    (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
}

/** What a form field says when it holds such a character; `label` is the field's name as the form shows it. */
export const controlCharactersMessage = (label: string) =>
  `${label} contains characters that are not allowed (control characters or invalid UTF-8).`;

/** Marks the issue, so that the form reader knows the field's own schema refuses these characters. */
const ISSUE_PARAMS = { controlCharacters: true } as const;

/** The check every text field of a form carries: `z.string().check(noControlCharacters(message))`. */
export const noControlCharacters = (message: string) =>
  z.refine<string>((value) => !hasControlCharacters(value), { message, params: ISSUE_PARAMS });

/** Whether a schema refuses a value with a control character by itself, with its own message. */
export function refusesControlCharacters(schema: z.ZodType) {
  const probe = schema.safeParse("a\u0000");
  return (
    !probe.success &&
    probe.error.issues.some((issue) => issue.code === "custom" && issue.params?.controlCharacters === true)
  );
}
