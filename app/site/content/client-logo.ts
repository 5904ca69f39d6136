import { z } from "zod";
import { ACTIVE_STATUSES } from "#app/platform/db/enums";
import {
  displayOrder,
  optionalRecord,
  optionalWebAddress,
  requiredText,
} from "#app/platform/forms/form-fields";

/** A client's logo on the public "Clients" strip; the logo file itself comes beside these fields. */
export const ClientLogoSchema = z.object({
  name: requiredText("Organisation name"),
  altText: requiredText("Alt text", 300),
  organisationId: optionalRecord("Choose the organisation from the list"),
  websiteUrl: optionalWebAddress("Website"),
  sortOrder: displayOrder(),
  status: z.enum(ACTIVE_STATUSES, { error: "Choose Active or Inactive" }).default("active"),
});

export type ClientLogoInput = z.output<typeof ClientLogoSchema>;

export const CLIENT_LOGO_MESSAGES = {
  missing: "Please give the organisation's name and the logo's alt text, and choose the logo image.",
  needsLogo: "Please choose the logo image.",
  tooLarge: "The image is larger than the 10 MB limit.",
  failed: "Failed to save client logo",
  uploaded: "Client logo added successfully",
  updated: "Client logo updated successfully",
  deleteFailed: "Failed to delete client logo",
  deleted: "Client logo deleted successfully",
} as const;
