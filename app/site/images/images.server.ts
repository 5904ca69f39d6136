import crypto from "node:crypto";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Sharp } from "sharp";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { auditedDelete } from "#app/platform/audited-change.server";
import { db } from "#app/platform/db/client.server";
import { deleteQuietly, storage } from "#app/platform/files/storage.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { imageRow, insertImage, nextGallerySortOrder } from "#app/site/images/website-image-admin.server";
import { type ImageVariant, websiteImages } from "#app/site/tables.server";
import { IMAGE_MESSAGES } from "../files";
import type { ImageComponent } from "./website-image.server";

/** Widths made for srcset; an image is never enlarged, so a smaller one also gets its own width. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
const LARGEST_WIDTH = 1600;

// raster formats libvips reads, and the extension the original is kept under
const RASTER_FORMATS: Record<string, { ext: string; mime: string }> = {
  jpeg: { ext: "jpg", mime: "image/jpeg" },
  png: { ext: "png", mime: "image/png" },
  webp: { ext: "webp", mime: "image/webp" },
  gif: { ext: "gif", mime: "image/gif" },
  avif: { ext: "avif", mime: "image/avif" },
  heif: { ext: "heic", mime: "image/heic" },
  tiff: { ext: "tif", mime: "image/tiff" },
  jp2k: { ext: "jp2", mime: "image/jp2" },
};

const OUTPUTS: { format: ImageVariant["format"]; ext: string; mime: string; encode: (s: Sharp) => Sharp }[] =
  [
    { format: "avif", ext: "avif", mime: "image/avif", encode: (s) => s.avif({ quality: 50 }) },
    { format: "webp", ext: "webp", mime: "image/webp", encode: (s) => s.webp({ quality: 78 }) },
    {
      format: "jpeg",
      ext: "jpg",
      mime: "image/jpeg",
      encode: (s) => s.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }),
    },
  ];

/** Public URL of a stored variant; served by the /media route. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** Only variants are public: the original keeps whatever metadata (GPS, camera) it arrived with. */
export const PUBLIC_MEDIA_KEY = /^images\/[0-9a-f-]{36}\/\d{1,5}\.(avif|webp|jpg)$/;

export function variantWidths(width: number) {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (width <= LARGEST_WIDTH) widths.push(width);
  return widths;
}

/**
 * Decoding cost grows with pixels, not bytes: a 775 KB PNG can hold 16000×16000 pixels and take gigabytes
 * to decode. The header states the size, so an image is judged on it before anything decodes it.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

/** libvips (about 30 MB) loads with the first upload, not in every process (decision 0603). */
const loadSharp = async () => (await import("sharp")).default;

/**
 * The one reader of an uploaded image's pixels, for every screen that keeps one (Images, Gallery, Clients,
 * Facilitators, the letterhead's logo and signature): `encode` turns the opened image into what is kept. Every
 * decode is bounded, should a header understate what follows, and whatever libvips cannot decode (a sound
 * header over broken pixel data, a truncated file) is refused as not an image (415), never a server error
 * (decision 0708). Only the decode is judged here: a failure to store what was made stays the server's.
 */
export async function decodeImage(file: TempFile, encode: (image: Sharp) => Sharp): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await encode(sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS })).toBuffer();
  } catch {
    throw new UploadError(IMAGE_MESSAGES.notImage, 415);
  }
}

/**
 * The one rule for every raster image kept, on the image screens and on the Documents screen (which serves a
 * JPG or PNG as it came): the header alone is read, which decodes nothing, and an image it says is larger
 * than the limits is refused. Null when the header cannot be read.
 */
export async function readImageHeader(file: TempFile) {
  const sharp = await loadSharp();
  const meta = await sharp(file.path, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format === "svg") return meta;
  const { width, height } = meta;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new UploadError(IMAGE_MESSAGES.tooManyPixels(width, height), 413);
  }
  return meta;
}

/** Reads the image's header: refuses SVG, anything that is not a raster image, and oversized images. */
export async function inspectImage(file: TempFile) {
  if (file.size === 0) throw new UploadError(IMAGE_MESSAGES.empty);
  const meta = await readImageHeader(file);
  if (meta?.format === "svg") throw new UploadError(IMAGE_MESSAGES.svg, 415);
  const raster = meta ? RASTER_FORMATS[meta.format] : undefined;
  if (!meta || !raster) throw new UploadError(IMAGE_MESSAGES.notImage, 415);
  return { ...raster, width: meta.autoOrient.width, height: meta.autoOrient.height };
}

export type Processed = {
  keys: string[];
  originalKey: string;
  variants: ImageVariant[];
  width: number;
  height: number;
};

/** Stores the original and every variant; on any failure removes what it stored and throws. */
export async function storeImage(file: TempFile): Promise<Processed> {
  const info = await inspectImage(file);
  const folder = `images/${crypto.randomUUID()}`;
  const originalKey = `${folder}/original.${info.ext}`;
  const keys: string[] = [];
  let jobs: Promise<ImageVariant>[] = [];
  try {
    await storage().put(originalKey, fs.createReadStream(file.path), info.mime);
    keys.push(originalKey);
    jobs = variantWidths(info.width).flatMap((width) =>
      OUTPUTS.map(async (output) => {
        // autoOrient applies the EXIF rotation; sharp writes no metadata unless asked to
        const body = await decodeImage(file, (image) =>
          output.encode(image.autoOrient().resize({ width, withoutEnlargement: true })),
        );
        const key = `${folder}/${width}.${output.ext}`;
        await storage().put(key, body, output.mime);
        keys.push(key);
        return { format: output.format, width, key, url: mediaUrl(key) } satisfies ImageVariant;
      }),
    );
    const variants = await Promise.all(jobs);
    return { keys, originalKey, variants, width: info.width, height: info.height };
  } catch (error) {
    // allSettled: a variant still being written when another failed is removed too
    await Promise.allSettled(jobs);
    await deleteQuietly(keys);
    throw error;
  }
}

/** The largest JPEG variant: what an <img> without srcset shows. */
export function fallbackUrl(stored: Processed) {
  const largestJpeg = stored.variants.filter((v) => v.format === "jpeg").sort((a, b) => b.width - a.width)[0];
  return largestJpeg?.url ?? mediaUrl(stored.originalKey);
}

export type NewImageInput = Pick<
  typeof websiteImages.$inferInsert,
  "title" | "altText" | "galleryCategory" | "description"
> & { component: ImageComponent };

/** Stores the image and its variants, then the row and its audit entry together. */
export async function uploadImage(actor: AuditActor, input: NewImageInput, file: TempFile) {
  const stored = await storeImage(file);
  try {
    return await db().transaction(async (tx) => {
      const row = await insertImage(tx, {
        ...input,
        imageUrl: fallbackUrl(stored),
        status: "active",
        width: stored.width,
        height: stored.height,
        variants: stored.variants,
        storageKey: stored.originalKey,
        sortOrder: input.component === "gallery" ? await nextGallerySortOrder(tx) : 0,
      });
      await recordAudit(tx, actor, {
        action: "Uploaded image",
        tableName: "website_images",
        recordId: row.id,
        newValues: {
          title: row.title,
          component: row.component,
          altText: row.altText,
          width: row.width,
          height: row.height,
          variants: row.variants.length,
        },
      });
      return row;
    });
  } catch (error) {
    await deleteQuietly(stored.keys);
    throw error;
  }
}

/** The files a row points at in the store (none for seeded artwork, which is built in). */
const storedKeys = (row: { variants: ImageVariant[]; storageKey: string | null }) => [
  ...row.variants.map((v) => v.key),
  ...(row.storageKey ? [row.storageKey] : []),
];

/**
 * Puts an uploaded photograph in the place of an image, keeping its title, captions and place: the row is no
 * longer artwork. The files it pointed at go in the same step (as on delete); undefined when the row is gone.
 */
export async function replaceImageFile(actor: AuditActor, id: string, file: TempFile) {
  const stored = await storeImage(file);
  const largestJpeg = stored.variants.filter((v) => v.format === "jpeg").sort((a, b) => b.width - a.width)[0];
  try {
    const replaced = await db().transaction(async (tx) => {
      const [before] = await tx.select().from(websiteImages).where(eq(websiteImages.id, id)).for("update");
      if (!before) return undefined;
      const [after] = await tx
        .update(websiteImages)
        .set({
          imageUrl: largestJpeg?.url ?? mediaUrl(stored.originalKey),
          width: stored.width,
          height: stored.height,
          variants: stored.variants,
          storageKey: stored.originalKey,
          artwork: false,
          updatedAt: new Date(),
        })
        .where(eq(websiteImages.id, id))
        .returning({ id: websiteImages.id, title: websiteImages.title });
      await recordAudit(tx, actor, {
        action: "Replaced image file",
        tableName: "website_images",
        recordId: id,
        oldValues: { imageUrl: before.imageUrl, artwork: before.artwork },
        newValues: {
          width: stored.width,
          height: stored.height,
          variants: stored.variants.length,
          artwork: false,
        },
      });
      for (const key of storedKeys(before)) await storage().delete(key);
      return after;
    });
    if (!replaced) await deleteQuietly(stored.keys);
    return replaced;
  } catch (error) {
    await deleteQuietly(stored.keys);
    throw error;
  }
}

/**
 * Deletes the row, its audit entry, and every stored object (variants and original) in one step: if the
 * store refuses, the transaction rolls back and the row still points at its files. Seeded rows point at
 * built-in artwork and have nothing stored.
 */
export async function deleteImage(actor: AuditActor, id: string) {
  return db().transaction(async (tx) => {
    const row = await auditedDelete(tx, actor, {
      action: "Deleted image",
      row: imageRow(id),
      audited: (image) => ({
        title: image.title,
        component: image.component,
        altText: image.altText,
        imageUrl: image.imageUrl,
      }),
    });
    if (!row) return null;
    for (const key of storedKeys(row)) await storage().delete(key);
    return row;
  });
}
