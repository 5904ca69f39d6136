import { and, asc, desc, eq, max } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { websiteImages } from "#app/site/tables.server";

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
  artwork: websiteImages.artwork,
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

/**
 * The image an admin deletes. The audit log names it by its id as stored, in lower case, whatever case the form
 * posted (a UUID matches either).
 */
export const imageRow = (id: string) => ({
  table: websiteImages,
  columns,
  where: eq(websiteImages.id, id),
  recordId: id.toLowerCase(),
});

export type GalleryImageChanges = Pick<
  typeof websiteImages.$inferInsert,
  "title" | "galleryCategory" | "description" | "altText" | "sortOrder" | "status"
>;

/** The gallery image an admin edits: the image, so long as it is in the gallery; the log names it as posted. */
export const galleryImageRow = (id: string) => ({
  table: websiteImages,
  columns,
  where: and(eq(websiteImages.id, id), eq(websiteImages.component, "gallery")),
  recordId: id,
});

/**
 * Where each picture of the library is used: the gallery (its place among the shown pictures, or hidden),
 * a page section where it is the newest active picture (the one shown, as the public pages choose it), or
 * nowhere (inactive, or replaced by a newer picture of its section).
 */
export type ImageUsage =
  | { kind: "gallery"; position: number | null; category: string | null }
  | { kind: "section"; component: ImageRow["component"] }
  | { kind: "unused"; component: ImageRow["component"]; reason: "inactive" | "replaced" };

export function imageUsages(images: ImageRow[]): Map<string, ImageUsage> {
  const gallery = images
    .filter((image) => image.component === "gallery" && image.status === "active")
    .sort((a, b) => a.sortOrder - b.sortOrder || +new Date(a.createdAt) - +new Date(b.createdAt));
  // newest first, as the public pages choose: the first active picture of a section is the one shown there
  const shown = new Map<ImageRow["component"], string>();
  for (const image of [...images].sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))) {
    if (image.component !== "gallery" && image.status === "active" && !shown.has(image.component)) {
      shown.set(image.component, image.id);
    }
  }
  const usages = new Map<string, ImageUsage>();
  for (const image of images) {
    if (image.component === "gallery") {
      const index = gallery.findIndex((item) => item.id === image.id);
      usages.set(image.id, {
        kind: "gallery",
        position: index === -1 ? null : index + 1,
        category: image.galleryCategory,
      });
    } else if (shown.get(image.component) === image.id) {
      usages.set(image.id, { kind: "section", component: image.component });
    } else {
      const reason = image.status === "active" ? "replaced" : "inactive";
      usages.set(image.id, { kind: "unused", component: image.component, reason });
    }
  }
  return usages;
}

/**
 * Puts a library picture that no page uses into the gallery, at its end: the gallery picks from the library.
 * Undefined when the picture is gone or still shown somewhere (taking it would empty that section).
 */
export async function movePictureToGallery(
  executor: Executor,
  id: string,
  galleryCategory: NonNullable<GalleryImageChanges["galleryCategory"]>,
) {
  const images = await listImages(executor);
  const usage = imageUsages(images).get(id);
  if (usage?.kind !== "unused") return undefined;
  const [row] = await executor
    .update(websiteImages)
    .set({
      component: "gallery",
      galleryCategory,
      status: "active",
      sortOrder: await nextGallerySortOrder(executor),
      updatedAt: new Date(),
    })
    .where(eq(websiteImages.id, id))
    .returning(columns);
  return row;
}
