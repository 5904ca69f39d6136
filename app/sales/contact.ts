import { z } from "zod";
import { emailField, LIMITS, optionalText, phoneField, requiredText } from "#app/site/index";
import { CONTACT_ABOUT, type ContactAbout } from "./contact-about";

export const CONTACT_SOURCES = ["home", "contact"] as const;

export const ContactSchema = z.object({
  about: z
    .enum(["", ...CONTACT_ABOUT], "Choose what your message is about.")
    .transform((value): ContactAbout => value || "enquiry"),
  name: requiredText("Name", LIMITS.name),
  email: emailField,
  phone: phoneField,
  organization: optionalText("Organisation", LIMITS.organization),
  courseInterest: optionalText("Course of interest", LIMITS.name),
  message: optionalText("Message", LIMITS.message),
  source: z.enum(CONTACT_SOURCES, "The form source is not valid."),
});

export type ContactInput = z.infer<typeof ContactSchema>;

/** The contact page's query string: `?about=in_house` opens the form with that choice made. */
export const ContactQuerySchema = z.object({
  about: z.enum(CONTACT_ABOUT).catch("enquiry"),
});

export const CONTACT_MESSAGES = {
  success: { title: "Message Sent!", message: "We'll get back to you within 24 hours." },
  failure: { title: "Error", message: "Failed to send message. Please try again" },
} as const;
