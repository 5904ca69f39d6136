import { describe, expect, it } from "vitest";
import { addYears } from "#app/utils/dates";
import { readSubject } from "./data-request";

describe("who a data request is about", () => {
  it("reads an e-mail address in any case as one address", () => {
    expect(readSubject("  Amina@Example.COM ")).toEqual({
      ok: true,
      subject: { kind: "email", value: "amina@example.com" },
    });
  });

  it("reads a phone number in any spelling as its international digits, and a Kenyan mobile as M-PESA does", () => {
    for (const spelling of ["0712 345 678", "+254 712 345 678", "00254712345678", "(0712) 345-678"]) {
      expect(readSubject(spelling)).toMatchObject({
        ok: true,
        subject: { kind: "phone", digits: "254712345678", msisdn: "254712345678" },
      });
    }
    expect(readSubject("+44 20 7946 0000")).toMatchObject({
      ok: true,
      subject: { kind: "phone", digits: "442079460000", msisdn: null },
    });
  });

  it("refuses what is neither, saying what to type", () => {
    for (const text of ["", "amina@", "0712", "Amina Otieno", "0712 345 678 ext 4", "1234567890123456"]) {
      const read = readSubject(text);
      expect(read.ok, text).toBe(false);
      if (!read.ok) expect(read.message.length, text).toBeGreaterThan(20);
    }
  });
});

describe("the retention period's end", () => {
  it("is the same day so many years on, 29 February falling back to the 28th", () => {
    expect(addYears("2026-03-03", 5)).toBe("2031-03-03");
    expect(addYears("2028-02-29", 5)).toBe("2033-02-28");
    expect(addYears("2028-02-29", 4)).toBe("2032-02-29");
  });
});
