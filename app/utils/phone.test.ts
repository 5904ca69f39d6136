import { describe, expect, it } from "vitest";
import {
  internationalDigits,
  isHashedMsisdn,
  mobileNumber,
  safaricomMsisdn,
  telHref,
  whatsappHref,
} from "./phone";

describe("phone links", () => {
  it("reads Kenyan local, international and 00-prefixed numbers as international digits", () => {
    expect(internationalDigits("0712 345 678")).toBe("254712345678");
    expect(internationalDigits("+254 712-345-678")).toBe("254712345678");
    expect(internationalDigits("00255 754 123 456")).toBe("255754123456");
    expect(internationalDigits("254712345678")).toBe("254712345678");
  });

  it("makes tel: and wa.me addresses, and none for something that is not a number", () => {
    expect(telHref("0712 345 678")).toBe("tel:+254712345678");
    expect(whatsappHref("+44 20 7946 0958")).toBe("https://wa.me/442079460958");
    expect(whatsappHref("ask at reception")).toBeNull();
    expect(telHref("12")).toBeNull();
  });
});

describe("safaricomMsisdn", () => {
  it.each([
    ["0712 345 678", "254712345678"],
    ["+254 712-345-678", "254712345678"],
    ["254712345678", "254712345678"],
    ["712345678", "254712345678"],
    ["0112 345 678", "254112345678"],
    ["+254 (0)112 345678", null],
    ["020 123 4567", null],
    ["+44 20 7946 0958", null],
    ["", null],
    [null, null],
  ])("%s is %s", (phone, msisdn) => {
    expect(safaricomMsisdn(phone)).toBe(msisdn);
  });

  it("tells a hashed MSISDN from a plain or masked one", () => {
    expect(isHashedMsisdn("7132104d6aae9c3fac82095a42c2817952bca48e09d98d5bf4ac08218982fb90")).toBe(true);
    expect(isHashedMsisdn("2547*****126")).toBe(false);
    expect(isHashedMsisdn("254712345678")).toBe(false);
  });
});

describe("mobileNumber", () => {
  it("takes the mobile numbers of Kenya, Uganda, Rwanda and Tanzania in E.164", () => {
    expect(mobileNumber("0712 345 678")).toBe("+254712345678");
    expect(mobileNumber("0110 345 678")).toBe("+254110345678");
    expect(mobileNumber("+256 772 123 456")).toBe("+256772123456");
    expect(mobileNumber("+250 788 123 456")).toBe("+250788123456");
    expect(mobileNumber("00255 654 123 456")).toBe("+255654123456");
    expect(mobileNumber("+255 754 123 456")).toBe("+255754123456");
  });

  it("refuses a landline, a number of another country, a short one and nothing", () => {
    expect(mobileNumber("020 2345678")).toBeNull();
    expect(mobileNumber("+256 414 123 456")).toBeNull();
    expect(mobileNumber("+44 7700 900123")).toBeNull();
    expect(mobileNumber("0712 345 67")).toBeNull();
    expect(mobileNumber(null)).toBeNull();
  });
});
