import fsp from "node:fs/promises";
import { and, desc, eq, isNull } from "drizzle-orm";
import { lockBooking } from "#app/booking/index.server";
import { lpoDocuments } from "#app/money/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { detectDocumentType } from "#app/platform/files/file-types.server";
import { deleteQuietly, newKey, storage } from "#app/platform/files/storage.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { now } from "#app/utils/clock";

export type LpoDocument = typeof lpoDocuments.$inferSelect;

const NOT_AN_LPO = "The LPO must be a PDF, a JPG or a PNG (the order as the buyer sent it, or a scan of it).";

/** The booking's current LPO document (the latest not replaced), or null while none is uploaded. */
export async function currentLpoDocument(bookingId: string) {
  const [document] = await db()
    .select()
    .from(lpoDocuments)
    .where(and(eq(lpoDocuments.bookingId, bookingId), isNull(lpoDocuments.replacedAt)))
    .orderBy(desc(lpoDocuments.createdAt))
    .limit(1);
  return document ?? null;
}

/**
 * Keeps the LPO the buyer sent with its booking (decision 0758), stored as uploaded under the document limits.
 * What it is is judged by its bytes; the one it replaces keeps its row and its file (marked replaced). Audited.
 */
export async function saveLpoDocument(actor: AuditActor, bookingId: string, file: TempFile) {
  const type = await detectDocumentType(file.path);
  if (!type || (type.ext !== "pdf" && type.ext !== "jpg" && type.ext !== "png")) {
    throw new UploadError(NOT_AN_LPO, 415);
  }
  const mimeType = type.mime as LpoDocument["mimeType"];
  const key = newKey("lpo-documents", type.ext);
  await storage().put(key, await fsp.readFile(file.path), mimeType);
  try {
    return await db().transaction(async (tx) => {
      // two uploads at once for one booking take turns under its lock: the later one replaces the earlier
      const booking = await lockBooking(tx, bookingId);
      if (!booking) throw new UploadError("This booking does not exist.", 404);
      const replaced = await tx
        .update(lpoDocuments)
        .set({ replacedAt: now() })
        .where(and(eq(lpoDocuments.bookingId, bookingId), isNull(lpoDocuments.replacedAt)))
        .returning({ id: lpoDocuments.id });
      const [document] = await tx
        .insert(lpoDocuments)
        .values({
          bookingId,
          storageKey: key,
          fileName: file.name.slice(0, 200) || `lpo.${type.ext}`,
          mimeType,
          fileSize: file.size,
          uploadedBy: actor.email ?? "system",
        })
        .returning();
      await recordAudit(tx, actor, {
        action: replaced.length > 0 ? "Replaced LPO document" : "Uploaded LPO document",
        tableName: "lpo_documents",
        recordId: document?.id,
        newValues: {
          booking: booking.reference,
          lpo_number: booking.lpoNumber,
          file_name: document?.fileName,
          bytes: file.size,
          replaced: replaced.map((r) => r.id),
        },
      });
      return document as LpoDocument;
    });
  } catch (error) {
    await deleteQuietly([key]);
    throw error;
  }
}
