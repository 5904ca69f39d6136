import { fitSms } from "#app/utils/sms-text";

/**
 * A waiting-list seat offered, as an SMS (decision 0768): the course (shortened to fit), how many seats, the
 * hold's end and the link that claims them; one GSM-7 segment where the course's name allows.
 */
export const waitlistOfferSms = (offer: { courseName: string; seats: number; until: string; url: string }) =>
  fitSms(
    (course) =>
      `${offer.seats === 1 ? "A seat" : `${offer.seats} seats`} free: ${course}, held till ${offer.until}. Claim: ${offer.url}`,
    offer.courseName,
    16,
  );
