import { z } from "zod";
import { BookingDetailsSchema } from "#app/bookings/index";
import { ORGANISATION_TYPES } from "#app/platform/db/enums";
import { optionalText, requiredText } from "#app/platform/forms/form-fields";

export { ORGANISATION_TYPES };
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

export const ORGANISATION_TYPE_LABELS: Record<OrganisationType, string> = {
  county_government: "County government",
  national_government: "National government",
  company: "Company",
  ngo: "NGO",
  faith_based: "Faith-based",
  other: "Other",
};

/** A booking's rule for a field, read from a form that sends an empty field as undefined (Conform). */
const bookingRule = <T extends z.ZodType>(rule: T) =>
  z
    .string()
    .optional()
    .transform((value, ctx): z.output<T> => {
      const checked = rule.safeParse(value ?? "");
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });

/** An organisation as the office writes it; the KRA PIN and NITA number follow the booking's own rules. */
export const OrganisationSchema = z.object({
  name: requiredText("Name", 200),
  type: z.enum(ORGANISATION_TYPES, "Choose the kind of organisation."),
  kraPin: bookingRule(BookingDetailsSchema.shape.kraPin),
  nitaLevyNumber: bookingRule(BookingDetailsSchema.shape.nitaLevyNumber),
  address: optionalText(500),
  contacts: optionalText(2000),
  notes: optionalText(5000),
});
export type OrganisationInput = z.infer<typeof OrganisationSchema>;

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
