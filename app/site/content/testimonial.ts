import { z } from "zod";
import { ACTIVE_STATUSES } from "#app/platform/db/enums";
import { checkbox, optionalNumber, optionalText, requiredText } from "#app/platform/forms/form-fields";

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** Spec §5: name, position, course and content required; rating 1 to 5, default 5. */
export const TestimonialSchema = z.object({
  name: requiredText("Name"),
  position: requiredText("Position"),
  course: requiredText("Course"),
  content: requiredText("Content", 3000),
  rating: z
    .number({ error: "Rating must be a number from 1 to 5" })
    .int("Rating must be a whole number from 1 to 5")
    .min(1, "Rating must be from 1 to 5")
    .max(5, "Rating must be from 1 to 5")
    .default(5),
  status: z.enum(ACTIVE_STATUSES).default("active"),
  imageUrl: optionalText(500),
  showOnHome: checkbox(),
  sortOrder: optionalNumber("Display order", { min: 0, max: 100_000, integer: true }).transform(
    (v) => v ?? 0,
  ),
});

export type TestimonialInput = z.output<typeof TestimonialSchema>;
