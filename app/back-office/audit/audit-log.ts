import { z } from "zod";
import { queryText } from "#app/platform/forms/query";

export const AUDIT_ACTION_TYPES = ["all", "create", "update", "delete", "login"] as const;
export type AuditActionType = (typeof AUDIT_ACTION_TYPES)[number];

export const AUDIT_PAGE_SIZE = 100;

/**
 * Spec §5: the action type is a case-insensitive substring of the action text. Our action texts also say
 * "Added"/"Removed" (e.g. "Added administrator"), which hold neither "create" nor "delete", so those words
 * count as create and delete (docs/decisions/0302-audit-action-mapping.md).
 */
export const ACTION_TYPE_WORDS: Record<
  Exclude<AuditActionType, "all">,
  { substrings: string[]; words: string[] }
> = {
  create: { substrings: ["create"], words: ["add", "added", "adds"] },
  update: { substrings: ["update"], words: [] },
  delete: { substrings: ["delete"], words: ["remove", "removed", "removes"] },
  login: { substrings: ["login"], words: [] },
};

const text = queryText()
  .optional()
  .transform((v) => v || undefined);

/** The filters in the audit-log URL; a bad value reads as "no filter" rather than an error page. */
export const AuditLogFilterSchema = z.object({
  q: text,
  action: z.enum(AUDIT_ACTION_TYPES).catch("all").default("all"),
  table: text,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type AuditLogFilter = z.output<typeof AuditLogFilterSchema>;

export function parseAuditLogFilter(params: URLSearchParams): AuditLogFilter {
  return AuditLogFilterSchema.parse(Object.fromEntries(params));
}

/** The record id as the spec shows it: its first 8 characters and an ellipsis. */
export function shortRecordId(id: string | null) {
  if (!id) return "—";
  return id.length > 8 ? `${id.slice(0, 8)}...` : id;
}
