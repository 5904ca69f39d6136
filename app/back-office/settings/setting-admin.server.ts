import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { systemSettings } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import type { SettingKey } from "#app/platform/settings/settings";
import { goLiveRefusal } from "#app/site/index.server";
import { countAdmins, lockAdminAccounts } from "#app/staff/index.server";

export type SettingUpdate = { ok: true } | { ok: false; message: string; key?: SettingKey };

/** One setting's change and its audit row, inside the caller's transaction. */
async function writeSetting(tx: Executor, actor: AuditActor, key: SettingKey, value: unknown) {
  const [before] = await tx
    .select({ id: systemSettings.id, value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
    .for("update");
  if (!before) return { ok: false as const, key, message: "This setting does not exist" };
  // switching maintenance off puts the site live: only once the launch checklist is done or accepted (0780)
  if (key === "site_maintenance" && value === false && before.value === true) {
    const refusal = await goLiveRefusal(tx);
    if (refusal) return { ok: false as const, key, message: refusal };
  }
  if (key === "max_admin_accounts") {
    await lockAdminAccounts(tx);
    const admins = await countAdmins(tx);
    if (typeof value === "number" && value < admins) {
      return {
        ok: false as const,
        key,
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
  return { ok: true as const };
}

class Refused extends Error {
  constructor(readonly outcome: Extract<SettingUpdate, { ok: false }>) {
    super(outcome.message);
  }
}

/**
 * Saves validated setting values, each with its audit row ("Updated system setting: <key>", before and after),
 * all in one transaction: a section's save changes all of its values or none. The admin limit may not drop
 * below the number of admins that already exist.
 */
export async function updateSystemSettings(
  actor: AuditActor,
  changes: { key: SettingKey; value: unknown }[],
): Promise<SettingUpdate> {
  try {
    return await db().transaction(async (tx) => {
      for (const { key, value } of changes) {
        const written = await writeSetting(tx, actor, key, value);
        if (!written.ok) throw new Refused(written);
      }
      return { ok: true as const };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** One setting's save (the per-setting post kept for scripts and older forms). */
export async function updateSystemSetting(
  actor: AuditActor,
  key: SettingKey,
  value: unknown,
): Promise<SettingUpdate> {
  return updateSystemSettings(actor, [{ key, value }]);
}

/**
 * A new M-PESA callback secret, made here so no one has to invent one (32 URL-safe characters from 24 random
 * bytes: inside the setting's 24-to-64 rule), saved with its audit row. The old callback URLs stop answering.
 */
export async function generateCallbackSecret(actor: AuditActor): Promise<SettingUpdate> {
  return updateSystemSetting(actor, "mpesa_callback_secret", randomBytes(24).toString("base64url"));
}
