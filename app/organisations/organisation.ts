import { z } from "zod";
import { ORGANISATION_TYPES } from "#app/platform/db/enums";
import { checkbox, optionalText, requiredText } from "#app/platform/forms/form-fields";

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

/** The firm's rule for KRA PINs: a letter, nine digits, a letter (P051234567X). */
const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;

/**
 * A KRA PIN on a form's optional text field (null when empty), in capitals and checked against the firm's rule:
 * an organisation's and a booking's KRA PIN are read the same way.
 */
export const kraPinRule = <I>(field: z.ZodType<string | null, I>) =>
  field
    .transform((value) => value?.toUpperCase() ?? null)
    .refine(
      (value) => value === null || KRA_PIN.test(value),
      "Enter the KRA PIN as a letter, nine digits and a letter.",
    );

/** An organisation as the office writes it. */
export const OrganisationSchema = z.object({
  name: requiredText("Name", 200),
  type: z.enum(ORGANISATION_TYPES, "Choose the kind of organisation."),
  kraPin: kraPinRule(optionalText(11)),
  nitaLevyNumber: optionalText(30),
  address: optionalText(500),
  contacts: optionalText(2000),
  notes: optionalText(5000),
  /** it withholds 5 % income tax on training fees (decision 0745) */
  withholdsIncomeTax: checkbox(),
  /** it is an appointed withholding-VAT agent: 2 % of the taxable value (decision 0745) */
  withholdsVat: checkbox(),
});
export type OrganisationInput = z.infer<typeof OrganisationSchema>;
