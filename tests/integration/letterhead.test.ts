import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { action, loader } from "#app/routes/site/letterhead";
import { LETTERHEAD_MESSAGES } from "#app/site/index.server";
import { adminWithTempStorage, type FilePart, multipartRequest } from "../helpers/admin-actions";
import { outcome } from "../helpers/admin-session";

const files = adminWithTempStorage();
const URL = "http://localhost/admin/settings/letterhead";

const post = async (fields: Record<string, string>, file?: FilePart) =>
  outcome(await action(files.admin.args(multipartRequest(URL, files.admin.cookie, fields, file)) as never));

const firm = async () =>
  (
    (await loader(
      files.admin.args(new Request(URL, { headers: { Cookie: files.admin.cookie } })) as never,
    )) as {
      firm: { logo: string | null; signature: string | null };
    }
  ).firm;

/** A 2400 × 800 logo with an alpha channel and camera metadata, as a designer might send it. */
const bigLogo = () =>
  sharp({
    create: { width: 2400, height: 800, channels: 4, background: { r: 15, g: 76, b: 92, alpha: 0.5 } },
  })
    .png()
    .withExif({ IFD0: { Make: "PhoneCam" } })
    .toBuffer();

describe("the logo and signature the documents carry", () => {
  it("stores an upload as a PNG no larger than print needs, transparency kept, and audits it", async () => {
    expect((await firm()).logo).toBeNull();
    const result = await post(
      { intent: "upload", kind: "logo" },
      { name: "logo.png", type: "image/png", bytes: await bigLogo() },
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/settings/letterhead" });
    expect(files.store.keys()).toEqual(["document-images/logo.png"]);
    const logo = (await firm()).logo as string;
    expect(logo).toMatch(/^data:image\/png;base64,/);
    const meta = await sharp(Buffer.from(logo.split(",")[1] as string, "base64")).metadata();
    expect(meta).toMatchObject({ format: "png", width: 600, height: 200, hasAlpha: true });
    expect(meta.exif).toBeUndefined();
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Updated document logo"))
      .orderBy(desc(adminAuditLogs.createdAt))
      .limit(1);
    expect(audit?.newValues).toMatchObject({ kind: "logo", width: 2400, height: 800 });

    expect(await post({ intent: "remove", kind: "logo" })).toMatchObject({ status: 302 });
    expect(files.store.keys()).toEqual([]);
    expect((await firm()).logo).toBeNull();
  });

  it("refuses what is not an image, an unknown kind and a missing file, and keeps what was there", async () => {
    const signature = await sharp({ create: { width: 300, height: 80, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await post(
      { intent: "upload", kind: "signature" },
      { name: "sig.png", type: "image/png", bytes: signature },
    );
    const before = (await firm()).signature;
    expect(before).not.toBeNull();

    const notImage = await post(
      { intent: "upload", kind: "signature" },
      { name: "sig.png", type: "image/png", bytes: "<svg onload=alert(1)>" },
    );
    expect(notImage.status).toBe(415);
    const svg = await post(
      { intent: "upload", kind: "signature" },
      {
        name: "sig.svg",
        type: "image/svg+xml",
        bytes: '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
      },
    );
    expect(svg.status).toBe(415);
    const unknown = await post(
      { intent: "upload", kind: "stamp" },
      { name: "s.png", type: "image/png", bytes: signature },
    );
    expect(unknown).toMatchObject({ status: 400, data: { error: LETTERHEAD_MESSAGES.missing } });
    const none = await post({ intent: "upload", kind: "logo" });
    expect(none).toMatchObject({ status: 400, data: { error: LETTERHEAD_MESSAGES.missing } });
    expect((await firm()).signature).toBe(before);
    expect(files.store.keys()).toEqual(["document-images/signature.png"]);
  });
});
