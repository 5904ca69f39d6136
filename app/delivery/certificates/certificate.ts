import { z } from "zod";

/** The certificates page's actions: issue for the whole run, or revoke one with a reason. */
export const CertificateActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("issue") }),
  z.object({
    intent: z.literal("revoke"),
    id: z.uuid("Unknown certificate."),
    reason: z
      .string({ error: "Give the reason for revoking." })
      .trim()
      .min(3, "Give the reason for revoking.")
      .max(500, "At most 500 characters"),
  }),
]);
