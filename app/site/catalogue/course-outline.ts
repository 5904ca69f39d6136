import { z } from "zod";
import { controlCharactersMessage, noControlCharacters } from "#app/utils/control-characters";

/** One day of a course's outline, or a run of days that belong together ("Days 6–7: Field visit"). */
export type CourseOutlineDay = { fromDay: number; toDay: number; title: string; topics: string[] };

export const OUTLINE_LIMITS = { text: 20_000, entries: 60, title: 200, topics: 12, topic: 300 } as const;

// "Day 1: Title", "Days 6-7: Title", "Day 6–7 – Title": the heading of a day in the editor's textarea
const HEADING = /^days?\s+(\d{1,3})(?:\s*[-–—]\s*(\d{1,3}))?\s*(?:[:.–—-]\s*(.*))?$/i;
const BULLET = /^[-*•·]\s*/;

/** "Day 3" or "Days 6–7", as the course page and the editor print an entry's days. */
export function outlineDays(entry: Pick<CourseOutlineDay, "fromDay" | "toDay">) {
  return entry.fromDay === entry.toDay ? `Day ${entry.fromDay}` : `Days ${entry.fromDay}–${entry.toDay}`;
}

/** The outline as the editor's textarea holds it: a heading line per day, then one "- topic" line each. */
export function outlineText(outline: readonly CourseOutlineDay[] | null | undefined) {
  return (outline ?? [])
    .map((entry) =>
      [`${outlineDays(entry)}: ${entry.title}`, ...entry.topics.map((topic) => `- ${topic}`)].join("\n"),
    )
    .join("\n\n");
}

type Parsed = { ok: true; outline: CourseOutlineDay[] } | { ok: false; message: string };

/** Reads the textarea: every problem is named with its line, so the editor can fix it where it is. */
export function parseOutline(text: string): Parsed {
  const outline: CourseOutlineDay[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = `Line ${index + 1}`;
    const heading = HEADING.exec(line);
    if (heading) {
      const fromDay = Number(heading[1]);
      const toDay = heading[2] ? Number(heading[2]) : fromDay;
      const title = (heading[3] ?? "").trim();
      const expected = (outline.at(-1)?.toDay ?? 0) + 1;
      if (toDay < fromDay)
        return fail(`${at}: a range of days runs from the first to the last, such as "Days 6-7"`);
      if (fromDay !== expected) {
        return fail(
          `${at}: day ${fromDay} comes where day ${expected} should. The outline goes day by day from day 1, with no day missing or repeated`,
        );
      }
      if (!title)
        return fail(
          `${at}: give ${outlineDays({ fromDay, toDay })} a title after a colon, such as "Day 1: Budgeting basics"`,
        );
      if (title.length > OUTLINE_LIMITS.title) {
        return fail(`${at}: a day's title must be at most ${OUTLINE_LIMITS.title} characters`);
      }
      const previous = outline.at(-1);
      if (previous && previous.topics.length === 0) return fail(noTopics(previous));
      if (outline.length === OUTLINE_LIMITS.entries) {
        return fail(`The outline can hold at most ${OUTLINE_LIMITS.entries} days or groups of days`);
      }
      outline.push({ fromDay, toDay, title, topics: [] });
      continue;
    }
    const current = outline.at(-1);
    if (!current) {
      return fail(
        `${at}: start the outline with a day's heading, such as "Day 1: Reading financial statements"`,
      );
    }
    const topic = line.replace(BULLET, "").trim();
    if (!topic) continue;
    if (topic.length > OUTLINE_LIMITS.topic) {
      return fail(`${at}: a topic must be at most ${OUTLINE_LIMITS.topic} characters`);
    }
    if (current.topics.length === OUTLINE_LIMITS.topics) {
      return fail(`${at}: ${outlineDays(current)} can list at most ${OUTLINE_LIMITS.topics} topics`);
    }
    current.topics.push(topic);
  }
  const last = outline.at(-1);
  if (last && last.topics.length === 0) return fail(noTopics(last));
  return { ok: true, outline };
}

function fail(message: string): Parsed {
  return { ok: false, message };
}

function noTopics(entry: CourseOutlineDay) {
  return `${outlineDays(entry)} lists no topics: add a line "- topic" under its heading`;
}

/** The course form's "Outline by day" textarea, read into days; empty is no outline. */
export const outlineField = () =>
  z
    .string()
    .max(OUTLINE_LIMITS.text, `The outline must be at most ${OUTLINE_LIMITS.text} characters`)
    .check(noControlCharacters(controlCharactersMessage("The outline")))
    .optional()
    .transform((text, ctx) => {
      const parsed = parseOutline(text ?? "");
      if (parsed.ok) return parsed.outline;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });

/** The number of days an outline describes: its last entry's last day (0 for no outline). */
export function outlineLength(outline: readonly CourseOutlineDay[]) {
  return outline.at(-1)?.toDay ?? 0;
}
