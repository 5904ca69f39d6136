import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { boundedHeavyWork, HEAVY_WORK_BOUNDS, heavyWorkLoad } from "#app/platform/jobs/heavy-work.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as catalogueRoute from "#app/routes/site/public/downloads.catalogue";
import * as formRoute from "#app/routes/site/public/downloads.registration-form";
import {
  checkPublicDataVersion,
  enablePublicCache,
  publicBrochurePdf,
  publicCataloguePdf,
  publicRegistrationFormPdf,
  removeDocumentImage,
  saveDocumentImage,
} from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { markPublicDataChanged, type PublicDownload } from "#app/site/testing.server";
import { useTempDiskStorage } from "../helpers/admin-actions";
import { ACTOR } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

// The public downloads made from the database: one render per public data version (decision 0650), and a
// visitor past the PDF bound answered 503 with Retry-After (decision 0651).

// a test that fails half-way must not leave the bound counting work that has ended: the next would be refused
afterEach(() => {
  expect(heavyWorkLoad("pdf")).toEqual({ running: 0, waiting: 0 });
});

describe("the catalogue PDF under the public data version", () => {
  enablePublicCache();

  it("is rendered once for every request until a course changes, then once again with the change", async () => {
    await checkPublicDataVersion();
    // concurrent visitors share the one render in progress
    const [a, b] = await Promise.all([publicCataloguePdf(), publicCataloguePdf()]);
    expect(a.bytes).toBe(b.bytes);
    await checkPublicDataVersion();
    const answer = await catalogueRoute.loader();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(a.bytes))).toBe(true);
    expect((await publicCataloguePdf()).bytes).toBe(a.bytes);

    const [first] = await db()
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.status, "active"))
      .orderBy(courses.sortOrder, courses.title)
      .limit(1);
    await db()
      .update(courses)
      .set({ title: "Catalogue Cache Renamed Course" })
      .where(eq(courses.id, first?.id as string));
    await checkPublicDataVersion();
    const after = await publicCataloguePdf();
    expect(after.bytes).not.toBe(a.bytes);
    expect(extractPdfText(Buffer.from(after.bytes))).toContain("Catalogue Cache Renamed Course");
    expect(extractPdfText(Buffer.from(a.bytes))).not.toContain("Catalogue Cache Renamed Course");
  });
});

const SITE_PDFS = {
  catalogue: publicCataloguePdf,
  brochure: publicBrochurePdf,
  "registration form": publicRegistrationFormPdf,
};

/** Each site PDF as the next visitor gets it, one after another: three at once would be past the bound of two. */
async function downloadAll() {
  await checkPublicDataVersion();
  const got: Record<string, PublicDownload> = {};
  for (const [name, download] of Object.entries(SITE_PDFS)) got[name] = await download();
  return got;
}

/** A logo as the office uploads it, through the settings screen's own code. */
async function uploadLogo() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "logo-")), "logo.png");
  await sharp({ create: { width: 240, height: 96, channels: 4, background: "#0f4c5c" } })
    .png()
    .toFile(file);
  await saveDocumentImage(ACTOR, "logo", { path: file, size: fs.statSync(file).size, name: "logo.png" });
}

const hasImage = (pdf: PublicDownload) => Buffer.from(pdf.bytes).includes("/Subtype /Image");

describe("the site PDFs on the firm's letterhead", () => {
  // a folder of its own: other test files upload their own logo
  let store: ReturnType<typeof useTempDiskStorage>;
  beforeAll(() => {
    store = useTempDiskStorage();
  });
  afterAll(() => store.remove());

  it("print the legal name, address and KRA PIN from the settings, and are drawn again when they or the logo change", async () => {
    await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
    const first = await downloadAll();
    for (const [name, pdf] of Object.entries(first)) {
      const text = squash(extractPdfText(Buffer.from(pdf.bytes)));
      expect(text, name).toContain(squash("Mafunzo Training & Consultancy Ltd"));
      expect(text, name).toContain(squash("KRA PIN P051111111Q"));
      expect(hasImage(pdf), name).toBe(false);
    }
    // served from the cache while nothing changes
    const again = await downloadAll();
    for (const name of Object.keys(SITE_PDFS)) expect(again[name]?.bytes).toBe(first[name]?.bytes);

    await setSettingValue(db(), "finance_legal_name", "Mafunzo Letterhead Renamed Ltd", null);
    const renamed = await downloadAll();
    for (const [name, pdf] of Object.entries(renamed)) {
      expect(squash(extractPdfText(Buffer.from(pdf.bytes))), name).toContain(
        squash("Mafunzo Letterhead Renamed Ltd"),
      );
    }

    // the logo is kept in storage, not in a table a trigger watches: its upload moves the version itself
    await uploadLogo();
    const withLogo = await downloadAll();
    for (const [name, pdf] of Object.entries(withLogo)) expect(hasImage(pdf), name).toBe(true);
    await removeDocumentImage(ACTOR, "logo");
    const withoutLogo = await downloadAll();
    for (const [name, pdf] of Object.entries(withoutLogo)) expect(hasImage(pdf), name).toBe(false);
  });
});

describe("the PDF bound", () => {
  it("answers an anonymous download 503 with Retry-After while the bound is full, and serves it after", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the form was cached by an earlier test: a new version makes the refused request need a render
    await markPublicDataChanged(db());
    await checkPublicDataVersion();
    const holders = Array.from({ length: HEAVY_WORK_BOUNDS.pdf }, () =>
      boundedHeavyWork("pdf", () => held, { waitTurn: true }),
    );
    // staff work past the bound waits its turn instead of being refused
    const queued = boundedHeavyWork("pdf", async () => "staff's turn", { waitTurn: true });
    try {
      expect(heavyWorkLoad("pdf")).toEqual({ running: HEAVY_WORK_BOUNDS.pdf, waiting: 1 });
      const refused = await formRoute.loader({
        request: new Request("http://localhost/downloads/registration-form.pdf"),
      } as never);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.text()).toMatch(/try again in 5 seconds/);
    } finally {
      // released whatever the checks said, so the bound is free for the tests after this one
      release();
      await Promise.all(holders);
    }
    expect(await queued).toBe("staff's turn");
    expect(heavyWorkLoad("pdf")).toEqual({ running: 0, waiting: 0 });
    const served = await formRoute.loader({
      request: new Request("http://localhost/downloads/registration-form.pdf"),
    } as never);
    expect(served.status).toBe(200);
    expect(extractPdfText(Buffer.from(await served.arrayBuffer()))).toMatch(/registration/i);
  });
});
