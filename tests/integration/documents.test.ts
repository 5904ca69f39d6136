import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { createDiskStorage, setStorage } from "#app/platform/files/storage.server";
import { action } from "#app/routes/site/documents";
import { loader as brochureLoader } from "#app/routes/site/public/downloads.brochure";
import { loader as formLoader } from "#app/routes/site/public/downloads.registration-form";
import { loader as fileLoader } from "#app/routes/site/public/files";
import {
  DOCUMENT_MESSAGES,
  getLatestActiveDocument,
  IMAGE_MESSAGES,
  uploadDocument,
} from "#app/site/index.server";
import { documents } from "#app/site/tables.server";
import { adminWithTempStorage, multipartRequest } from "../helpers/admin-actions";
import { outcome, type RouteArgs, routeArgs } from "../helpers/admin-session";
import { pngClaiming } from "../helpers/hostile";

const URL = "http://localhost/admin/documents";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(400)]);
const EMPTY_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

const files = adminWithTempStorage();

const documentCount = async () => (await db().select({ n: count() }).from(documents))[0]?.n ?? 0;

const post = async (fields: Record<string, string>, file?: Parameters<typeof multipartRequest>[3]) =>
  outcome(
    await action(
      files.admin.args(multipartRequest(URL, files.admin.cookie, { intent: "upload", ...fields }, file)),
    ),
  );

const fetchFile = async (fileUrl: string, method = "GET") => {
  const [, , id, name] = fileUrl.split("/");
  const request = new Request(`http://localhost${fileUrl}`, { method });
  return (await fileLoader(routeArgs(request, {}, { id: id ?? "", name: name ?? "" }))) as Response;
};

describe("uploading a document", () => {
  it("stores a PDF under a generated key, records it, audits it and serves it at its link", async () => {
    const result = await post(
      { title: "Company Brochure", description: "Our 2025 brochure", category: "brochure" },
      { name: "Brochure 2025.pdf", type: "application/pdf", bytes: PDF },
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/documents" });
    const [row] = await db().select().from(documents).orderBy(desc(documents.createdAt)).limit(1);
    expect(row).toMatchObject({
      title: "Company Brochure",
      category: "brochure",
      status: "active",
      fileName: "Brochure 2025.pdf",
      fileSize: PDF.length,
      mimeType: "application/pdf",
    });
    expect(row?.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    expect(row?.fileUrl).toBe(`/files/${row?.id}/brochure-2025.pdf`);
    expect(files.store.keys()).toEqual([row?.storageKey]);
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, row?.id ?? ""));
    expect(audit).toMatchObject({ action: "Uploaded document", tableName: "documents" });

    const response = await fetchFile(row?.fileUrl ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      "inline; filename=\"Brochure 2025.pdf\"; filename*=UTF-8''Brochure%202025.pdf",
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await fetchFile(row?.fileUrl ?? "", "HEAD")).headers.get("Content-Length")).toBe(
      String(PDF.length),
    );
    expect((await getLatestActiveDocument("brochure"))?.id).toBe(row?.id);
  });

  it("accepts plain text and Word files judged by content, and serves Word as an attachment", async () => {
    const text = await post(
      { title: "Policy", category: "policy" },
      { name: "policy.txt", bytes: "Sera ya mafunzo — 2025\n" },
    );
    expect(text.status).toBe(302);
    const doc = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from("WordDocument", "utf16le"),
      Buffer.alloc(512),
    ]);
    expect((await post({ title: "Form", category: "form" }, { name: "form.doc", bytes: doc })).status).toBe(
      302,
    );
    const form = await getLatestActiveDocument("form");
    expect(form?.mimeType).toBe("application/msword");
    const response = await fetchFile(form?.fileUrl ?? "");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="form.doc"/);
  });

  it("keeps a hostile file name only as cleaned-up data", async () => {
    for (const name of ["../../etc/passwd", "<script>alert(1)</script>.pdf"]) {
      const before = files.store.keys();
      const bytes = name.endsWith(".pdf") ? PDF : "root:x:0:0\n";
      expect((await post({ title: "Hostile", category: "manual" }, { name, bytes })).status).toBe(302);
      const [row] = await db().select().from(documents).orderBy(desc(documents.createdAt)).limit(1);
      expect(row?.fileName).not.toMatch(/[/\\<>]/);
      expect(row?.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.(txt|pdf)$/);
      expect(files.store.keys()).toEqual([...before, row?.storageKey].sort());
    }
    expect(fs.existsSync(path.join(files.store.root, "..", "etc"))).toBe(false);
  });
});

describe("a refused upload stores nothing", () => {
  const cases: [string, Record<string, string>, Parameters<typeof multipartRequest>[3], number, string][] = [
    [
      "a zip named .docx",
      { title: "T" },
      { name: "report.docx", bytes: EMPTY_ZIP },
      415,
      DOCUMENT_MESSAGES.wrongType,
    ],
    [
      "an executable named .pdf",
      { title: "T" },
      { name: "invoice.pdf", bytes: EXE },
      415,
      DOCUMENT_MESSAGES.wrongType,
    ],
    [
      "an SVG with script named .txt",
      { title: "T" },
      { name: "logo.txt", bytes: SVG_WITH_SCRIPT },
      415,
      DOCUMENT_MESSAGES.wrongType,
    ],
    [
      "binary data named .txt",
      { title: "T" },
      { name: "notes.txt", bytes: Buffer.from([0x41, 0, 0xff, 0xfe]) },
      415,
      DOCUMENT_MESSAGES.wrongType,
    ],
    ["an empty file", { title: "T" }, { name: "empty.pdf", bytes: "" }, 400, DOCUMENT_MESSAGES.empty],
    ["no title", { title: "  " }, { name: "a.pdf", bytes: PDF }, 400, DOCUMENT_MESSAGES.missing],
    ["no file", { title: "Brochure" }, undefined, 400, DOCUMENT_MESSAGES.missing],
    ["an empty file input", { title: "Brochure" }, { name: "", bytes: "" }, 400, DOCUMENT_MESSAGES.missing],
  ];

  it.each(cases)("%s", async (_label, fields, file, status, message) => {
    const before = await documentCount();
    const result = await post(fields, file);
    expect(result.status).toBe(status);
    expect(result.data?.error).toBe(message);
    expect(await documentCount()).toBe(before);
    expect(files.store.keys()).toEqual([]);
  });

  it("an image whose header claims 16000×16000 pixels: the image screens' rule, not served as it came", async () => {
    const before = await documentCount();
    const bomb = await pngClaiming(16_000, 16_000);
    const result = await post({ title: "Bomb" }, { name: "scan.png", type: "image/png", bytes: bomb });
    expect(result).toMatchObject({
      status: 413,
      data: { error: IMAGE_MESSAGES.tooManyPixels(16_000, 16_000) },
    });
    // a PNG signature over a header no decoder can read is not an image either
    const broken = Buffer.concat([bomb.subarray(0, 8), Buffer.alloc(200, 0x41)]);
    const unreadable = await post({ title: "Broken" }, { name: "scan.png", bytes: broken });
    expect(unreadable).toMatchObject({ status: 415, data: { error: DOCUMENT_MESSAGES.wrongType } });
    expect(await documentCount()).toBe(before);
    expect(files.store.keys()).toEqual([]);
    // an image within the limits is still a document
    const scan = await post({ title: "Scan" }, { name: "scan.png", bytes: await pngClaiming(1200, 1600) });
    expect(scan.status).toBe(302);
    expect(await documentCount()).toBe(before + 1);
  });

  it("an oversized file", async () => {
    const before = await documentCount();
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const result = await post({ title: "Big" }, { name: "big.pdf", bytes: big });
    expect(result).toMatchObject({ status: 413, data: { error: DOCUMENT_MESSAGES.tooLarge } });
    expect(await documentCount()).toBe(before);
    expect(files.store.keys()).toEqual([]);
  });

  it("a store that cannot be written: no row", async () => {
    const blocked = path.join(os.tmpdir(), `mafunzo-blocked-${Date.now()}`);
    fs.writeFileSync(blocked, "a file where the store's folder should be");
    setStorage(createDiskStorage(blocked));
    try {
      const before = await documentCount();
      const result = await post({ title: "Brochure" }, { name: "a.pdf", bytes: PDF });
      expect(result).toMatchObject({ status: 500, data: { error: DOCUMENT_MESSAGES.failed } });
      expect(await documentCount()).toBe(before);
    } finally {
      fs.rmSync(blocked);
    }
  });

  it("a row that cannot be written: the stored object is removed", async () => {
    const tmp = path.join(files.store.root, "..", `upload-${Date.now()}.pdf`);
    fs.writeFileSync(tmp, PDF);
    const bogus = { title: "Bad", category: "not-a-category" as "brochure" };
    await expect(
      uploadDocument({ id: null, email: null, ip: "127.0.0.1", userAgent: "" }, bogus, {
        path: tmp,
        size: PDF.length,
        name: "a.pdf",
      }),
    ).rejects.toThrow();
    expect(files.store.keys()).toEqual([]);
    fs.rmSync(tmp);
  });
});

describe("deleting a document", () => {
  it("removes the row and the stored file, audited; a second delete fails cleanly", async () => {
    await post({ title: "To delete", category: "certificate" }, { name: "c.pdf", bytes: PDF });
    const row = await getLatestActiveDocument("certificate");
    const del = () =>
      action(files.admin.args("/admin/documents", { form: { intent: "delete", id: row?.id ?? "" } }));
    expect(outcome(await del())).toMatchObject({ status: 302, location: "/admin/documents" });
    expect(files.store.keys()).toEqual([]);
    expect(await getLatestActiveDocument("certificate")).toBeUndefined();
    expect((await fetchFile(row?.fileUrl ?? "")).status).toBe(404);
    const audits = await db()
      .select({ action: adminAuditLogs.action })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, row?.id ?? ""));
    expect(audits.map((a) => a.action).sort()).toEqual(["Deleted document", "Uploaded document"]);
    expect(outcome(await del())).toMatchObject({
      status: 404,
      data: { error: DOCUMENT_MESSAGES.deleteFailed },
    });
  });

  it("refuses a request without a session", async () => {
    const request = multipartRequest(
      URL,
      "",
      { intent: "upload", title: "x" },
      { name: "a.pdf", bytes: PDF },
    );
    await expect(action(routeArgs(request))).rejects.toMatchObject({ init: { status: 401 } });
    expect(files.store.keys()).toEqual([]);
  });
});

describe("public downloads", () => {
  const download = async (loader: (args: RouteArgs) => Promise<Response>, path: string) =>
    loader(routeArgs(path));

  it("serve the latest active uploaded brochure and registration form, else the generated ones", async () => {
    await db().delete(documents);
    const generated = await download(brochureLoader, "/downloads/brochure");
    expect(generated.headers.get("Content-Disposition")).toContain("mafunzo-company-brochure.pdf");
    expect((await download(formLoader, "/downloads/registration-form.pdf")).headers.get("Content-Type")).toBe(
      "application/pdf",
    );

    await post({ title: "Old brochure", category: "brochure" }, { name: "old.pdf", bytes: PDF });
    const newer = Buffer.concat([PDF, Buffer.from("% newer\n")]);
    await post({ title: "New brochure", category: "brochure" }, { name: "Brochure 2025.pdf", bytes: newer });
    const brochure = await download(brochureLoader, "/downloads/brochure");
    expect(brochure.headers.get("Content-Disposition")).toContain('filename="Brochure 2025.pdf"');
    expect(Buffer.from(await brochure.arrayBuffer()).equals(newer)).toBe(true);

    // a text file uploaded as the brochure, even one named .pdf, is not served as the brochure
    await post(
      { title: "Notes", category: "brochure" },
      { name: "brochure.pdf", bytes: "Not a PDF at all\n" },
    );
    const still = await download(brochureLoader, "/downloads/brochure");
    expect(still.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await still.arrayBuffer()).equals(newer)).toBe(true);
    await db().delete(documents).where(eq(documents.mimeType, "application/pdf"));
    const onlyText = await download(brochureLoader, "/downloads/brochure");
    expect(onlyText.headers.get("Content-Type")).toBe("application/pdf");
    expect(onlyText.headers.get("Content-Disposition")).toContain("mafunzo-company-brochure.pdf");
    expect(
      Buffer.from(await onlyText.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const docx = "Fomu ya usajili\nJina:\n";
    await post(
      { title: "Registration form", category: "form" },
      { name: "Registration Form.txt", bytes: docx },
    );
    const form = await download(formLoader, "/downloads/registration-form.pdf");
    expect(form.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await form.text()).toBe(docx);
  });
});
