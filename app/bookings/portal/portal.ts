import { z } from "zod";
import { emailField, requiredText } from "#app/site/index";

/** How long an e-mailed sign-in link works, and how long a portal session lasts idle and at most. */
export const SIGN_IN_LINK_MINUTES = 15;
export const CLIENT_SESSION_IDLE_HOURS = 12;
export const CLIENT_SESSION_DAYS = 7;

export const SignInRequestSchema = z.object({ email: emailField });

/** A booking contact invites a colleague to see the bookings they made for one organisation. */
export const ColleagueSchema = z.object({
  intent: z.literal("invite"),
  email: emailField,
  organization: requiredText("Organisation", 200),
});
export const RemoveColleagueSchema = z.object({
  intent: z.literal("remove"),
  email: emailField,
  organization: requiredText("Organisation", 200),
});
export const AccountActionSchema = z.discriminatedUnion("intent", [ColleagueSchema, RemoveColleagueSchema]);

export const PORTAL_MESSAGES = {
  linkSent: (email: string) =>
    `If ${email} is the contact of a booking with us, a sign-in link is on its way to it. The link works once, for ${SIGN_IN_LINK_MINUTES} minutes.`,
  tooManyLinks: (minutes: number) =>
    `Too many sign-in links asked for. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  linkUnknown: "This sign-in link is not valid: use the link exactly as it was e-mailed.",
  linkUsed: "This sign-in link has already been used: each link works once.",
  linkExpired: `This sign-in link has expired: links work for ${SIGN_IN_LINK_MINUTES} minutes.`,
  notYours: "This booking is not one of yours.",
  officeConfirms: "Our office confirms a booking: call or e-mail us if it is waiting for that.",
  colleagueOnly: (contact: string) =>
    `Only ${contact}, who made this booking, can change it. Ask them, or call our office.`,
  organisationNotYours: "Choose an organisation you made a booking for.",
  colleagueIsYou: "That is your own address.",
  colleagueInvited: (email: string, organization: string) =>
    `${email} can now see your bookings for ${organization}: we have e-mailed them a sign-in link.`,
  colleagueRemoved: (email: string) => `${email} can no longer see your bookings.`,
} as const;
