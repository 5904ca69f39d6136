import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { whatsappCredentials, whatsappTemplates } from "#app/platform/db/tables.server";
import { openText, sealText } from "#app/platform/secret.server";
import type { WhatsAppAccount } from "./cloud-api.server";
import { WHATSAPP_TEMPLATES, type WhatsAppMoment } from "./templates";

export type WhatsAppCredentialsInput = {
  graphVersion: string;
  phoneNumberId: string;
  /** empty keeps the stored one (the settings never show them back) */
  accessToken: string;
  appSecret: string;
};

/**
 * The firm's WhatsApp number as stored, opened, with the app secret that signs Meta's webhooks and the verify
 * token of its subscription; null when none is set or this server's key cannot open it: messages then wait.
 */
export async function getWhatsAppAccount(
  executor: Executor = db(),
): Promise<(WhatsAppAccount & { appSecret: string; verifyToken: string }) | null> {
  const [row] = await executor.select().from(whatsappCredentials).where(eq(whatsappCredentials.id, 1));
  if (!row) return null;
  const accessToken = openText("whatsapp-credential", row.accessTokenSealed);
  const appSecret = openText("whatsapp-credential", row.appSecretSealed);
  const verifyToken = openText("whatsapp-credential", row.verifyTokenSealed);
  if (accessToken === null || appSecret === null || verifyToken === null) return null;
  return {
    graphVersion: row.graphVersion,
    phoneNumberId: row.phoneNumberId,
    accessToken,
    appSecret,
    verifyToken,
  };
}

/** What the settings screen may show: never the token or the app secret; the webhook address and verify token. */
export async function whatsappSettingsSummary(publicUrl: string) {
  const [row] = await db().select().from(whatsappCredentials).where(eq(whatsappCredentials.id, 1));
  const templates = await whatsappTemplateNames();
  if (!row) return { account: null, webhook: null, templates };
  const opened = await getWhatsAppAccount();
  return {
    account: {
      graphVersion: row.graphVersion,
      phoneNumberId: row.phoneNumberId,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt.toISOString(),
      opens: opened !== null,
    },
    // the verify token is entered in Meta's dashboard beside the address; it proves nothing once subscribed
    webhook: opened
      ? { url: `${publicUrl.replace(/\/$/, "")}/api/whatsapp/webhook`, verifyToken: opened.verifyToken }
      : null,
    templates,
  };
}

/**
 * Stores the number with its token and app secret sealed, and a verify token made the first time (kept, so the
 * webhook subscribed in Meta's dashboard stays right). Audited without the secrets.
 */
export async function saveWhatsAppCredentials(
  actor: AuditActor,
  input: WhatsAppCredentialsInput,
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(whatsappCredentials)
      .where(eq(whatsappCredentials.id, 1))
      .for("update");
    const accessTokenSealed = input.accessToken
      ? sealText("whatsapp-credential", input.accessToken)
      : current?.accessTokenSealed;
    const appSecretSealed = input.appSecret
      ? sealText("whatsapp-credential", input.appSecret)
      : current?.appSecretSealed;
    if (!accessTokenSealed) return { ok: false, message: "Enter the access token of the WhatsApp app." };
    if (!appSecretSealed) return { ok: false, message: "Enter the app secret of the WhatsApp app." };
    const values = {
      graphVersion: input.graphVersion,
      phoneNumberId: input.phoneNumberId,
      accessTokenSealed,
      appSecretSealed,
      verifyTokenSealed:
        current?.verifyTokenSealed ??
        sealText("whatsapp-credential", crypto.randomBytes(24).toString("base64url")),
      updatedBy: actor.email ?? "system",
      updatedAt: new Date(),
    };
    await tx
      .insert(whatsappCredentials)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: whatsappCredentials.id, set: values });
    await recordAudit(tx, actor, {
      action: "Updated WhatsApp credentials",
      tableName: "whatsapp_credentials",
      recordId: "1",
      oldValues: current
        ? { graph_version: current.graphVersion, phone_number_id: current.phoneNumberId }
        : null,
      newValues: {
        graph_version: input.graphVersion,
        phone_number_id: input.phoneNumberId,
        changed: [input.accessToken ? "access token" : null, input.appSecret ? "app secret" : null].filter(
          Boolean,
        ),
      },
    });
    return { ok: true };
  });
}

/** The approved template named for each moment, or null for a moment with none (not sent on WhatsApp). */
export async function whatsappTemplateNames(executor: Executor = db()) {
  const rows = await executor.select().from(whatsappTemplates);
  const named = new Map(rows.map((row) => [row.moment, row]));
  return (Object.keys(WHATSAPP_TEMPLATES) as WhatsAppMoment[]).map((moment) => ({
    moment,
    ...WHATSAPP_TEMPLATES[moment],
    template: named.get(moment)
      ? { name: named.get(moment)?.name ?? "", language: named.get(moment)?.language ?? "" }
      : null,
  }));
}

/** Names the approved template of a moment (null: the moment is not sent on WhatsApp). Audited. */
export async function nameWhatsAppTemplate(
  actor: AuditActor,
  moment: WhatsAppMoment,
  template: { name: string; language: string } | null,
) {
  await db().transaction(async (tx) => {
    const [current] = await tx.select().from(whatsappTemplates).where(eq(whatsappTemplates.moment, moment));
    // saving the settings names every moment: one unchanged is not audited again
    if (current?.name === template?.name && current?.language === template?.language) return;
    if (template) {
      const values = { ...template, updatedBy: actor.email ?? "system", updatedAt: new Date() };
      await tx
        .insert(whatsappTemplates)
        .values({ moment, ...values })
        .onConflictDoUpdate({ target: whatsappTemplates.moment, set: values });
    } else {
      await tx.delete(whatsappTemplates).where(eq(whatsappTemplates.moment, moment));
    }
    await recordAudit(tx, actor, {
      action: "Named WhatsApp template",
      tableName: "whatsapp_templates",
      recordId: moment,
      oldValues: current ? { name: current.name, language: current.language } : null,
      newValues: template,
    });
  });
}
