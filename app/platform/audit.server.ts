import type { Executor } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";

/** Who did something and from where; built by requireAdmin, or from the request for anonymous events. */
export type AuditActor = {
  id: string | null;
  email: string | null;
  /** The roles a staff member acted under; none for the public and the system. */
  roles?: readonly string[];
  ip: string;
  userAgent: string;
};

export type AuditEntry = {
  action: string;
  tableName: string;
  recordId?: string | null;
  oldValues?: unknown;
  newValues?: unknown;
};

/**
 * Writes an audit row. Pass the change's transaction, so the change and its record land together or not at all.
 * Action text is human-readable and contains its verb ("Created course", "Admin login").
 */
export async function recordAudit(executor: Executor, actor: AuditActor, entry: AuditEntry) {
  await recordAudits(executor, actor, [entry]);
}

/** Writes the audit rows of many changes by one actor in one statement (a statement import's payments). */
export async function recordAudits(executor: Executor, actor: AuditActor, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await executor.insert(adminAuditLogs).values(
    entries.map((entry) => ({
      actorId: actor.id,
      actorEmail: actor.email,
      actorRoles: actor.roles?.length ? actor.roles.join(",") : null,
      action: entry.action,
      tableName: entry.tableName,
      recordId: entry.recordId ?? null,
      oldValues: entry.oldValues ?? null,
      newValues: entry.newValues ?? null,
      ip: actor.ip,
      userAgent: actor.userAgent.slice(0, 500),
    })),
  );
}
