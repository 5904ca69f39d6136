import { z } from "zod";
import { emailField, LIMITS, requiredText } from "#app/site/index";

/** "Notify me of new dates" on a course page without upcoming runs. */
export const InterestSchema = z.object({
  name: requiredText("Name", LIMITS.name),
  email: emailField,
});

export type InterestInput = z.infer<typeof InterestSchema>;

export const INTEREST_MESSAGES = {
  success: {
    title: "You're on the list!",
    message: "We'll e-mail you as soon as new dates for this course are published.",
  },
  failure: { title: "Error", message: "We could not add you to the list. Please try again" },
  unknownCourse: "This course is not open for sign-ups.",
} as const;
