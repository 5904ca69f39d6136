import fsp from "node:fs/promises";
import { and, desc, eq, isNull } from "drizzle-orm";
import { nitaRegisterScans } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { detectDocumentType } from "#app/platform/files/file-types.server";
import { deleteQuietly, newKey, storage } from "#app/platform/files/storage.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { readStored } from "#app/platform/files/zip.server";
import { MAX_IMAGE_PIXELS } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { now } from "#app/utils/clock";

export type RegisterScanFile = { mimeType: "application/pdf" | "image/png" | "image/jpeg"; data: Uint8Array };

const NOT_A_SCAN =
  "The signed register must be a PDF, a JPG or a PNG (a scan or a photo of the signed pages).";

/** The run's current scan (the latest not replaced), or null while none is uploaded. */
export async function currentRegisterScan(runId: string) {
  const [scan] = await db()
    .select()
    .from(nitaRegisterScans)
    .where(and(eq(nitaRegisterScans.runId, runId), isNull(nitaRegisterScans.replacedAt)))
    .orderBy(desc(nitaRegisterScans.createdAt))
    .limit(1);
  return scan ?? null;
}

/** A scan's bytes, for the pack. */
export async function registerScanFile(scan: {
  mimeType: RegisterScanFile["mimeType"];
  storageKey: string;
}): Promise<RegisterScanFile> {
  return { mimeType: scan.mimeType, data: await readStored(scan.storageKey) };
}

/** The PDF as uploaded, refused when the pack could not bind it (damaged or locked with a password). */
async function bindablePdf(file: TempFile) {
  const bytes = await fsp.readFile(file.path);
  const { PDFDocument } = await import("pdf-lib");
  try {
    if ((await PDFDocument.load(bytes)).getPageCount() > 0) return bytes;
  } catch {
    // answered below
  }
  throw new UploadError("That PDF cannot be read (damaged, or locked with a password): scan it again.");
}

// an A4 page at 300 dpi: sharp enough to read every signature, no larger
const PAGE_PIXELS = 3508;

/**
 * A photo of the signed pages as a plain JPEG, upright as the phone held it (the PDF binder ignores EXIF
 * orientation) and no larger than an A4 page at 300 dpi; refused when it is not an image that can be read.
 */
async function pagePhoto(file: TempFile) {
  const sharp = (await import("sharp")).default;
  try {
    return await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({ width: PAGE_PIXELS, height: PAGE_PIXELS, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new UploadError("That image cannot be read: photograph or scan the signed register again.");
  }
}

/**
 * Stores the signed register scan of a run and makes it the current one. The scan it replaces keeps its row
 * and its file (marked replaced), so an upload never loses an earlier one; both are audited.
 */
export async function saveRegisterScan(actor: AuditActor, runId: string, file: TempFile) {
  const type = await detectDocumentType(file.path);
  if (!type || (type.ext !== "pdf" && type.ext !== "jpg" && type.ext !== "png"))
    throw new UploadError(NOT_A_SCAN, 415);
  const stored = type.ext === "pdf" ? await bindablePdf(file) : await pagePhoto(file);
  const ext = type.ext === "pdf" ? "pdf" : "jpg";
  const key = newKey("nita-register-scans", ext);
  await storage().put(key, stored, ext === "pdf" ? "application/pdf" : "image/jpeg");
  try {
    await db().transaction(async (tx) => {
      // two uploads at once for one run take turns: the later one replaces the earlier
      await tx.select({ id: courseRuns.id }).from(courseRuns).where(eq(courseRuns.id, runId)).for("update");
      const replaced = await tx
        .update(nitaRegisterScans)
        .set({ replacedAt: now() })
        .where(and(eq(nitaRegisterScans.runId, runId), isNull(nitaRegisterScans.replacedAt)))
        .returning({ id: nitaRegisterScans.id });
      const [scan] = await tx
        .insert(nitaRegisterScans)
        .values({
          runId,
          storageKey: key,
          fileName: file.name.slice(0, 200) || `signed-register.${type.ext}`,
          mimeType: ext === "pdf" ? "application/pdf" : "image/jpeg",
          fileSize: stored.byteLength,
          uploadedBy: actor.email,
        })
        .returning();
      await recordAudit(tx, actor, {
        action:
          replaced.length > 0
            ? "Replaced signed attendance register scan"
            : "Uploaded signed attendance register scan",
        tableName: "nita_register_scans",
        recordId: scan?.id,
        newValues: { runId, fileName: scan?.fileName, bytes: file.size, replaced: replaced.map((r) => r.id) },
      });
    });
  } catch (error) {
    await deleteQuietly([key]);
    throw error;
  }
}
