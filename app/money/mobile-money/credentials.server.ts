import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { mobileMoneyCredentials } from "#app/money/tables.server";
import type { OfficeCode } from "#app/offices/index";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { PROMPT_ENVIRONMENTS, PROMPT_PROVIDERS } from "#app/platform/db/enums";
import { openText, sealText } from "#app/platform/secret.server";

export type PromptProvider = (typeof PROMPT_PROVIDERS)[number];

/**
 * An office's account with a provider, opened (decision 0816). MTN: `keyId` the API user, secrets `apiKey` and
 * `subscriptionKey`. Airtel: `keyId` the client id, secrets `clientSecret` and, when "callback with
 * authentication" is on, `callbackKey`.
 */
export type MobileMoneyCredentials = {
  office: OfficeCode;
  provider: PromptProvider;
  environment: (typeof PROMPT_ENVIRONMENTS)[number];
  keyId: string;
  secrets: { apiKey?: string; subscriptionKey?: string; clientSecret?: string; callbackKey?: string };
};

const Secrets = z.object({
  apiKey: z.string().optional(),
  subscriptionKey: z.string().optional(),
  clientSecret: z.string().optional(),
  callbackKey: z.string().optional(),
});
const REQUIRED: Record<PromptProvider, (keyof MobileMoneyCredentials["secrets"])[]> = {
  mtn_momo: ["apiKey", "subscriptionKey"],
  airtel_money: ["clientSecret"],
};

/** The office's account with the provider; null when none is set or this server's key cannot open it. */
export async function getMobileMoneyCredentials(
  office: OfficeCode,
  provider: PromptProvider,
  executor: Executor = db(),
): Promise<MobileMoneyCredentials | null> {
  const [row] = await executor
    .select()
    .from(mobileMoneyCredentials)
    .where(and(eq(mobileMoneyCredentials.office, office), eq(mobileMoneyCredentials.provider, provider)));
  if (!row) return null;
  const opened = openText("mobile-money-credential", row.secretsSealed);
  if (opened === null) return null;
  const secrets = Secrets.safeParse(JSON.parse(opened));
  if (!secrets.success) return null;
  return { office, provider, environment: row.environment, keyId: row.keyId, secrets: secrets.data };
}

/**
 * Stores an office's account sealed; a secret left empty keeps the one stored (a screen never shows them back).
 * Audited without the secrets: which changed, not their values.
 */
export async function saveMobileMoneyCredentials(
  actor: AuditActor,
  input: Omit<MobileMoneyCredentials, "secrets"> & { secrets: MobileMoneyCredentials["secrets"] },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const current = await getMobileMoneyCredentials(input.office, input.provider);
  const given = Object.fromEntries(Object.entries(input.secrets).filter(([, value]) => value));
  const secrets = { ...current?.secrets, ...given };
  const missing = REQUIRED[input.provider].filter((name) => !secrets[name]);
  if (missing.length > 0 || !input.keyId.trim()) {
    return { ok: false, message: `Enter the key id and ${REQUIRED[input.provider].join(" and ")}.` };
  }
  const values = {
    environment: input.environment,
    keyId: input.keyId.trim(),
    secretsSealed: sealText("mobile-money-credential", JSON.stringify(secrets)),
    updatedBy: actor.email ?? "system",
    updatedAt: new Date(),
  };
  await db().transaction(async (tx) => {
    await tx
      .insert(mobileMoneyCredentials)
      .values({ office: input.office, provider: input.provider, ...values })
      .onConflictDoUpdate({
        target: [mobileMoneyCredentials.office, mobileMoneyCredentials.provider],
        set: values,
      });
    await recordAudit(tx, actor, {
      action: "Updated mobile-money credentials",
      tableName: "mobile_money_credentials",
      recordId: `${input.office}:${input.provider}`,
      newValues: { environment: input.environment, keyId: values.keyId, changed: Object.keys(given) },
    });
  });
  return { ok: true };
}

/** The offices' accounts as the Selling offices page shows them: never a secret, only where each points. */
export async function mobileMoneyAccounts(executor: Executor = db()) {
  const rows = await executor
    .select({
      office: mobileMoneyCredentials.office,
      provider: mobileMoneyCredentials.provider,
      environment: mobileMoneyCredentials.environment,
      keyId: mobileMoneyCredentials.keyId,
      updatedBy: mobileMoneyCredentials.updatedBy,
      updatedAt: mobileMoneyCredentials.updatedAt,
    })
    .from(mobileMoneyCredentials);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      opens: (await getMobileMoneyCredentials(row.office, row.provider, executor)) !== null,
    })),
  );
}
