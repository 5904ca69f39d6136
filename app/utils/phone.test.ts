import { describe, expect, it } from "vitest";
import { internationalDigits, telHref, whatsappHref } from "./phone";

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
