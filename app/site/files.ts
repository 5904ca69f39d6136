import { z } from "zod";
import { DOCUMENT_CATEGORIES, GALLERY_CATEGORIES, IMAGE_COMPONENTS } from "#app/platform/db/enums";
import { DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES } from "#app/platform/forms/body-limits";

export { DOCUMENT_CATEGORIES, DOCUMENT_MAX_BYTES, GALLERY_CATEGORIES, IMAGE_COMPONENTS, IMAGE_MAX_BYTES };

/** An option's label: its value with a capital letter. */
export const optionLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const DOCUMENT_MESSAGES = {
  missing: "Please provide a title and select a file.",
  wrongType:
    "This file type is not accepted. Please upload a PDF, Word (DOC or DOCX), plain text, JPG or PNG file.",
  tooLarge: "The file is larger than the 20 MB limit.",
  empty: "The selected file is empty.",
  failed: "Failed to upload document",
  uploaded: "Document uploaded successfully",
  deleteFailed: "Failed to delete document",
  deleted: "Document deleted successfully",
} as const;

export const IMAGE_MESSAGES = {
  missing: "Please provide a title and select an image",
  svg: "SVG images are not accepted because they can contain scripts. Please upload a JPG, PNG, WebP, AVIF, GIF or TIFF image.",
  notImage: "This file is not an image we can read. Please upload a JPG, PNG, WebP, AVIF, GIF or TIFF image.",
  tooLarge: "The image is larger than the 10 MB limit.",
  tooManyPixels: (width: number, height: number) =>
    `The image is ${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")} pixels: at most 40 megapixels and 12,000 pixels a side are accepted. Please resize it and upload it again.`,
  empty: "The selected file is empty.",
  failed: "Failed to upload image",
  uploaded: "Image uploaded successfully",
  deleteFailed: "Failed to delete image",
  deleted: "Image deleted successfully",
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((v) => v || null)
    .nullable()
    .optional();

const requiredTitle = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, "Title must be at most 200 characters");

export const DocumentUploadSchema = z.object({
  title: requiredTitle("Please provide a title and select a file."),
  description: optionalText(2000),
  category: z.enum(DOCUMENT_CATEGORIES).catch("brochure"),
});

export const ImageUploadSchema = z.object({
  title: requiredTitle("Please provide a title and select an image"),
  component: z.enum(IMAGE_COMPONENTS).catch("hero"),
  altText: optionalText(300),
});

const galleryFields = {
  galleryCategory: z.enum(GALLERY_CATEGORIES, { error: "Choose a category" }),
  description: optionalText(1000),
  altText: optionalText(300),
};

export const GalleryUploadSchema = z.object({
  title: requiredTitle("Please provide a title and select an image"),
  ...galleryFields,
});

/** Puts a photograph in the place of a gallery picture (the seeded artwork, most often). */
export const GalleryReplaceSchema = z.object({
  intent: z.literal("replace"),
  id: z.uuid("Choose a gallery picture to replace"),
});

/** Picks a picture from the library for the gallery. */
export const GalleryAddSchema = z.object({
  intent: z.literal("add"),
  id: z.uuid("Choose a picture from the library"),
  galleryCategory: galleryFields.galleryCategory,
});

export const GalleryImageSchema = z.object({
  id: z.uuid(),
  title: requiredTitle("Please provide a title"),
  ...galleryFields,
  sortOrder: z.coerce.number({ error: "Order must be a whole number" }).int().min(0).max(9999),
  status: z.enum(["active", "inactive"]),
});

/** The images the firm's documents carry: the logo (every document) and the signatory's signature (certificates). */
export const DOCUMENT_IMAGE_KINDS = ["logo", "signature"] as const;
export type DocumentImageKind = (typeof DOCUMENT_IMAGE_KINDS)[number];
export const DocumentImageSchema = z.object({
  kind: z.enum(DOCUMENT_IMAGE_KINDS, "Choose the logo or the signature"),
});

export const LETTERHEAD_MESSAGES = {
  missing: "Choose an image file to upload.",
  tooLarge: "The image is larger than the 10 MB limit.",
  failed: "Failed to save the image",
  uploaded: "Image saved: documents drawn from now on carry it",
  deleteFailed: "Failed to remove the image",
  deleted: "Image removed: documents drawn from now on go without it",
} as const;
