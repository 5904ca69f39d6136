import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { systemSettings } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import type { SettingKey } from "#app/platform/settings/settings";
import { goLiveRefusal } from "#app/site/index.server";
import { countAdmins, lockAdminAccounts } from "#app/staff/index.server";

export type SettingUpdate = { ok: true } | { ok: false; message: string };

/**
 * Saves a validated setting value with its audit row ("Updated system setting: <key>", before and after)
 * in one transaction. The admin limit may not drop below the number of admins that already exist.
 */
export async function updateSystemSetting(
  actor: AuditActor,
  key: SettingKey,
  value: unknown,
): Promise<SettingUpdate> {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ id: systemSettings.id, value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, key))
      .for("update");
    if (!before) return { ok: false, message: "This setting does not exist" };
    // switching maintenance off puts the site live: only once the launch checklist is done or accepted (0780)
    if (key === "site_maintenance" && value === false && before.value === true) {
      const refusal = await goLiveRefusal(tx);
      if (refusal) return { ok: false, message: refusal };
    }
    if (key === "max_admin_accounts") {
      await lockAdminAccounts(tx);
      const admins = await countAdmins(tx);
      if (typeof value === "number" && value < admins) {
        return {
          ok: false,
          message: `There are already ${admins} administrator accounts; remove some before lowering the limit`,
        };
      }
    }
    await setSettingValue(tx, key, value, actor.id);
    await recordAudit(tx, actor, {
      action: `Updated system setting: ${key}`,
      tableName: "system_settings",
      recordId: before.id,
      oldValues: { key, value: before.value },
      newValues: { key, value },
    });
    return { ok: true };
  });
}
