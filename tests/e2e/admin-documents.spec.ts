import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { holdRequests } from "../helpers/held-requests";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(400)]);

const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openUploadForm(page: Page) {
  await page.goto("/admin/documents");
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("heading", { name: "Upload New Document" })).toBeVisible();
}

async function upload(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await openUploadForm(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("form");
  await page.getByLabel("Description").fill(`${title} description`);
  await page.getByLabel("File").setInputFiles(file);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test("the upload form opens and closes, and checks its input", async ({ page }) => {
  await page.goto("/admin/documents");
  await expect(page.getByRole("heading", { level: 1, name: "Document Management" })).toBeVisible();
  const toggle = page.getByRole("button", { name: "Upload Document" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Category")).toHaveValue("brochure");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(message(page, "Please provide a title and select a file.")).toBeVisible();

  await page.getByLabel("Title").fill("Too big");
  await page.getByLabel("File").setInputFiles({
    name: "big.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(message(page, "The file is larger than the 20 MB limit.")).toBeVisible();

  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Upload New Document" })).toHaveCount(0);
});

test("a file that is not what its name says is refused and nothing is listed", async ({ page }) => {
  const title = `Fake invoice ${Date.now()}`;
  await upload(page, title, { name: "invoice.pdf", mimeType: "application/pdf", buffer: EXE });
  await expect(
    message(
      page,
      "This file type is not accepted. Please upload a PDF, Word (DOC or DOCX), plain text, JPG or PNG file.",
    ),
  ).toBeVisible();
  // the values stay for another try
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.goto("/admin/documents");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("upload, list, download and delete a document", async ({ page }) => {
  const title = `Registration Form ${Date.now()}`;
  // hold the request so the sending state can be seen
  const answer = await holdRequests(page, "**/admin/documents*", "POST");
  await upload(page, title, { name: "Fomu ya Usajili.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
  answer();
  await expect(message(page, "Document uploaded successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upload New Document" })).toHaveCount(0);

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText("active");
  await expect(card).toContainText("Form");
  await expect(card).toContainText(`${title} description`);
  await expect(card).toContainText("Fomu ya Usajili.pdf");
  await expect(card).toContainText("0.00 MB");
  await expectNoSeriousA11yViolations(page);

  const link = card.getByRole("link", { name: /Download/ });
  await expect(link).toHaveAttribute("target", "_blank");
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/files\/[0-9a-f-]{36}\/fomu-ya-usajili\.pdf$/);
  // the link opens a new tab that requests the file (headless Chromium may save a PDF rather than show it)
  const popupPromise = page.waitForEvent("popup");
  const requested = page.context().waitForEvent("request", (r) => new URL(r.url()).pathname === href);
  await link.click();
  await requested;
  await (await popupPromise).close();
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-disposition"]).toContain("filename*=UTF-8''Fomu%20ya%20Usajili.pdf");
  expect(Buffer.from(await response.body()).equals(PDF)).toBe(true);

  // dismissing the confirmation keeps the document
  page.once("dialog", (dialog) => dialog.dismiss());
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(card).toBeVisible();

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Are you sure you want to delete this document?");
    void dialog.accept();
  });
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(message(page, "Document deleted successfully")).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(href)).status()).toBe(404);
});

test("with no documents the page says so", async ({ page }) => {
  await page.goto("/admin/documents");
  // this spec is the only one that creates documents: clear whatever an earlier test left
  const deleteButtons = page.getByRole("button", { name: /^Delete / });
  page.on("dialog", (dialog) => void dialog.accept());
  while ((await deleteButtons.count()) > 0) {
    const before = await deleteButtons.count();
    await deleteButtons.first().click();
    await expect(deleteButtons).toHaveCount(before - 1);
  }
  await expect(
    page.getByText("No documents uploaded yet. Upload your first document to get started."),
  ).toBeVisible();
});
