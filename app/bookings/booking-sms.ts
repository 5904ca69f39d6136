import { fitSms } from "#app/utils/sms-text";

/**
 * The joining-instructions link as an SMS after a booking (decision 0768): the course (shortened to fit) and its
 * dates, and the client portal, where the booking shows its joining instructions and how to pay.
 */
export const joiningInstructionsSms = (m: { courseName: string; dates: string | null; url: string }) =>
  fitSms(
    (course) =>
      `Booked: ${course}${m.dates ? `, ${m.dates}` : ""}. Joining instructions and payment details: ${m.url}`,
    m.courseName,
    16,
  );
