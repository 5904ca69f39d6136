import { describe, expect, it } from "vitest";
import { smsLength } from "#app/utils/sms-text";
import { waitlistOfferSms } from "./waitlist-offer-sms";

const url = "https://mafunzo.co.ke/register/offer/4Qm0vX7k3nP9sT2wY5zA8bC1dE6fG0hJ3kL7mN2pR5s";

describe("waitlistOfferSms", () => {
  it("says the seats, the course, the hold's end and the link", () => {
    expect(waitlistOfferSms({ courseName: "Leadership", seats: 1, until: "28 Nov 2026, 14:00", url })).toBe(
      `A seat free: Leadership, held till 28 Nov 2026, 14:00. Claim: ${url}`,
    );
    expect(
      waitlistOfferSms({ courseName: "Leadership", seats: 3, until: "28 Nov 2026, 14:00", url }),
    ).toMatch(/^3 seats free: Leadership,/);
  });

  it("shortens a long course name to stay one segment, never the link", () => {
    const text = waitlistOfferSms({
      courseName: "Strategic Planning and Performance Management for County Governments",
      seats: 2,
      until: "28 Nov 2026, 14:00",
      url,
    });
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(text.endsWith(url)).toBe(true);
  });
});
