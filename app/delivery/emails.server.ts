import { type Message, type Row, render } from "#app/platform/email/layout.server";
import { env } from "#app/platform/env.server";
import { formatLongDate } from "#app/utils/dates";

export type JoiningInstructions = {
  venueDetails: string;
  mapUrl: string | null;
  startTime: string;
  timetable: string;
  whatToBring: string;
  contactName: string;
  contactPhone: string;
  /** the sessions' meetings: their links reach only booked participants, never the public pages (decision 0827) */
  meetings?: { date: string; link: string; passcode: string | null }[];
};

/** The instructions as label/value rows, shared by the booking confirmation and the reminders. */
export function joiningRows(i: JoiningInstructions | null): Row[] {
  if (!i) return [];
  return [
    ["Where to go", i.venueDetails],
    ["Map", i.mapUrl],
    ["Start time", i.startTime],
    ["Daily timetable", i.timetable],
    ["What to bring", i.whatToBring],
    ["Contact on the day", [i.contactName, i.contactPhone].filter(Boolean).join(", ")],
    ...meetingRows(i.meetings ?? []),
  ];
}

/** One link for every session when they share it, else one per session day. */
function meetingRows(meetings: NonNullable<JoiningInstructions["meetings"]>): Row[] {
  const links = new Set(meetings.map((m) => m.link));
  const passcodes = [...new Set(meetings.flatMap((m) => (m.passcode ? [m.passcode] : [])))];
  const rows: Row[] =
    links.size === 1
      ? [["Join online", meetings[0]?.link]]
      : meetings.map((m) => [`Join online, ${formatLongDate(m.date)}`, m.link]);
  if (passcodes.length > 0) rows.push(["Meeting passcode", passcodes.join(", ")]);
  return rows;
}

export type ReminderMail = {
  name: string;
  courseTitle: string;
  dates: string;
  venue: string | null;
  daysBefore: number;
  instructions: JoiningInstructions | null;
};

/** The joining instructions again, a set number of days before the course starts. */
export function runReminder(m: ReminderMail): Message {
  const when = m.daysBefore === 1 ? "tomorrow" : `in ${m.daysBefore} days`;
  return render(
    `Reminder: ${m.courseTitle} starts ${when}`,
    [
      `Dear ${m.name},`,
      `This is a reminder that ${m.courseTitle} starts ${when}. Here is what you need on the day.`,
    ],
    [["Course", m.courseTitle], ["Dates", m.dates], ["Venue", m.venue], ...joiningRows(m.instructions)],
  );
}

export type FeedbackMail = { name: string; courseTitle: string; token: string };

/** After the course: the one-use link to the feedback form. */
export function feedbackRequest(m: FeedbackMail): Message {
  return render(
    `How was ${m.courseTitle}? Your feedback`,
    [
      `Dear ${m.name},`,
      `Thank you for attending ${m.courseTitle}. Please tell us how it went: the form takes two minutes and the link works once.`,
    ],
    [["Feedback form", `${env().PUBLIC_URL}/feedback/${m.token}`]],
  );
}

export type CertificateMail = { name: string; courseTitle: string; code: string };

/** The certificate as an attachment, with the address where anyone can check it. */
export function certificateIssued(m: CertificateMail): Message {
  return render(
    `Your certificate: ${m.courseTitle}`,
    [
      `Dear ${m.name},`,
      `Congratulations on completing ${m.courseTitle}. Your certificate of attendance is attached.`,
      "Anyone can check that it is genuine at the address below, or by scanning the QR code on it.",
    ],
    [
      ["Certificate code", m.code],
      ["Verify", `${env().PUBLIC_URL}/verify/${m.code}`],
    ],
  );
}

export type RunCancelledMail = {
  name: string;
  courseTitle: string;
  dates: string;
  venue: string | null;
  reference: string | null;
};

/** To every participant and booking contact of a course date the firm cancelled. */
export function runCancelled(m: RunCancelledMail): Message {
  return render(
    `Cancelled: ${m.courseTitle}, ${m.dates}`,
    [
      `Dear ${m.name},`,
      `We are sorry to tell you that ${m.courseTitle}, ${m.dates}${m.venue ? `, ${m.venue}` : ""}, has been cancelled, and with it the places booked on it.`,
      "An open invoice for the booking is cancelled by a credit note, sent to the person who made the booking. If you have already paid, we will contact you about a refund or a place on another date.",
    ],
    [
      ["Course", m.courseTitle],
      ["Dates", m.dates],
      ["Venue", m.venue],
      ["Booking reference", m.reference],
    ],
  );
}

export type TrainerRequestMail = {
  name: string;
  courseTitle: string;
  dates: string;
  sessions: string[];
  venue: string | null;
  dueDate: string;
  link: string;
};

/** The office asks a trainer to deliver a course date; the link (one use, works on a phone) takes the answer. */
export function trainerRequestMail(m: TrainerRequestMail): Message {
  return render(
    `Can you train ${m.courseTitle}, ${m.dates}?`,
    [
      `Dear ${m.name},`,
      `We would like you to train ${m.courseTitle}. Please accept or decline by ${m.dueDate}: open the link, then choose. The link works once; afterwards your answer is also in "My course dates".`,
    ],
    [
      ["Course", m.courseTitle],
      ["Dates", m.dates],
      ["Session days", m.sessions.join(", ")],
      ["Venue", m.venue],
      ["Answer by", m.dueDate],
    ],
    [],
    { actions: [{ label: "Accept or decline", url: m.link }] },
  );
}

/** A trainer declined a request: the office that asked looks for someone else. */
export function trainerDeclinedMail(m: {
  trainer: string;
  courseTitle: string;
  dates: string;
  runUrl: string;
}): Message {
  return render(
    `${m.trainer} declined ${m.courseTitle}, ${m.dates}`,
    [
      `${m.trainer} cannot train ${m.courseTitle} (${m.dates}). Ask another trainer on the course date's page.`,
    ],
    [
      ["Course", m.courseTitle],
      ["Dates", m.dates],
      ["Course date's page", m.runUrl],
    ],
  );
}
