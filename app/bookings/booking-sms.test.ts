import { describe, expect, it } from "vitest";
import { smsLength } from "#app/utils/sms-text";
import { joiningInstructionsSms } from "./booking-sms";

describe("joiningInstructionsSms", () => {
  it("names the course and its dates and links the portal, in one segment", () => {
    const text = joiningInstructionsSms({
      courseName: "Strategic Planning and Performance Management for County Governments and Agencies",
      dates: "3 March 2027 to 5 March 2027",
      url: "https://mafunzo.co.ke/account",
    });
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(text).toMatch(
      /^Booked: Strategic Planning.*\.\.\., 3 March 2027 to 5 March 2027\. Joining instructions/,
    );
    expect(text.endsWith("https://mafunzo.co.ke/account")).toBe(true);
  });

  it("leaves out dates not yet set", () => {
    expect(
      joiningInstructionsSms({ courseName: "Leadership", dates: null, url: "https://x.test/account" }),
    ).toBe("Booked: Leadership. Joining instructions and payment details: https://x.test/account");
  });
});
