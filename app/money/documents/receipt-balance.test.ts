import { describe, expect, it } from "vitest";
import { smsLength } from "#app/utils/sms-text";
import { paymentReceivedSms } from "./receipt-balance";

describe("paymentReceivedSms", () => {
  it("names the amount, the booking, the M-PESA code and the receipt in one GSM-7 segment", () => {
    const text = paymentReceivedSms({
      paid: "KES 1,245,000",
      reference: "MF-26-AB12CD",
      receipt: "RCT-2026-00042",
      code: "QKH94M1Z11",
    });
    expect(text).toBe(
      "Payment received: KES 1,245,000 for booking MF-26-AB12CD (QKH94M1Z11). Receipt RCT-2026-00042 is in your e-mail. Thank you.",
    );
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });

  it("leaves out a code the payment does not have", () => {
    expect(paymentReceivedSms({ paid: "KES 500", reference: "MF-1", receipt: "RCT-1", code: null })).toBe(
      "Payment received: KES 500 for booking MF-1. Receipt RCT-1 is in your e-mail. Thank you.",
    );
  });
});
