import { addDays } from "#app/utils/dates";
import { sessionInstant } from "#app/utils/sessions";

/**
 * An iCalendar (RFC 5545) writer for course runs, small enough to read in one go: a session as a timed event
 * (UTC instants), a run without sessions as an all-day one, CRLF line ends, lines folded at 75 octets, TEXT
 * values escaped.
 */

export type CalendarEvent = {
  /** stable across downloads, so a calendar updates the event instead of adding a twin */
  uid: string;
  /** first day, YYYY-MM-DD */
  startDate: string;
  /** last day (inclusive), YYYY-MM-DD; DTEND is written as the day after (exclusive) */
  endDate: string;
  /** a timed event (one session): Nairobi wall-clock times "09:00", written as UTC instants */
  startTime?: string;
  endTime?: string;
  summary: string;
  location?: string | null;
  url?: string | null;
  description?: string | null;
};

export type Calendar = { name: string; events: CalendarEvent[]; stamp: Date };

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Folds a content line into parts of at most 75 octets (RFC 5545 §3.1), each continuation starting with
 * one space; a UTF-8 character is never split across parts.
 */
export function foldLine(line: string) {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // the leading space of a continuation line counts towards its 75 octets
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (isoDate: string) => isoDate.replaceAll("-", "");

/** 20261122T141500Z */
function utcStamp(at: Date) {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

function eventLines(event: CalendarEvent, stamp: string) {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    ...(event.startTime && event.endTime
      ? [
          `DTSTART:${utcStamp(sessionInstant(event.startDate, event.startTime))}`,
          `DTEND:${utcStamp(sessionInstant(event.endDate, event.endTime))}`,
        ]
      : [
          `DTSTART;VALUE=DATE:${compactDate(event.startDate)}`,
          `DTEND;VALUE=DATE:${compactDate(addDays(event.endDate, 1))}`,
        ]),
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  // a URI value is not TEXT: it is written as is
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // a session is time the attendee is busy; a run's all-day span is only a marker
  lines.push(event.startTime ? "TRANSP:OPAQUE" : "TRANSP:TRANSPARENT", "END:VEVENT");
  return lines;
}

export function buildCalendar({ name, events, stamp }: Calendar) {
  const at = utcStamp(stamp);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Mafunzo Training & Consultancy//Course runs//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap((event) => eventLines(event, at)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
