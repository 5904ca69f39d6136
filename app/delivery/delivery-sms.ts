import { fitSms, partThatFits } from "#app/utils/sms-text";

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

/**
 * The SMS reminding a participant of a run: course, day, time, venue and the map link, in one SMS segment where
 * it fits (decision 0768): the course title is shortened first, then the venue; the link is never cut.
 */
export function reminderSms(facts: ReminderSmsFacts): string {
  const when = facts.daysBefore === 1 ? "tomorrow" : `in ${facts.daysBefore} days`;
  const day = weekday.format(new Date(`${facts.date}T00:00:00Z`)).replace(",", "");
  const write = (title: string, venue: string | null) =>
    // a venue cut with "..." ends the sentence itself
    `${title} starts ${when}, ${day} at ${facts.startTime}${venue ? `, ${venue}` : ""}`.replace(
      /(?<!\.\.\.)$/,
      ".",
    ) + (facts.link ? ` Map: ${facts.link}` : "");
  const venue = facts.venue?.trim() || null;
  const title = partThatFits((shown) => write(shown, venue), facts.courseTitle, 24);
  // the title at its shortest and still too long: the venue is shortened too
  return venue ? fitSms((place) => write(title, place), venue, 16) : write(title, null);
}

/** "Your certificate is ready" as an SMS (decision 0768): the course, shortened to fit, and the verify link. */
export const certificateReadySms = (courseTitle: string, link: string) =>
  fitSms(
    (title) => `Your certificate for ${title} is ready and in your e-mail. Verify it: ${link}`,
    courseTitle,
    20,
  );
