import { and, desc, eq, isNull } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { courseRuns, nitaRegisterScans } from "#app/platform/db/schema";
import { detectDocumentType } from "#app/platform/files/file-types.server";
import { deleteQuietly, newKey, storage } from "#app/platform/files/storage.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { readStored } from "#app/platform/files/zip.server";
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

/** Refuses a PDF the pack could not bind (damaged or locked with a password), before it is stored. */
async function assertBindable(file: TempFile) {
  const { PDFDocument } = await import("pdf-lib");
  const fsp = await import("node:fs/promises");
  try {
    const pdf = await PDFDocument.load(await fsp.readFile(file.path));
    if (pdf.getPageCount() === 0) throw new Error("no pages");
  } catch {
    throw new UploadError("That PDF cannot be read (damaged, or locked with a password): scan it again.");
  }
}

/**
 * Stores the signed register scan of a run and makes it the current one. The scan it replaces keeps its row
 * and its file (marked replaced), so an upload never loses an earlier one; both are audited.
 */
export async function saveRegisterScan(actor: AuditActor, runId: string, file: TempFile) {
  const type = await detectDocumentType(file.path);
  if (!type || (type.ext !== "pdf" && type.ext !== "jpg" && type.ext !== "png"))
    throw new UploadError(NOT_A_SCAN);
  if (type.ext === "pdf") await assertBindable(file);
  const key = newKey("nita-register-scans", type.ext);
  const fsp = await import("node:fs/promises");
  await storage().put(key, await fsp.readFile(file.path), type.mime);
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
          mimeType: type.mime as RegisterScanFile["mimeType"],
          fileSize: file.size,
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
