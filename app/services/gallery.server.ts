import { db } from "#app/db/client.server";
import {
  type GalleryImageChanges,
  getImage,
  updateGalleryImage,
} from "#app/models/website-image-admin.server";
import { type AuditActor, recordAudit } from "./audit.server";

export const GALLERY_MESSAGES = {
  updated: "Gallery image updated successfully",
  updateFailed: "Failed to update gallery image",
} as const;

const pick = (row: GalleryImageChanges) => ({
  title: row.title,
  galleryCategory: row.galleryCategory,
  description: row.description,
  altText: row.altText,
  sortOrder: row.sortOrder,
  status: row.status,
});

/** Saves what the public gallery shows for one image, with its before and after in the audit log. */
export async function saveGalleryImage(actor: AuditActor, id: string, changes: GalleryImageChanges) {
  return db().transaction(async (tx) => {
    const before = await getImage(id, tx);
    if (before?.component !== "gallery") return null;
    const after = await updateGalleryImage(tx, id, changes);
    if (!after) return null;
    await recordAudit(tx, actor, {
      action: "Updated gallery image",
      tableName: "website_images",
      recordId: id,
      oldValues: pick(before),
      newValues: pick(after),
    });
    return after;
  });
}
