import { describe, expect, it } from "vitest";
import { contentDisposition, fileNameSlug, formatMegabytes, safeFileName } from "./file-name";

describe("safeFileName", () => {
  it("keeps an ordinary name", () => {
    expect(safeFileName("Company Brochure 2025.pdf", "pdf")).toBe("Company Brochure 2025.pdf");
    expect(safeFileName("photo.JPEG", "jpg")).toBe("photo.JPEG");
  });

  it("drops folders, reserved characters and leading dots", () => {
    expect(safeFileName("../../etc/passwd", "txt")).toBe("passwd.txt");
    expect(safeFileName("C:\\Users\\x\\<script>.pdf", "pdf")).toBe("script.pdf");
    expect(safeFileName("..\u0000\u202e.pdf", "pdf")).toBe("pdf.pdf");
    expect(safeFileName("", "pdf")).toBe("document.pdf");
  });

  it("makes the extension match the content", () => {
    expect(safeFileName("setup.exe", "pdf")).toBe("setup.exe.pdf");
    expect(safeFileName("notes", "txt")).toBe("notes.txt");
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("attachment", 'Ripoti "ya" Mwaka – 2025.pdf')).toBe(
      "attachment; filename=\"Ripoti _ya_ Mwaka _ 2025.pdf\"; filename*=UTF-8''Ripoti%20%22ya%22%20Mwaka%20%E2%80%93%202025.pdf",
    );
  });
});

describe("fileNameSlug and formatMegabytes", () => {
  it("slugs names for links and shows sizes as the spec does", () => {
    expect(fileNameSlug("Ripoti ya Mwaka (2025).pdf")).toBe("ripoti-ya-mwaka-2025.pdf");
    expect(fileNameSlug("<script>")).toBe("script");
    expect(formatMegabytes(1_572_864)).toBe("1.50 MB");
    expect(formatMegabytes(1000)).toBe("0.00 MB");
  });
});
