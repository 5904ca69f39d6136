import { z } from "zod";

/**
 * The pieces of sample content a fresh installation shows (issue 49): each is detected from the data, so an
 * item leaves the checklist when the office replaces it, not when someone ticks it.
 */
export const LAUNCH_ITEM_KEYS = [
  "gallery",
  "testimonials",
  "portraits",
  "bank",
  "paybill",
  "kra_pin",
  "signatory",
  "logo",
  "leadership",
  "about_portraits",
  "contact",
] as const;

export type LaunchItemKey = (typeof LAUNCH_ITEM_KEYS)[number];

export const LAUNCH_MESSAGES = {
  unknownItem: "Choose an item of the launch checklist",
  notSample: "This item no longer shows sample content: there is nothing to accept",
  alreadyAccepted: "This item was already accepted",
} as const;

/** The dashboard's Accept button: which item the person knowingly keeps as it is. */
export const AcceptLaunchItemSchema = z.object({
  intent: z.literal("accept-launch-item"),
  item: z.enum(LAUNCH_ITEM_KEYS, { error: LAUNCH_MESSAGES.unknownItem }),
});

export type AcceptLaunchItemInput = z.infer<typeof AcceptLaunchItemSchema>;
