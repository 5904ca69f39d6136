import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { systemSettings } from "#app/platform/db/tables.server";
import { SETTING_DEFINITIONS, type SettingKey, type SettingValues } from "#app/platform/settings/settings";

/** Every known setting, valid values only: a stored value that fails its rule reads as the default. */
export async function getSettings(executor: Executor = db()): Promise<SettingValues> {
  const rows = await executor
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings);
  const values = {} as Record<SettingKey, unknown>;
  for (const [key, definition] of Object.entries(SETTING_DEFINITIONS) as [
    SettingKey,
    (typeof SETTING_DEFINITIONS)[SettingKey],
  ][]) {
    const stored = rows.find((r) => r.key === key)?.value;
    const parsed = definition.schema.safeParse(stored);
    values[key] = parsed.success ? parsed.data : definition.defaultValue;
  }
  return values as SettingValues;
}

export async function getSetting<K extends SettingKey>(
  key: K,
  executor: Executor = db(),
): Promise<SettingValues[K]> {
  return (await getSettings(executor))[key];
}

export async function listSettingRows(executor: Executor = db()) {
  return executor
    .select({
      id: systemSettings.id,
      key: systemSettings.key,
      value: systemSettings.value,
      description: systemSettings.description,
      updatedAt: systemSettings.updatedAt,
    })
    .from(systemSettings)
    .orderBy(asc(systemSettings.key));
}

export async function setSettingValue(
  executor: Executor,
  key: SettingKey,
  value: unknown,
  updatedBy: string | null,
) {
  const [row] = await executor
    .update(systemSettings)
    .set({ value, updatedBy, updatedAt: new Date() })
    .where(eq(systemSettings.key, key))
    .returning({ id: systemSettings.id });
  return row;
}
