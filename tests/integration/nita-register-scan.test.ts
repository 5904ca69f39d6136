import { and, desc, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { findDeliveryRun, gatherNitaPack, nitaPackPdf } from "#app/delivery/index.server";
import { nitaRegisterScans } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { bodyLimitFor, DOCUMENT_MAX_BYTES } from "#app/platform/forms/body-limits";
import * as nitaScreen from "#app/routes/delivery/run-nita";
import * as nitaPackRoute from "#app/routes/delivery/run-nita-pack";
import { adminWithTempStorage, type FilePart, multipartRequest } from "../helpers/admin-actions";
import { outcome } from "../helpers/admin-session";
import { book, newRun, writeTimetable } from "../helpers/delivery";
import { extractPdfText, squash } from "../helpers/pdf-text";

const files = adminWithTempStorage();
let run: Awaited<ReturnType<typeof newRun>>;

beforeAll(async () => {
  run = await newRun({ inDays: 3, days: 2 });
  await book(
    run.id,
    [
      { name: "Akinyi Scan", email: "akinyi@example.com", idNumber: "11223344" },
      { name: "Mutua Scan", email: "mutua@example.com", idNumber: "55667788" },
    ],
    "Scan Holdings",
  );
  await writeTimetable(run.id);
});

const params = () => ({ courseId: run.courseId, runId: run.id });
const screenUrl = () => `http://localhost/admin/courses/${run.courseId}/runs/${run.id}/nita`;
const upload = async (file?: FilePart) =>
  outcome(
    await nitaScreen.action(
      files.admin.args(
        multipartRequest(screenUrl(), files.admin.cookie, { intent: "upload-scan" }, file),
        {},
        params(),
      ) as never,
    ),
  );

/** A two-page PDF such as a scanner makes, with words on each page to find in the pack. */
async function scannedPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) pdf.addPage([595, 842]).drawText(`Signed sheet ${n} of 2`, { x: 60, y: 700, font });
  return pdf.save();
}

async function pack() {
  const deliveryRun = await findDeliveryRun(run.id);
  const gathered = deliveryRun ? await gatherNitaPack(deliveryRun, "Scan Holdings") : null;
  if (!gathered) throw new Error("no pack");
  const bytes = await nitaPackPdf(gathered);
  const raw = extractPdfText(Buffer.from(bytes));
  return { pages: (await PDFDocument.load(bytes)).getPageCount(), raw, text: squash(raw) };
}

const scans = () =>
  db()
    .select()
    .from(nitaRegisterScans)
    .where(eq(nitaRegisterScans.runId, run.id))
    .orderBy(nitaRegisterScans.createdAt);

describe("the signed attendance register in the NITA claim pack", () => {
  it("is taken on the run's NITA screen, bound in after the register, numbered with the pack, and replaced without loss", async () => {
    // the NITA screen takes a file as large as a document upload, and no other admin form does
    expect(bodyLimitFor(new URL(screenUrl()).pathname)).toEqual({
      bytes: expect.any(Number),
      files: true,
    });
    expect(bodyLimitFor(new URL(screenUrl()).pathname).bytes).toBeGreaterThan(DOCUMENT_MAX_BYTES);
    // the attendance screen takes a meeting's participants report (decision 0825), never a document-sized file
    expect(bodyLimitFor(`/admin/courses/${run.courseId}/runs/${run.id}/attendance`).bytes).toBeLessThan(
      DOCUMENT_MAX_BYTES,
    );

    const before = await pack();
    expect(before.text).toContain(squash("Signed attendance register still to come"));
    expect(before.text).toContain(squash("5. Signed attendance register (still to come: not yet uploaded)"));

    // what is not a scan is refused with a clear message, and nothing is stored
    const refused = await upload({
      name: "register.pdf",
      type: "application/pdf",
      bytes: "<html>not a scan",
    });
    expect(refused.status).toBe(415);
    expect(JSON.stringify(refused)).toContain("must be a PDF, a JPG or a PNG");
    const damaged = await upload({
      name: "register.pdf",
      type: "application/pdf",
      bytes: "%PDF-1.7\n%garbage",
    });
    expect(damaged.status).toBe(400);
    const missing = await upload();
    expect(missing.status).toBe(400);
    expect(await scans()).toEqual([]);
    expect(files.store.keys()).toEqual([]);

    const uploaded = await upload({
      name: "signed register.pdf",
      type: "application/pdf",
      bytes: await scannedPdf(),
    });
    expect(uploaded).toMatchObject({ status: 302, location: new URL(screenUrl()).pathname });
    const withPdf = await pack();
    expect(withPdf.pages).toBe(before.pages + 2);
    expect(withPdf.text).toContain(squash("scanned copy uploaded"));
    expect(withPdf.text).toContain(squash("follows the register"));
    // after the register and before the certificates, every page numbered across the pack
    const registerAt = withPdf.raw.lastIndexOf("Attendance register");
    const scanAt = withPdf.raw.indexOf("Signed sheet 1 of 2");
    expect(scanAt).toBeGreaterThan(registerAt);
    expect(withPdf.raw.indexOf("Signed sheet 2 of 2")).toBeGreaterThan(scanAt);
    expect(withPdf.raw.indexOf("No certificates have been issued")).toBeGreaterThan(scanAt);
    const numbers = [...withPdf.raw.matchAll(/Page (\d+) of (\d+)/g)];
    expect(numbers.map((m) => Number(m[1]))).toEqual(numbers.map((_, i) => i + 1));
    expect(new Set(numbers.map((m) => Number(m[2])))).toEqual(new Set([withPdf.pages]));

    // a photo replaces it, upright as the phone held it and placed on one page; the earlier scan keeps its row
    // and its file
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#f8fafc" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await upload({ name: "register.jpg", type: "image/jpeg", bytes: photo })).toMatchObject({
      status: 302,
    });
    const withPhoto = await pack();
    expect(withPhoto.pages).toBe(before.pages + 1);
    expect(withPhoto.raw).not.toContain("Signed sheet 1 of 2");
    const rows = await scans();
    expect(rows.map((r) => [r.fileName, r.mimeType, r.replacedAt === null])).toEqual([
      ["signed register.pdf", "application/pdf", false],
      ["register.jpg", "image/jpeg", true],
    ]);
    expect(files.store.keys()).toEqual(rows.map((r) => r.storageKey).sort());
    const audits = await db()
      .select({ action: adminAuditLogs.action, values: adminAuditLogs.newValues })
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.tableName, "nita_register_scans")))
      .orderBy(desc(adminAuditLogs.createdAt))
      .limit(2);
    expect(audits.map((a) => a.action)).toEqual([
      "Replaced signed attendance register scan",
      "Uploaded signed attendance register scan",
    ]);

    // the ZIP carries the scan as uploaded, beside the register
    const response = (await nitaPackRoute.loader(
      files.admin.args(
        new Request(`${screenUrl()}-pack/pack.zip?org=Scan+Holdings`, {
          headers: { Cookie: files.admin.cookie },
        }),
        {},
        { ...params(), file: "pack.zip" },
      ) as never,
    )) as Response;
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(zip)).toContain("4-signed-attendance-register.jpg");
    const zipped = await sharp(zip["4-signed-attendance-register.jpg"] as Uint8Array).metadata();
    expect(zipped).toMatchObject({ format: "jpeg", width: 1200, height: 1600 });

    // the screen shows the current scan
    const screen = (await nitaScreen.loader(
      files.admin.args(
        new Request(screenUrl(), { headers: { Cookie: files.admin.cookie } }),
        {},
        params(),
      ) as never,
    )) as { signedRegister: { fileName: string } | null };
    expect(screen.signedRegister?.fileName).toBe("register.jpg");
  });
});
