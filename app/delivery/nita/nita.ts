import { z } from "zod";
import { queryText } from "#app/platform/forms/query";

/** Which organisation's pack: ?org=<name as listed on the NITA page>. */
export const NitaQuerySchema = z.object({ org: queryText(200) });

/** The signed register scan's form: the file is its only field (the upload reader checks its size). */
export const NitaScanSchema = z.object({ intent: z.literal("upload-scan") });

export const NITA_SCAN_MESSAGES = {
  tooLarge: "The scan is larger than 20 MB: scan at 200 dpi, or save it as a smaller PDF.",
  failed: "The scan could not be saved. Please try again.",
  missing: "Choose the scan of the signed register (a PDF, JPG or PNG) to upload.",
  uploaded: "Signed register uploaded: the packs bind it in after the register.",
  deleteFailed: "There is nothing to remove.",
  deleted: "Removed.",
};
