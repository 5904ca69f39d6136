import { and, asc, desc, eq, max } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { websiteImages } from "#app/db/schema";

// Admin-side reads and writes of website_images; public pages only ever read active rows.
const columns = {
  id: websiteImages.id,
  title: websiteImages.title,
  imageUrl: websiteImages.imageUrl,
  component: websiteImages.component,
  altText: websiteImages.altText,
  status: websiteImages.status,
  galleryCategory: websiteImages.galleryCategory,
  description: websiteImages.description,
  width: websiteImages.width,
  height: websiteImages.height,
  variants: websiteImages.variants,
  storageKey: websiteImages.storageKey,
  sortOrder: websiteImages.sortOrder,
  createdAt: websiteImages.createdAt,
};

/** Spec §7: every website image, newest first. */
export async function listImages(executor: Executor = db()) {
  return executor.select(columns).from(websiteImages).orderBy(desc(websiteImages.createdAt));
}

export type ImageRow = Awaited<ReturnType<typeof listImages>>[number];

/** Every gallery image, active or not, in the order the public gallery shows them. */
export async function listGalleryImagesForAdmin(executor: Executor = db()) {
  return executor
    .select(columns)
    .from(websiteImages)
    .where(eq(websiteImages.component, "gallery"))
    .orderBy(asc(websiteImages.sortOrder), asc(websiteImages.createdAt));
}

export async function getImage(id: string, executor: Executor = db()) {
  const [row] = await executor.select(columns).from(websiteImages).where(eq(websiteImages.id, id));
  return row;
}

/** New gallery images go to the end of the gallery. */
export async function nextGallerySortOrder(executor: Executor = db()) {
  const [row] = await executor
    .select({ last: max(websiteImages.sortOrder) })
    .from(websiteImages)
    .where(eq(websiteImages.component, "gallery"));
  return (row?.last ?? -1) + 1;
}

export async function insertImage(executor: Executor, values: typeof websiteImages.$inferInsert) {
  const [row] = await executor.insert(websiteImages).values(values).returning(columns);
  if (!row) throw new Error("Image insert returned no row");
  return row;
}

export async function deleteImageRow(executor: Executor, id: string) {
  const [row] = await executor.delete(websiteImages).where(eq(websiteImages.id, id)).returning(columns);
  return row;
}

export type GalleryImageChanges = Pick<
  typeof websiteImages.$inferInsert,
  "title" | "galleryCategory" | "description" | "altText" | "sortOrder" | "status"
>;

export async function updateGalleryImage(executor: Executor, id: string, changes: GalleryImageChanges) {
  const [row] = await executor
    .update(websiteImages)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(websiteImages.id, id), eq(websiteImages.component, "gallery")))
    .returning(columns);
  return row;
}
