import { z } from "zod";
import { emailField, LIMITS, optionalText, phoneField, requiredText } from "./submission";

export const REGISTRATION_SOURCES = ["register", "contact"] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

export const RegistrationSchema = z.object({
  name: requiredText("Name", LIMITS.name),
  email: emailField,
  phone: phoneField,
  organization: optionalText("Organisation", LIMITS.organization),
  course: requiredText("Course", LIMITS.name).refine(
    (value) => value === "" || /^[a-z0-9-]+$/.test(value),
    "Please choose a course from the list.",
  ),
  run: optionalText("Course date", 36).refine(
    (value) => value === null || z.uuid().safeParse(value).success,
    "The selected course date is not valid.",
  ),
  message: optionalText("Message", LIMITS.message),
});

export type RegistrationInput = z.infer<typeof RegistrationSchema>;

export const REGISTRATION_MESSAGES = {
  register: { title: "Registration Successful!", message: "We'll contact you soon with course details." },
  contact: {
    title: "Registration Received!",
    message: "We'll contact you within 24 hours to confirm your registration.",
  },
  failure: { title: "Error", message: "Failed to submit registration. Please try again." },
  unknownCourse: "The selected course is not available for registration. Please choose another course.",
} as const;
