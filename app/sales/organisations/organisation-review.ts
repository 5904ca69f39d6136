import { z } from "zod";

/** The review screen's two answers about a pair: merge the second into the first, or keep both. */
export const OrganisationPairSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("merge"),
    keepId: z.uuid("Choose the organisation to keep."),
    mergeId: z.uuid("Choose the organisation to merge into it."),
  }),
  z.object({
    intent: z.literal("keep-both"),
    keepId: z.uuid("Choose the first organisation."),
    mergeId: z.uuid("Choose the second organisation."),
  }),
  z.object({ intent: z.literal("match") }),
]);
export type OrganisationPairAction = z.infer<typeof OrganisationPairSchema>;
