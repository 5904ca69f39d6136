const KB = 1024;

/** An uploaded document (a brochure, a policy) and an uploaded image at most. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * KB;
export const IMAGE_MAX_BYTES = 10 * 1024 * KB;

/** The public forms are a few short fields (a group booking included): a larger body is a mistake or an attack. */
export const PUBLIC_BODY_LIMIT = 64 * KB;
/** Signing in, signing up and out: an e-mail, a password or two, a code. */
export const AUTH_BODY_LIMIT = 8 * KB;
/** Admin forms other than uploads hold at most a course's or a content section's text. */
export const ADMIN_FORM_LIMIT = 256 * KB;
/** A payment provider's callback: one transaction's JSON, about a kilobyte. */
export const CALLBACK_BODY_LIMIT = 8 * KB;
/** A write through the public API (issue 54): a booking of 50 participants is about 10 KB of JSON. */
export const API_BODY_LIMIT = 64 * KB;
/** Meta's WhatsApp webhooks batch status updates (up to a thousand, about 200 bytes each): 256 KB holds them. */
export const WHATSAPP_WEBHOOK_LIMIT = 256 * KB;
/**
 * A bank or M-PESA statement, as CSV: bounded by lines (20,000, `MAX_STATEMENT_LINES`) and by bytes. The M-PESA
 * portal's export with Details and Other Party Info filled runs to about 190 bytes a line, 3.8 MB for 20,000
 * lines; 10 MB leaves a bank's longer narratives room (500 bytes a line) and is read in well under a second
 * (decision 0707).
 */
export const STATEMENT_MAX_BYTES = 10 * 1024 * KB;
/** A meeting's participants report: a few hundred bytes a join, 1 MB holds thousands. */
export const MEETING_REPORT_MAX_BYTES = 1024 * KB;
/** Multipart framing and the text fields sent beside an uploaded file. */
const UPLOAD_OVERHEAD = 64 * KB;

const AUTH_PATHS = new Set(["/admin/login", "/admin/signup", "/admin/logout"]);
const UPLOAD_PATHS: Record<string, number> = {
  "/admin/documents": DOCUMENT_MAX_BYTES + UPLOAD_OVERHEAD,
  "/admin/images": IMAGE_MAX_BYTES + UPLOAD_OVERHEAD,
  "/admin/gallery": IMAGE_MAX_BYTES + UPLOAD_OVERHEAD,
  "/admin/clients": IMAGE_MAX_BYTES + UPLOAD_OVERHEAD,
  "/admin/facilitators": IMAGE_MAX_BYTES + UPLOAD_OVERHEAD,
  "/admin/content/portraits": IMAGE_MAX_BYTES + UPLOAD_OVERHEAD,
  "/admin/settings/letterhead": IMAGE_MAX_BYTES + UPLOAD_OVERHEAD,
  "/admin/finance/imports": STATEMENT_MAX_BYTES + UPLOAD_OVERHEAD,
  // an iTax withholding certificate's PDF (decision 0746)
  "/admin/finance/withholding": DOCUMENT_MAX_BYTES + UPLOAD_OVERHEAD,
};

/**
 * Upload screens whose path names a record: a run's NITA screen takes the signed register's scan, a booking's
 * LPO address the buyer's purchase order.
 */
const UPLOAD_PATTERNS: [RegExp, number][] = [
  [/^\/admin\/courses\/[^/]+\/runs\/[^/]+\/nita$/, DOCUMENT_MAX_BYTES + UPLOAD_OVERHEAD],
  [/^\/admin\/bookings\/[^/]+\/lpo$/, DOCUMENT_MAX_BYTES + UPLOAD_OVERHEAD],
  // a meeting's participants report (CSV), a line or two per person (decision 0825)
  [/^\/admin\/courses\/[^/]+\/runs\/[^/]+\/attendance$/, MEETING_REPORT_MAX_BYTES + UPLOAD_OVERHEAD],
];

export type BodyLimit = { bytes: number; files: boolean };

/**
 * How large a request body may be on a path, and whether it may carry a file: one table for the check
 * made on the declared length before anything is read and for the reader that counts what arrives.
 */
export function bodyLimitFor(pathname: string): BodyLimit {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "").replace(/\.data$/, "") : pathname;
  const upload = UPLOAD_PATHS[path] ?? UPLOAD_PATTERNS.find(([pattern]) => pattern.test(path))?.[1];
  if (upload !== undefined) return { bytes: upload, files: true };
  if (AUTH_PATHS.has(path)) return { bytes: AUTH_BODY_LIMIT, files: false };
  if (path === "/api/whatsapp/webhook") return { bytes: WHATSAPP_WEBHOOK_LIMIT, files: false };
  if (path.startsWith("/api/v1/")) return { bytes: API_BODY_LIMIT, files: false };
  if (path.startsWith("/api/")) return { bytes: CALLBACK_BODY_LIMIT, files: false };
  if (path === "/admin" || path.startsWith("/admin/")) return { bytes: ADMIN_FORM_LIMIT, files: false };
  return { bytes: PUBLIC_BODY_LIMIT, files: false };
}

/** "64 KB", "20.1 MB": how a limit is named in a refusal. */
export function limitText(bytes: number) {
  return bytes >= 1024 * KB ? `${Math.floor((bytes / (1024 * KB)) * 10) / 10} MB` : `${bytes / KB} KB`;
}
