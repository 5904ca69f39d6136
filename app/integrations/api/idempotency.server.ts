import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "#app/platform/db/client.server";
import { now } from "#app/utils/clock";
import { apiIdempotencyKeys } from "../tables.server";

/** A key answers its replays for a day (decision 0802): a client retries within minutes; then the key is new again. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

export type Claim =
  | { state: "new" }
  | { state: "running" }
  | { state: "done"; status: number; body: unknown }
  | { state: "mismatch" };

export const fingerprintOf = (method: string, path: string, body: Uint8Array) =>
  `${method} ${path} ${crypto.createHash("sha256").update(body).digest("base64url")}`;

/** Claims `key` for this token's request, or says what the first request with it did or is doing. */
export async function claimKey(tokenId: string, key: string, fingerprint: string): Promise<Claim> {
  const [claimed] = await db()
    .insert(apiIdempotencyKeys)
    .values({ tokenId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  if (claimed) return { state: "new" };
  const [first] = await db()
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
  if (!first) return claimKey(tokenId, key, fingerprint);
  if (first.state === "done" && now().getTime() - first.createdAt.getTime() > IDEMPOTENCY_KEEP_MS) {
    await releaseKey(tokenId, key);
    return claimKey(tokenId, key, fingerprint);
  }
  if (first.fingerprint !== fingerprint) return { state: "mismatch" };
  if (first.state === "running") return { state: "running" };
  return { state: "done", status: first.status ?? 200, body: first.body };
}

/** The first request's answer, kept for its replays. */
export async function finishKey(tokenId: string, key: string, status: number, body: unknown) {
  await db()
    .update(apiIdempotencyKeys)
    .set({ state: "done", status, body })
    .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
}

/** A first request that failed unexpectedly: its key is freed, so the retry is tried afresh. */
export async function releaseKey(tokenId: string, key: string) {
  await db()
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
}
