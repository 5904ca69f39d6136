import { describe, expect, test } from "vitest";
import { darajaPassword, darajaTimestamp } from "./daraja.server";

describe("Daraja's request signing", () => {
  test("the Timestamp is the time in Nairobi, YYYYMMDDHHmmss", () => {
    expect(darajaTimestamp(new Date("2026-12-31T21:05:09Z"))).toBe("20270101000509");
    expect(darajaTimestamp(new Date("2026-03-04T05:06:07Z"))).toBe("20260304080607");
  });

  test("the Password is base64 of shortcode, passkey and timestamp, as Daraja's sandbox example", () => {
    const passkey = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
    expect(darajaPassword("174379", passkey, "20160216165627")).toBe(
      Buffer.from(`174379${passkey}20160216165627`).toString("base64"),
    );
    expect(Buffer.from(darajaPassword("174379", passkey, "20160216165627"), "base64").toString()).toMatch(
      /^174379bfb2.*20160216165627$/,
    );
  });
});
