import type { GALLERY_CATEGORIES } from "#app/platform/db/enums";

export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

/** The gallery filter buttons after All, in the order the spec lists them. */
export const GALLERY_CATEGORY_LABELS: Record<GalleryCategory, string> = {
  training: "Training",
  management: "Management",
  experiential: "Experiential",
  consultancy: "Consultancy",
  faith: "Faith-Based",
  "public-sector": "Public Sector",
};

export function isGalleryCategory(value: string | null): value is GalleryCategory {
  return value != null && Object.hasOwn(GALLERY_CATEGORY_LABELS, value);
}
