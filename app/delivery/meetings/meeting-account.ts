import { z } from "zod";

/** The settings form connecting Zoom or Microsoft Teams (decision 0826); an empty secret keeps the stored one. */
export const MeetingAccountFormSchema = z.object({
  intent: z.literal("meeting-account"),
  provider: z.enum(["zoom", "teams"], "Choose Zoom or Teams."),
  accountId: z.string().trim().min(1, "Enter the account (Zoom) or tenant (Teams) id.").max(100),
  clientId: z.string().trim().min(1, "Enter the app's client id.").max(100),
  clientSecret: z.string().trim().max(200).optional().default(""),
  organizer: z.string().trim().max(200).optional().default(""),
});
