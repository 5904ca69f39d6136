import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { smsCredentials } from "#app/platform/db/tables.server";
import { openText, sealText } from "#app/platform/secret.server";
import type { SmsAccount } from "./africas-talking.server";

export type SmsCredentialsInput = {
  environment: SmsAccount["environment"];
  username: string;
  senderId: string | null;
  /** empty keeps the stored key (the settings screen never shows it back) */
  apiKey: string;
};

/**
 * The firm's Africa's Talking account as stored, opened, with the secret of its callback addresses; null when
 * none is set or this server's key cannot open it (another SESSION_SECRET): SMS then wait in the outbox.
 */
export async function getSmsAccount(
  executor: Executor = db(),
): Promise<(SmsAccount & { callbackSecret: string }) | null> {
  const [row] = await executor.select().from(smsCredentials).where(eq(smsCredentials.id, 1));
  if (!row) return null;
  const apiKey = openText("sms-credential", row.apiKeySealed);
  const callbackSecret = openText("sms-credential", row.callbackSecretSealed);
  if (apiKey === null || callbackSecret === null) return null;
  return {
    environment: row.environment,
    username: row.username,
    senderId: row.senderId,
    apiKey,
    callbackSecret,
  };
}

/** Whether `given` is the secret in the SMS callback addresses; compared in constant time. */
export async function smsCallbackSecretMatches(given: string) {
  const account = await getSmsAccount();
  if (!account) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(account.callbackSecret);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** What the settings screen may show: never the key; the callback addresses once set. */
export async function smsSettingsSummary(publicUrl: string) {
  const [row] = await db().select().from(smsCredentials).where(eq(smsCredentials.id, 1));
  if (!row) return { account: null, callbackUrls: [] };
  const opened = await getSmsAccount();
  const base = `${publicUrl.replace(/\/$/, "")}/api/sms/${opened?.callbackSecret ?? ""}`;
  return {
    account: {
      environment: row.environment,
      username: row.username,
      senderId: row.senderId,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt.toISOString(),
      opens: opened !== null,
    },
    callbackUrls: opened
      ? [
          { label: "Delivery reports", url: `${base}/delivery` },
          { label: "Incoming messages (STOP replies)", url: `${base}/incoming` },
          { label: "Bulk SMS opt-out", url: `${base}/opt-out` },
        ]
      : [],
  };
}

/**
 * Stores the account with its key sealed, and a callback secret made the first time (kept afterwards, so the
 * addresses registered with Africa's Talking stay right). Audited without the key.
 */
export async function saveSmsCredentials(
  actor: AuditActor,
  input: SmsCredentialsInput,
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(smsCredentials).where(eq(smsCredentials.id, 1)).for("update");
    const apiKeySealed = input.apiKey ? sealText("sms-credential", input.apiKey) : current?.apiKeySealed;
    if (!apiKeySealed) return { ok: false, message: "Enter the API key of the Africa's Talking app." };
    const values = {
      environment: input.environment,
      username: input.username,
      senderId: input.senderId,
      apiKeySealed,
      callbackSecretSealed:
        current?.callbackSecretSealed ??
        sealText("sms-credential", crypto.randomBytes(24).toString("base64url")),
      updatedBy: actor.email ?? "system",
      updatedAt: new Date(),
    };
    await tx
      .insert(smsCredentials)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: smsCredentials.id, set: values });
    await recordAudit(tx, actor, {
      action: "Updated SMS credentials",
      tableName: "sms_credentials",
      recordId: "1",
      oldValues: current
        ? { environment: current.environment, username: current.username, sender_id: current.senderId }
        : null,
      newValues: {
        environment: input.environment,
        username: input.username,
        sender_id: input.senderId,
        changed: input.apiKey ? ["API key"] : [],
      },
    });
    return { ok: true };
  });
}
