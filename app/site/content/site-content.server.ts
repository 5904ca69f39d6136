import { eq, inArray, max } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { type SiteContent, seedSiteContent } from "#app/site/seed/site-content";
import { siteContent } from "#app/site/tables.server";

export type SiteContentKey = keyof SiteContent;

/** Reads site copy; a key never saved falls back to the seeded text so pages always render. */
export async function getSiteContent<K extends SiteContentKey>(
  keys: readonly K[],
): Promise<Pick<SiteContent, K>> {
  const rows = await db()
    .select({ key: siteContent.key, value: siteContent.value })
    .from(siteContent)
    .where(inArray(siteContent.key, keys as readonly string[] as string[]));
  const result = {} as Pick<SiteContent, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    result[key] = (row?.value ?? seedSiteContent[key]) as SiteContent[K];
  }
  return result;
}

export async function setSiteContent<K extends SiteContentKey>(
  executor: Executor,
  key: K,
  value: SiteContent[K],
  updatedBy: string | null,
) {
  await executor
    .insert(siteContent)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedBy, updatedAt: new Date() } });
}

export async function getSiteContentValue<K extends SiteContentKey>(executor: Executor, key: K) {
  const [row] = await executor
    .select({ value: siteContent.value })
    .from(siteContent)
    .where(eq(siteContent.key, key));
  return (row?.value ?? seedSiteContent[key]) as SiteContent[K];
}

/** When any site copy last changed, for the sitemap's lastmod. */
export async function getSiteContentUpdatedAt(executor: Executor = db()) {
  const [row] = await executor.select({ at: max(siteContent.updatedAt) }).from(siteContent);
  return row?.at ?? null;
}
