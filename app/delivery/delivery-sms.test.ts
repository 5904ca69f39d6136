import { describe, expect, it } from "vitest";
import { smsLength } from "#app/utils/sms-text";
import { certificateReadySms, reminderSms } from "./delivery-sms";

const facts = {
  courseTitle: "Strategic Leadership",
  date: "2026-12-01",
  startTime: "08:30",
  venue: "Sarova Stanley, Nairobi",
  link: "https://maps.app.goo.gl/abc123",
  daysBefore: 1,
};

describe("reminderSms", () => {
  it("names the course, the day, the time, the venue and the map link in one GSM-7 segment", () => {
    const text = reminderSms(facts);
    expect(text).toBe(
      "Strategic Leadership starts tomorrow, Tue 1 Dec at 08:30, Sarova Stanley, Nairobi. Map: https://maps.app.goo.gl/abc123",
    );
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });

  it("shortens a long title, then a long venue, to stay in one segment, and never cuts the link", () => {
    const text = reminderSms({
      ...facts,
      courseTitle:
        "Advanced Public Sector Financial Management, Budgeting and Accountability for County Officers",
      venue: "Kenya School of Government, Lower Kabete Road, Kabete Campus, Nairobi",
    });
    expect(smsLength(text).segments).toBe(1);
    expect(text).toContain("Map: https://maps.app.goo.gl/abc123");
    expect(text).toMatch(/^Advanced Public .*\.\.\. starts tomorrow, Tue 1 Dec at 08:30, Kenya School/);
    expect(text).toMatch(/\.\.\. Map: /);
  });

  it("leaves out what is not known and says how many days when it is not tomorrow", () => {
    expect(reminderSms({ ...facts, venue: null, link: null, daysBefore: 7 })).toBe(
      "Strategic Leadership starts in 7 days, Tue 1 Dec at 08:30.",
    );
  });
});

describe("certificateReadySms", () => {
  it("gives the verify link whole, the course shortened to keep one segment", () => {
    const link = "https://mafunzo.co.ke/verify/MFZ-7K2Q-9XPA";
    expect(certificateReadySms("Strategic Leadership", link)).toBe(
      `Your certificate for Strategic Leadership is ready and in your e-mail. Verify it: ${link}`,
    );
    const long = certificateReadySms("Advanced Public Sector Financial Management and Accountability", link);
    expect(smsLength(long).segments).toBe(1);
    expect(long.endsWith(link)).toBe(true);
  });
});
