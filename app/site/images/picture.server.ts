import { deleteQuietly } from "#app/platform/files/storage.server";
import type { TempFile } from "#app/platform/files/upload.server";
import type { ImageVariant } from "#app/site/tables.server";
import { fallbackUrl, storeImage } from "./images.server";

/**
 * The picture columns of a record that keeps its own picture (a client logo, a facilitator's photo), filled by
 * the image pipeline: stripped of metadata, with AVIF/WebP/JPEG variants for srcset (decision 0677).
 */
export type Picture = {
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
  imageVariants: ImageVariant[];
  imageStorageKey: string;
};

/** Every stored object of a picture: its variants and the original they were made from. */
const pictureKeys = (picture: Pick<Picture, "imageVariants" | "imageStorageKey">) => [
  ...picture.imageVariants.map((variant) => variant.key),
  picture.imageStorageKey,
];

/**
 * Stores the uploaded picture, when one came, and runs `write` with its columns. When `write` throws or finds
 * nothing to save (undefined), the files just stored are removed: a failed save leaves nothing in storage.
 */
export async function withPicture<T>(
  file: TempFile | null,
  write: (picture: Picture | undefined) => Promise<T | undefined>,
) {
  const stored = file ? await storeImage(file) : undefined;
  const picture = stored && {
    imageUrl: fallbackUrl(stored),
    imageWidth: stored.width,
    imageHeight: stored.height,
    imageVariants: stored.variants,
    imageStorageKey: stored.originalKey,
  };
  try {
    const result = await write(picture);
    if (result === undefined && stored) await deleteQuietly(stored.keys);
    return result;
  } catch (error) {
    if (stored) await deleteQuietly(stored.keys);
    throw error;
  }
}

/**
 * Removes the files of a picture no record points at any more, once the change that replaced or deleted it has
 * committed: a storage failure then leaves an unused file, never a record without its picture.
 */
export const discardPicture = (picture: Pick<Picture, "imageVariants" | "imageStorageKey">) =>
  deleteQuietly(pictureKeys(picture));
