const EXTENSION_ALIASES: Record<string, string[]> = { jpg: ["jpg", "jpeg"] };

/**
 * The uploaded name made safe to keep and to show: no folders, no control or reserved characters,
 * and an extension that matches the content we detected (a PDF named `report.exe` downloads as `report.exe.pdf`).
 */
export function safeFileName(name: string, ext: string, fallback = "document") {
  const base = name.split(/[/\\]/).pop() ?? "";
  let clean = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 150)
    .trim();
  const current = clean.includes(".") ? clean.slice(clean.lastIndexOf(".") + 1).toLowerCase() : "";
  const accepted = EXTENSION_ALIASES[ext] ?? [ext];
  if (!accepted.includes(current)) clean = `${clean || fallback}.${ext}`;
  return clean;
}

/** A URL path segment for a file name (the name is decoration: the id finds the file). */
export function fileNameSlug(name: string) {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/-+\./g, ".")
    .replace(/^[-.]+|[-.]+$/g, "");
  return slug || "file";
}

/** RFC 6266 / RFC 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(type: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Spec §9: bytes / 1024 / 1024 to two decimals. */
export function formatMegabytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
