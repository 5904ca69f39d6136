import { and, asc, desc, eq, ne } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import type { IMAGE_COMPONENTS } from "#app/platform/db/enums";
import { websiteImages } from "#app/site/tables.server";

export type ImageComponent = (typeof IMAGE_COMPONENTS)[number];

/** Active gallery images in display order. */
export async function listGalleryImages(executor: Executor = db()) {
  return executor
    .select({
      id: websiteImages.id,
      title: websiteImages.title,
      description: websiteImages.description,
      imageUrl: websiteImages.imageUrl,
      altText: websiteImages.altText,
      galleryCategory: websiteImages.galleryCategory,
      width: websiteImages.width,
      height: websiteImages.height,
      variants: websiteImages.variants,
      artwork: websiteImages.artwork,
    })
    .from(websiteImages)
    .where(and(eq(websiteImages.component, "gallery"), eq(websiteImages.status, "active")))
    .orderBy(asc(websiteImages.sortOrder), asc(websiteImages.createdAt));
}

export type GalleryImageView = Awaited<ReturnType<typeof listGalleryImages>>[number];

/**
 * The newest active image for each page component (hero, about, …) other than the gallery:
 * what an admin uploads for a component replaces the built-in artwork there.
 */
export async function listComponentImages(executor: Executor = db()) {
  const rows = await executor
    .select({
      component: websiteImages.component,
      imageUrl: websiteImages.imageUrl,
      altText: websiteImages.altText,
      width: websiteImages.width,
      height: websiteImages.height,
      variants: websiteImages.variants,
    })
    .from(websiteImages)
    .where(and(ne(websiteImages.component, "gallery"), eq(websiteImages.status, "active")))
    .orderBy(desc(websiteImages.createdAt));
  const byComponent: Partial<Record<ImageComponent, (typeof rows)[number]>> = {};
  for (const row of rows) byComponent[row.component] ??= row;
  return byComponent;
}

export type ComponentImages = Awaited<ReturnType<typeof listComponentImages>>;
