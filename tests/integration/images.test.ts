import { count, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { action as galleryAction } from "#app/routes/site/gallery";
import { action as imagesAction } from "#app/routes/site/images";
import { loader as mediaLoader } from "#app/routes/site/public/media";
import { IMAGE_MESSAGES, listGalleryImagesForAdmin } from "#app/site/index.server";
import { websiteImages } from "#app/site/tables.server";
import { seedGallery, variantWidths } from "#app/site/testing.server";
import { adminWithTempStorage, type FilePart, multipartRequest } from "../helpers/admin-actions";
import { outcome, type RouteArgs, routeArgs } from "../helpers/admin-session";

const files = adminWithTempStorage();

/** A real photo-like JPEG: 2000×1000 stored sideways (EXIF orientation 6), with camera and GPS metadata. */
const sidewaysJpeg = () =>
  sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 15, g: 76, b: 92 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCam", Copyright: "secret" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const imageCount = async () => (await db().select({ n: count() }).from(websiteImages))[0]?.n ?? 0;

type Action = (args: RouteArgs) => Promise<unknown>;
const call = async (act: Action, url: string, fields: Record<string, string>, file?: FilePart) =>
  outcome(await act(files.admin.args(multipartRequest(url, files.admin.cookie, fields, file))));

const media = async (key: string) =>
  (await mediaLoader(routeArgs(`/media/${key}`, {}, { "*": key }))) as Response;

describe("variant widths", () => {
  it("never enlarges an image", () => {
    expect(variantWidths(2400)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1000)).toEqual([480, 960, 1000]);
    expect(variantWidths(300)).toEqual([300]);
  });
});

describe("uploading an image", () => {
  it("turns it upright, strips its metadata and stores AVIF, WebP and JPEG at each width", async () => {
    const result = await call(
      imagesAction,
      "http://localhost/admin/images",
      { intent: "upload", title: "Hero photo", component: "hero", altText: "Participants in a workshop" },
      { name: "IMG_0001.JPG", type: "image/jpeg", bytes: await sidewaysJpeg() },
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/images" });
    const [row] = await db().select().from(websiteImages).orderBy(desc(websiteImages.createdAt)).limit(1);
    expect(row).toMatchObject({
      title: "Hero photo",
      component: "hero",
      status: "active",
      width: 1000,
      height: 2000,
    });
    const variants = row?.variants ?? [];
    expect(variants.map((v) => `${v.format}@${v.width}`).sort()).toEqual(
      ["avif", "jpeg", "webp"].flatMap((f) => [480, 960, 1000].map((w) => `${f}@${w}`)).sort(),
    );
    expect(row?.imageUrl).toBe(variants.find((v) => v.format === "jpeg" && v.width === 1000)?.url);
    expect(files.store.keys()).toEqual([row?.storageKey, ...variants.map((v) => v.key)].sort());

    for (const variant of variants) {
      expect(variant.url).toBe(`/media/${variant.key}`);
      const response = await media(variant.key);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(response.headers.get("Content-Type")).toBe(`image/${variant.format}`);
      expect(meta.width).toBe(variant.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
    // the original keeps its metadata, so it is never served
    expect((await media(row?.storageKey ?? "")).status).toBe(404);
    expect((await media("images/../../etc/passwd")).status).toBe(404);

    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, row?.id ?? ""));
    expect(audit?.action).toBe("Uploaded image");
  });

  const url = "http://localhost/admin/images";
  const refused: [string, Record<string, string>, FilePart | undefined, number, string][] = [
    [
      "an SVG with script",
      { title: "Logo" },
      {
        name: "logo.svg",
        type: "image/svg+xml",
        bytes:
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      },
      415,
      IMAGE_MESSAGES.svg,
    ],
    [
      "text named .png",
      { title: "Fake" },
      { name: "photo.png", bytes: "not an image at all" },
      415,
      IMAGE_MESSAGES.notImage,
    ],
    [
      "an executable named .jpg",
      { title: "Fake" },
      { name: "photo.jpg", bytes: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300)]) },
      415,
      IMAGE_MESSAGES.notImage,
    ],
    ["an empty file", { title: "Empty" }, { name: "empty.png", bytes: "" }, 400, IMAGE_MESSAGES.empty],
    ["no title", { title: "" }, { name: "a.png", bytes: "x" }, 400, IMAGE_MESSAGES.missing],
    ["no image", { title: "Hero" }, undefined, 400, IMAGE_MESSAGES.missing],
  ];
  it.each(refused)("refuses %s and stores nothing", async (_label, fields, file, status, message) => {
    const before = await imageCount();
    const result = await call(imagesAction, url, { intent: "upload", component: "hero", ...fields }, file);
    expect(result).toMatchObject({ status, data: { error: message } });
    expect(await imageCount()).toBe(before);
    expect(files.store.keys()).toEqual([]);
  });

  it("refuses an image over 10 MB and stores nothing", async () => {
    const before = await imageCount();
    const big = Buffer.concat([await sidewaysJpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const result = await call(
      imagesAction,
      url,
      { intent: "upload", title: "Big" },
      { name: "big.jpg", bytes: big },
    );
    expect(result).toMatchObject({ status: 413, data: { error: IMAGE_MESSAGES.tooLarge } });
    expect(await imageCount()).toBe(before);
    expect(files.store.keys()).toEqual([]);
  });

  it("deletes the row and every stored object", async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 4, background: "#e0a030" } })
      .png()
      .toBuffer();
    await call(
      imagesAction,
      url,
      { intent: "upload", title: "About", component: "about" },
      { name: "a.png", bytes: png },
    );
    const [row] = await db().select().from(websiteImages).orderBy(desc(websiteImages.createdAt)).limit(1);
    expect(files.store.keys()).toHaveLength(7);
    const result = await call(imagesAction, url, { intent: "delete", id: row?.id ?? "" });
    expect(result).toMatchObject({ status: 302, location: "/admin/images" });
    expect(files.store.keys()).toEqual([]);
    expect(
      await db()
        .select()
        .from(websiteImages)
        .where(eq(websiteImages.id, row?.id ?? "")),
    ).toEqual([]);
  });
});

describe("gallery management", () => {
  const url = "http://localhost/admin/gallery";

  it("edits a seeded image (built-in artwork) with an audited before and after", async () => {
    const [first] = await listGalleryImagesForAdmin();
    expect(first?.storageKey).toBeNull();
    const result = await call(galleryAction, url, {
      intent: "update",
      id: first?.id ?? "",
      title: "Strategy Workshop, Naivasha",
      galleryCategory: "management",
      description: "Updated description",
      altText: "Managers at a flip chart",
      sortOrder: "12",
      status: "inactive",
    });
    expect(result).toMatchObject({ status: 302, location: "/admin/gallery" });
    const updated = (await listGalleryImagesForAdmin()).find((i) => i.id === first?.id);
    expect(updated).toMatchObject({
      title: "Strategy Workshop, Naivasha",
      galleryCategory: "management",
      sortOrder: 12,
      status: "inactive",
    });
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, first?.id ?? ""));
    expect(audit).toMatchObject({ action: "Updated gallery image" });
    expect(audit?.oldValues).toMatchObject({ title: first?.title, status: "active" });
  });

  it("refuses an unknown category", async () => {
    const [first] = await listGalleryImagesForAdmin();
    const result = await call(galleryAction, url, {
      intent: "update",
      id: first?.id ?? "",
      title: "x",
      galleryCategory: "sports",
      sortOrder: "1",
      status: "active",
    });
    expect(result.status).toBe(400);
  });

  it("uploads a new gallery image at the end, and deletes a seeded one without touching storage", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const result = await call(
      galleryAction,
      url,
      { intent: "upload", title: "Graduation", galleryCategory: "training", altText: "Graduates" },
      { name: "grad.jpg", bytes: jpeg },
    );
    expect(result.status).toBe(302);
    const images = await listGalleryImagesForAdmin();
    expect(images.at(-1)).toMatchObject({
      title: "Graduation",
      galleryCategory: "training",
      component: "gallery",
    });
    const seeded = images.find((i) => i.storageKey === null);
    const keys = files.store.keys();
    const deleted = await call(galleryAction, url, { intent: "delete", id: seeded?.id ?? "" });
    expect(deleted.status).toBe(302);
    expect(files.store.keys()).toEqual(keys);
  });

  it("seeded artwork is flagged and captioned as illustration; a photograph in its place clears the flag", async () => {
    const seeded = (await listGalleryImagesForAdmin()).filter((i) => i.storageKey === null);
    expect(seeded.length).toBeGreaterThan(0);
    for (const image of seeded) expect(image.artwork).toBe(true);
    // no seeded caption claims an event: each says it is an illustration
    for (const item of seedGallery) {
      expect(item.title).toMatch(/\(illustration\)$/);
      expect(item.altText).toMatch(/^Illustration: /);
      expect(item.description).toMatch(/^An illustration of /);
    }
    const artwork = seeded.find((i) => i.status === "active") as (typeof seeded)[number];

    // without a file nothing changes, and the message says what is missing
    const missing = await call(galleryAction, url, { intent: "replace", id: artwork.id });
    expect(missing).toMatchObject({ status: 400 });
    expect(JSON.stringify(missing)).toContain("Choose the photograph to put in the picture's place");
    const notImage = await call(
      galleryAction,
      url,
      { intent: "replace", id: artwork.id },
      { name: "notes.jpg", type: "image/jpeg", bytes: Buffer.from("not a picture at all") },
    );
    expect(notImage.status).toBe(415);
    expect((await listGalleryImagesForAdmin()).find((i) => i.id === artwork.id)).toMatchObject({
      artwork: true,
      imageUrl: artwork.imageUrl,
    });

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#884422" } })
      .jpeg()
      .toBuffer();
    const replaced = await call(
      galleryAction,
      url,
      { intent: "replace", id: artwork.id },
      { name: "workshop.jpg", bytes: photo },
    );
    expect(replaced).toMatchObject({ status: 302, location: "/admin/gallery" });
    const after = (await listGalleryImagesForAdmin()).find((i) => i.id === artwork.id);
    expect(after).toMatchObject({
      artwork: false,
      title: artwork.title,
      sortOrder: artwork.sortOrder,
      width: 900,
      height: 600,
    });
    expect(after?.imageUrl).toMatch(/^\/media\/images\//);
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Replaced image file"));
    expect(audit).toMatchObject({ recordId: artwork.id, oldValues: { artwork: true } });

    // a second photograph replaces the first, whose files are not kept
    const first = [after?.storageKey, ...(after?.variants ?? []).map((v) => v.key)];
    await call(
      galleryAction,
      url,
      { intent: "replace", id: artwork.id },
      { name: "again.jpg", bytes: photo },
    );
    for (const key of first) expect(files.store.keys()).not.toContain(key);
  });
});
