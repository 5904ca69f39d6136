import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar, type CalendarEvent, escapeText, foldLine } from "./icalendar.server";

const stamp = new Date("2026-11-22T09:15:00Z");

const event: CalendarEvent = {
  uid: "course-run-0b0f7a8e-1d35-4a55-9a47-5d6c1e0f2a11@mafunzo",
  startDate: "2027-03-01",
  endDate: "2027-03-05",
  summary: "Monitoring, Evaluation; Learning, and \\ Reporting",
  location: "Mombasa, Kenya",
  url: "https://mafunzo.example/courses/monitoring-and-evaluation",
  description: `First line\nSecond line, with a comma; and a semicolon. ${"Ünïcödé ".repeat(20)}`,
};

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
}

describe("buildCalendar", () => {
  const text = buildCalendar({ name: "Mafunzo, courses", events: [event], stamp });

  it("is parsed by ical.js with every value intact", () => {
    const [parsed] = parse(text);
    expect(parsed?.uid).toBe(event.uid);
    expect(parsed?.summary).toBe(event.summary);
    expect(parsed?.location).toBe(event.location);
    expect(parsed?.description).toBe(event.description);
    expect(parsed?.component.getFirstPropertyValue("url")).toBe(event.url);
    expect(parsed?.startDate.isDate).toBe(true);
    expect(parsed?.startDate.toString()).toBe("2027-03-01");
    // DTEND of an all-day event is the day after the last one
    expect(parsed?.endDate.toString()).toBe("2027-03-06");
    expect(parsed?.component.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-22T09:15:00Z");
  });

  it("uses CRLF line ends and no line longer than 75 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines.some((line) => line.includes("\n"))).toBe(false);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // the long description was folded
    expect(lines.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(1);
    expect(text).toContain("DTSTART;VALUE=DATE:20270301\r\n");
    expect(text).toContain("DTEND;VALUE=DATE:20270306\r\n");
  });

  it("writes one event per run with the same UID every time", () => {
    const second = { ...event, uid: "course-run-2@mafunzo", startDate: "2027-12-29", endDate: "2028-01-02" };
    const again = buildCalendar({ name: "x", events: [event, second], stamp: new Date() });
    const events = parse(again);
    expect(events.map((e) => e.uid)).toEqual([event.uid, second.uid]);
    expect(events[1]?.endDate.toString()).toBe("2028-01-03");
  });
});

describe("escapeText and foldLine", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("never splits a multi-byte character", () => {
    const folded = foldLine(`DESCRIPTION:${"é".repeat(100)}`);
    const parts = folded.split("\r\n");
    for (const part of parts) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
      expect(part).not.toContain("\uFFFD");
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(`DESCRIPTION:${"é".repeat(100)}`);
  });
});
