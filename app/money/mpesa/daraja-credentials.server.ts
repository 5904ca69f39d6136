import { eq } from "drizzle-orm";
import { darajaCredentials } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { openText, sealText } from "#app/platform/secret.server";
import type { DarajaCredentialsInput } from "./stk-schemas";

export type DarajaCredentials = {
  environment: "sandbox" | "production";
  shortcode: string;
  consumerKey: string;
  consumerSecret: string;
  passkey: string;
};

/**
 * The firm's Daraja app as stored, opened; null when none is set, or when this server's key cannot open it
 * (another SESSION_SECRET): then M-PESA Express is off until finance enters the credentials again.
 */
export async function getDarajaCredentials(executor: Executor = db()): Promise<DarajaCredentials | null> {
  const [row] = await executor.select().from(darajaCredentials).where(eq(darajaCredentials.id, 1));
  if (!row) return null;
  const consumerKey = openText("daraja-credential", row.consumerKeySealed);
  const consumerSecret = openText("daraja-credential", row.consumerSecretSealed);
  const passkey = openText("daraja-credential", row.passkeySealed);
  if (consumerKey === null || consumerSecret === null || passkey === null) return null;
  return { environment: row.environment, shortcode: row.shortcode, consumerKey, consumerSecret, passkey };
}

/** What the settings screen may show of them: never a secret, only that it is set and where it points. */
export async function darajaCredentialsSummary(executor: Executor = db()) {
  const [row] = await executor
    .select({
      environment: darajaCredentials.environment,
      shortcode: darajaCredentials.shortcode,
      updatedBy: darajaCredentials.updatedBy,
      updatedAt: darajaCredentials.updatedAt,
    })
    .from(darajaCredentials)
    .where(eq(darajaCredentials.id, 1));
  if (!row) return null;
  return { ...row, opens: (await getDarajaCredentials(executor)) !== null };
}

/**
 * Stores the credentials sealed; a secret left empty keeps the one stored (the screen never shows them back).
 * Audited without the secrets: which fields changed, not their values.
 */
export async function saveDarajaCredentials(
  actor: AuditActor,
  input: DarajaCredentialsInput,
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(darajaCredentials)
      .where(eq(darajaCredentials.id, 1))
      .for("update");
    const sealed = (given: string, kept: string | undefined) =>
      given ? sealText("daraja-credential", given) : kept;
    const consumerKeySealed = sealed(input.consumerKey, current?.consumerKeySealed);
    const consumerSecretSealed = sealed(input.consumerSecret, current?.consumerSecretSealed);
    const passkeySealed = sealed(input.passkey, current?.passkeySealed);
    if (!consumerKeySealed || !consumerSecretSealed || !passkeySealed) {
      return { ok: false, message: "Enter the consumer key, the consumer secret and the passkey." };
    }
    const values = {
      environment: input.environment,
      shortcode: input.shortcode,
      consumerKeySealed,
      consumerSecretSealed,
      passkeySealed,
      updatedBy: actor.email ?? "system",
      updatedAt: new Date(),
    };
    await tx
      .insert(darajaCredentials)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({
        target: darajaCredentials.id,
        set: values,
      });
    await recordAudit(tx, actor, {
      action: "Updated M-PESA Express credentials",
      tableName: "daraja_credentials",
      recordId: "1",
      oldValues: current ? { environment: current.environment, shortcode: current.shortcode } : null,
      newValues: {
        environment: input.environment,
        shortcode: input.shortcode,
        changed: [
          input.consumerKey && "consumer key",
          input.consumerSecret && "consumer secret",
          input.passkey && "passkey",
        ].filter(Boolean),
      },
    });
    return { ok: true };
  });
}
