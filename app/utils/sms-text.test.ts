import { describe, expect, it } from "vitest";
import { fitSms, smsLength } from "./sms-text";

describe("smsLength", () => {
  it("counts a plain text in GSM-7: 160 in one SMS, 153 a part beyond", () => {
    expect(smsLength("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1, remaining: 0 });
    expect(smsLength("a".repeat(161))).toEqual({
      encoding: "GSM-7",
      units: 161,
      segments: 2,
      remaining: 145,
    });
    expect(smsLength("a".repeat(306)).segments).toBe(2);
    expect(smsLength("a".repeat(307)).segments).toBe(3);
  });

  it("counts GSM-7's own letters (é, ñ, £, newline) as one and its extension (€, [, ]) as two", () => {
    expect(smsLength("Café £5\nñ")).toMatchObject({ encoding: "GSM-7", units: 9 });
    expect(smsLength("€[]{}")).toMatchObject({ encoding: "GSM-7", units: 10 });
    expect(smsLength(`${"a".repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it("never cuts an escaped character between two parts", () => {
    // 152 letters then €: the part has one septet left, so € opens the second part
    const text = `${"a".repeat(152)}€${"a".repeat(10)}`;
    expect(smsLength(text)).toMatchObject({
      encoding: "GSM-7",
      units: 164,
      segments: 2,
      remaining: 153 - 12,
    });
  });

  it("turns the whole text to UCS-2 for one character outside GSM-7: 70 in one SMS, 67 a part", () => {
    expect(smsLength("Habari ‘rafiki’")).toMatchObject({ encoding: "UCS-2", units: 15, segments: 1 });
    expect(smsLength(`ā${"a".repeat(69)}`)).toMatchObject({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(smsLength(`ā${"a".repeat(70)}`)).toMatchObject({ encoding: "UCS-2", units: 71, segments: 2 });
  });

  it("counts an emoji as two UCS-2 units and keeps its pair in one part", () => {
    expect(smsLength("👍")).toMatchObject({ encoding: "UCS-2", units: 2, segments: 1, remaining: 68 });
    // 66 units, then the pair would make 68 in a part of 67: it opens the second part
    const text = `${"ж".repeat(66)}👍${"ж".repeat(5)}`;
    expect(smsLength(text)).toMatchObject({ units: 73, segments: 2, remaining: 60 });
  });

  it("takes an empty text as one empty segment", () => {
    expect(smsLength("")).toEqual({ encoding: "GSM-7", units: 0, segments: 1, remaining: 160 });
  });
});

describe("fitSms", () => {
  const write = (title: string) => `${title}: receipt RCT-0042. https://mafunzo.test/verify/ABCD-1234`;

  it("leaves a message that fits alone", () => {
    expect(fitSms(write, "Strategic Planning")).toBe(write("Strategic Planning"));
  });

  it("shortens the part with ... so the message is one segment, keeping the rest whole", () => {
    const text = fitSms(write, "A".repeat(200));
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(text).toMatch(/^A+\.\.\.: receipt RCT-0042\. https:\/\/mafunzo\.test\/verify\/ABCD-1234$/);
  });

  it("stops at the shortest part it may show, even over one segment", () => {
    const long = (title: string) => `${title} ${"x".repeat(170)}`;
    expect(fitSms(long, "Leadership and Governance", 16)).toBe(long("Leadership an..."));
  });
});
