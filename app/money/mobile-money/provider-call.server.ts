import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";

export type ProviderReply = { status: number; body: unknown } | { kind: "unreachable"; message: string };

/**
 * One HTTP call to a mobile-money provider, bounded by MOBILE_MONEY_TIMEOUT_SECONDS: its status and JSON body
 * (null when it had none or none we can read), or `unreachable` when it timed out or could not be reached.
 */
export async function providerCall(provider: string, url: string, init: RequestInit): Promise<ProviderReply> {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(env().MOBILE_MONEY_TIMEOUT_SECONDS * 1000),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    logger.warn({ url, err: error }, `${provider} did not answer`);
    return {
      kind: "unreachable",
      message: timedOut ? `${provider} did not answer in time.` : `${provider} could not be reached.`,
    };
  }
}

/** A bearer token cache per account, refreshed a minute before the provider says it expires. */
export function tokenCache() {
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  return {
    get: (key: string, at: number) => {
      const cached = tokens.get(key);
      return cached && cached.expiresAt - 60_000 > at ? cached.token : null;
    },
    set: (key: string, token: string, expiresAt: number) => tokens.set(key, { token, expiresAt }),
    clear: () => tokens.clear(),
  };
}
