import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { storage } from "#app/platform/files/storage.server";
import type { TempFile } from "#app/platform/files/upload.server";
import type { DocumentImageKind } from "../files";
import { markPublicDataChanged } from "../public-cache.server";
import { decodeImage, inspectImage } from "./images.server";

/** One stored PNG per kind, replaced by the next upload: documents already issued keep the one they drew. */
const keyOf = (kind: DocumentImageKind) => `document-images/${kind}.png`;
// print quality at the size documents draw them (a logo 120 pt wide, a signature 160 pt), no more
const MAX_SIDE = { logo: 600, signature: 800 } as const;

/**
 * Stores an uploaded logo or signature as a PNG (transparency kept, metadata dropped, no larger than print
 * needs) and records who changed it. Refuses what is not a raster image, as the image screens do.
 */
export async function saveDocumentImage(actor: AuditActor, kind: DocumentImageKind, file: TempFile) {
  const info = await inspectImage(file);
  const png = await decodeImage(file, (image) =>
    image
      .autoOrient()
      .resize({ width: MAX_SIDE[kind], height: MAX_SIDE[kind], fit: "inside", withoutEnlargement: true })
      .png(),
  );
  await storage().put(keyOf(kind), png, "image/png");
  await db().transaction(async (tx) => {
    await recordAudit(tx, actor, {
      action: `Updated document ${kind}`,
      tableName: "system_settings",
      newValues: { kind, width: info.width, height: info.height, bytes: png.byteLength },
    });
    // the cached public PDFs draw the logo on their letterhead: the next download draws the new one
    await markPublicDataChanged(tx);
  });
}

/** Removes the logo or signature: documents drawn afterwards go without it. */
export async function removeDocumentImage(actor: AuditActor, kind: DocumentImageKind) {
  await storage().delete(keyOf(kind));
  await db().transaction(async (tx) => {
    await recordAudit(tx, actor, { action: `Deleted document ${kind}`, tableName: "system_settings" });
    await markPublicDataChanged(tx);
  });
}

/** Whether the office has uploaded this image (the launch checklist asks about the logo). */
export function hasDocumentImage(kind: DocumentImageKind): Promise<boolean> {
  return storage().exists(keyOf(kind));
}

/** The stored image as a PNG data URL for the PDF kit, or null when none was uploaded. */
export async function documentImageDataUrl(kind: DocumentImageKind): Promise<string | null> {
  const stored = await storage().get(keyOf(kind));
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
  return `data:image/png;base64,${Buffer.concat(chunks).toString("base64")}`;
}
