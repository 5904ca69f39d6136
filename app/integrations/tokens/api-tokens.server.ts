import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { now } from "#app/utils/clock";
import { randomBytes } from "#app/utils/random-bytes.server";
import type { ApiScope } from "../scopes";
import { apiTokens } from "../tables.server";

/** What a token looks like: a fixed prefix (so a leaked one is recognised by scanners) and 32 random bytes. */
const TOKEN_PREFIX = "mfz_";
const TOKEN_PATTERN = /^mfz_[A-Za-z0-9_-]{43}$/;

export const hashApiToken = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

export type ApiTokenRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** Every token, newest first, revoked ones included (they are kept, never deleted). */
export function listApiTokens(): Promise<ApiTokenRow[]> {
  return db()
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/**
 * Makes a token and answers its secret, which is shown once: only its hash is stored. The audit row names the
 * token and its scopes, never the secret.
 */
export async function createApiToken(actor: AuditActor, input: { name: string; scopes: ApiScope[] }) {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const scopes = [...new Set(input.scopes)].sort();
  const row = await db().transaction(async (tx) => {
    const [created] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        prefix: token.slice(0, 10),
        tokenHash: hashApiToken(token),
        scopes,
        createdBy: actor.id,
      })
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!created) throw new Error("api token not stored");
    await recordAudit(tx, actor, {
      action: "Created API token",
      tableName: "api_tokens",
      recordId: created.id,
      newValues: { name: input.name, scopes },
    });
    return created;
  });
  return { id: row.id, name: row.name, token, scopes };
}

/** Revokes a token at once: its next request is answered 401. A token already revoked stays as it was. */
export async function revokeApiToken(actor: AuditActor, id: string) {
  return db().transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: now(), revokedBy: actor.id })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!revoked) {
      const [kept] = await tx.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.id, id));
      return kept
        ? ({ ok: false, status: 409, message: "This token was already revoked." } as const)
        : ({ ok: false, status: 404, message: "There is no such token." } as const);
    }
    await recordAudit(tx, actor, {
      action: "Revoked API token",
      tableName: "api_tokens",
      recordId: revoked.id,
      oldValues: { revokedAt: null },
      newValues: { name: revoked.name, revoked: true },
    });
    return { ok: true, name: revoked.name } as const;
  });
}

export type ApiCaller = { tokenId: string; name: string; scopes: string[] };

/** The live token a bearer header carries, or null (missing, malformed, unknown or revoked). */
export async function authenticateBearer(header: string | null): Promise<ApiCaller | null> {
  const match = header?.match(/^Bearer +(\S+)$/i);
  const token = match?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db()
    .select({ tokenId: apiTokens.id, name: apiTokens.name, scopes: apiTokens.scopes })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashApiToken(token)), isNull(apiTokens.revokedAt)));
  return row ?? null;
}

/** One use of a token, audited (issue 54: "each use audited") with what it asked and what it was answered. */
export async function recordTokenUse(
  caller: ApiCaller,
  actor: AuditActor,
  use: { method: string; path: string; status: number },
) {
  await db().transaction(async (tx) => {
    await tx.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, caller.tokenId));
    await recordAudit(tx, actor, {
      action: `Used API token: ${use.method} ${use.path}`,
      tableName: "api_tokens",
      recordId: caller.tokenId,
      newValues: { token: caller.name, status: use.status },
    });
  });
}
