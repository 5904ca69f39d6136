import { z } from "zod";
import { requiredText } from "#app/platform/forms/form-fields";

/** The form that replaces one portrait on /about; the picture itself comes beside these fields. */
export const PortraitSchema = z.object({
  person: requiredText("Person", 200),
  altText: requiredText("Alt text", 300),
});

export type PortraitInput = z.output<typeof PortraitSchema>;

export const PORTRAIT_MESSAGES = {
  missing: "Please give the portrait's alt text and choose the picture.",
  tooLarge: "The image is larger than the 10 MB limit.",
  notOnAbout: "That person is no longer on the About page: reload the page and choose again.",
  failed: "Failed to save the portrait",
  replaced: "Portrait replaced",
} as const;

/** A portrait still showing the seed's drawing rather than a photograph of the person. */
export const isDrawnPortrait = (imageUrl: string) => imageUrl.startsWith("/artwork/");
