import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { auditedUpdate } from "#app/platform/audited-change.server";
import { db } from "#app/platform/db/client.server";
import {
  type GalleryImageChanges,
  galleryImageRow,
  getImage,
  movePictureToGallery,
} from "#app/site/images/website-image-admin.server";

export const GALLERY_MESSAGES = {
  updated: "Gallery image updated successfully",
  updateFailed: "Failed to update gallery image",
  added: "Picture added to the gallery",
  addFailed: "That picture is in use elsewhere or no longer exists",
  replaced: "Photograph put in the picture's place",
  replaceMissing: "Choose the photograph to put in the picture's place",
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
    const after = await auditedUpdate(tx, actor, {
      action: "Updated gallery image",
      row: galleryImageRow(id),
      before,
      values: changes,
      audited: pick,
    });
    return after ?? null;
  });
}

/** Puts an unused library picture at the end of the gallery, audited; null when it cannot be taken. */
export async function addPictureToGallery(
  actor: AuditActor,
  id: string,
  galleryCategory: NonNullable<GalleryImageChanges["galleryCategory"]>,
) {
  return db().transaction(async (tx) => {
    const before = await getImage(id, tx);
    const after = await movePictureToGallery(tx, id, galleryCategory);
    if (!before || !after) return null;
    await recordAudit(tx, actor, {
      action: "Updated image placement: added to the gallery",
      tableName: "website_images",
      recordId: id,
      oldValues: { component: before.component, status: before.status },
      newValues: { component: after.component, galleryCategory, sortOrder: after.sortOrder },
    });
    return after;
  });
}
