import { smsLength } from "#app/utils/sms-text";

export type ReminderSmsFacts = {
  courseTitle: string;
  /** the first session: its date (YYYY-MM-DD) and start time (HH:MM) */
  date: string;
  startTime: string;
  venue: string | null;
  /** joining instructions' map link, when written; a virtual session's meeting link otherwise */
  link: string | null;
  daysBefore: number;
};

const weekday = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** Cut to `max` characters with "..." (GSM-7, where "…" would turn the whole text into UCS-2). */
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`);

/**
 * The SMS reminding a participant of a run: course, day, time, venue and the map link, in one SMS segment where
 * it fits (decision 0768): the course title is shortened first, then the venue; the link is never cut.
 */
export function reminderSms(facts: ReminderSmsFacts): string {
  const when = facts.daysBefore === 1 ? "tomorrow" : `in ${facts.daysBefore} days`;
  const day = weekday.format(new Date(`${facts.date}T00:00:00Z`)).replace(",", "");
  const write = (title: string, venue: string | null) =>
    `${title} starts ${when}, ${day} at ${facts.startTime}${venue ? `, ${venue}` : ""}.${facts.link ? ` Map: ${facts.link}` : ""}`;
  let title = facts.courseTitle.trim();
  let venue = facts.venue?.trim() || null;
  let text = write(title, venue);
  while (smsLength(text).segments > 1 && title.length > 24) {
    title = cut(title, Math.max(24, title.length - (smsLength(text).units - 160) - 3));
    text = write(title, venue);
  }
  while (smsLength(text).segments > 1 && venue && venue.length > 16) {
    venue = cut(venue, Math.max(16, venue.length - (smsLength(text).units - 160) - 3));
    text = write(title, venue);
  }
  return text;
}
