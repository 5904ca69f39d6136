import { z } from "zod";
import { ACTIVE_STATUSES } from "#app/platform/db/enums";
import { displayOrder, optionalRecord, requiredText } from "#app/platform/forms/form-fields";

export const FACILITATOR_BIO_MAX = 400;

/** A facilitator as the About page and their courses' pages present them; the photo comes beside these. */
export const FacilitatorSchema = z.object({
  name: requiredText("Name"),
  title: requiredText("Title"),
  bio: requiredText("Short bio", FACILITATOR_BIO_MAX),
  userId: optionalRecord("Choose the trainer's account from the list"),
  courses: z
    .array(z.uuid({ error: "Choose courses from the list" }), { error: "Choose courses from the list" })
    .max(200, "Choose at most 200 courses")
    .default([]),
  sortOrder: displayOrder(),
  status: z.enum(ACTIVE_STATUSES, { error: "Choose Active or Inactive" }).default("active"),
});

export type FacilitatorInput = z.output<typeof FacilitatorSchema>;

export const FACILITATOR_MESSAGES = {
  missing: "Please give the facilitator's name, title and short bio, and choose their photo.",
  needsPhoto: "Please choose the facilitator's photo.",
  notTrainer:
    "Choose the trainer's account from the list: it must be an active account with the trainer role.",
  unknownCourse: "Choose courses from the list.",
  tooLarge: "The image is larger than the 10 MB limit.",
  failed: "Failed to save facilitator",
  uploaded: "Facilitator added successfully",
  updated: "Facilitator updated successfully",
  deleteFailed: "Failed to delete facilitator",
  deleted: "Facilitator deleted successfully",
} as const;
