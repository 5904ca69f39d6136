import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import type { MEETING_ACCOUNTS } from "#app/platform/db/enums";
import { openText, sealText } from "#app/platform/secret.server";
import { meetingAccounts } from "../tables.server";

export type MeetingAccountKind = (typeof MEETING_ACCOUNTS)[number];

/** A connected meeting account, its secret opened (decision 0826). */
export type MeetingAccount = {
  provider: MeetingAccountKind;
  accountId: string;
  clientId: string;
  clientSecret: string;
  organizer: string;
};

/** The firm's Zoom or Teams account; null when none is connected or this server's key cannot open it. */
export async function getMeetingAccount(provider: MeetingAccountKind): Promise<MeetingAccount | null> {
  const [row] = await db().select().from(meetingAccounts).where(eq(meetingAccounts.provider, provider));
  if (!row) return null;
  const clientSecret = openText("meeting-account", row.clientSecretSealed);
  if (clientSecret === null) return null;
  return {
    provider,
    accountId: row.accountId,
    clientId: row.clientId,
    clientSecret,
    organizer: row.organizer,
  };
}

/** Connects (or changes) an account, the secret sealed; an empty secret keeps the stored one. Audited without it. */
export async function saveMeetingAccount(
  actor: AuditActor,
  input: Omit<MeetingAccount, "clientSecret"> & { clientSecret: string },
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(meetingAccounts)
      .where(eq(meetingAccounts.provider, input.provider))
      .for("update");
    const clientSecretSealed = input.clientSecret
      ? sealText("meeting-account", input.clientSecret)
      : current?.clientSecretSealed;
    if (!clientSecretSealed) return { ok: false, message: "Enter the app's client secret." };
    const values = {
      accountId: input.accountId,
      clientId: input.clientId,
      clientSecretSealed,
      organizer: input.organizer,
      updatedBy: actor.email ?? "system",
      updatedAt: new Date(),
    };
    await tx
      .insert(meetingAccounts)
      .values({ provider: input.provider, ...values })
      .onConflictDoUpdate({ target: meetingAccounts.provider, set: values });
    const shown = { account_id: input.accountId, client_id: input.clientId, organizer: input.organizer };
    await recordAudit(tx, actor, {
      action: `Connected ${input.provider === "zoom" ? "Zoom" : "Microsoft Teams"}`,
      tableName: "meeting_accounts",
      recordId: input.provider,
      oldValues: current
        ? { account_id: current.accountId, client_id: current.clientId, organizer: current.organizer }
        : null,
      newValues: { ...shown, changed: input.clientSecret ? ["client secret"] : [] },
    });
    return { ok: true };
  });
}

/** What the settings screen shows of each account: never the secret. */
export async function meetingAccountsSummary() {
  const rows = await db().select().from(meetingAccounts);
  const shown = (provider: MeetingAccountKind) => {
    const row = rows.find((r) => r.provider === provider);
    return row
      ? {
          accountId: row.accountId,
          clientId: row.clientId,
          organizer: row.organizer,
          updatedBy: row.updatedBy,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null;
  };
  return { zoom: shown("zoom"), teams: shown("teams") };
}
