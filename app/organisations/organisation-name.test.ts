import { describe, expect, it } from "vitest";
import {
  guessOrganisationType,
  normaliseKraPin,
  organisationLooseKey,
  organisationNameKey,
} from "./organisation-name";

describe("organisation names as matching compares them", () => {
  it("ignores case, punctuation, ampersands and spacing", () => {
    expect(organisationNameKey("  Kenya Power & Lighting Co.  Ltd ")).toBe("kenya power and lighting co ltd");
    expect(organisationNameKey("KENYA POWER AND LIGHTING CO LTD")).toBe("kenya power and lighting co ltd");
    expect(organisationNameKey("County Government of Nakuru")).not.toBe(
      organisationNameKey("County Government of Nairobi"),
    );
  });

  it("drops the legal words in the loose key only", () => {
    expect(organisationLooseKey("The Acme Company Limited")).toBe("acme");
    expect(organisationLooseKey("ACME Ltd")).toBe("acme");
    expect(organisationNameKey("ACME Ltd")).not.toBe(organisationNameKey("Acme Limited"));
  });

  it("stores a KRA PIN in capitals without spaces, and none for blank", () => {
    expect(normaliseKraPin(" p051 234567 q ")).toBe("P051234567Q");
    expect(normaliseKraPin("   ")).toBeNull();
    expect(normaliseKraPin(null)).toBeNull();
  });

  it("guesses a type from the name", () => {
    expect(guessOrganisationType("County Government of Nakuru")).toBe("county_government");
    expect(guessOrganisationType("Ministry of Health")).toBe("national_government");
    expect(guessOrganisationType("Anglican Church of Kenya")).toBe("faith_based");
    expect(guessOrganisationType("Acme Ltd")).toBe("company");
    expect(guessOrganisationType("Amref Health Africa")).toBe("other");
  });
});
