import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import type { SiteContent } from "#app/site/seed/site-content";
import { getSiteContentValue, setSiteContent } from "./site-content.server";

/** Replaces one section of the site copy; the audit row keeps the section before and after. */
export async function updateSiteContentSection<K extends keyof SiteContent>(
  actor: AuditActor,
  key: K,
  value: SiteContent[K],
) {
  await db().transaction(async (tx) => {
    const before = await getSiteContentValue(tx, key);
    await setSiteContent(tx, key, value, actor.id);
    await recordAudit(tx, actor, {
      action: `Updated site content: ${key}`,
      tableName: "site_content",
      recordId: key,
      oldValues: before,
      newValues: value,
    });
  });
}
