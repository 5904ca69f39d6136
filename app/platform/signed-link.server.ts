import crypto from "node:crypto";
import { env } from "./env.server";
import { sessionSecret } from "./secret.server";

/**
 * Links a client opens without signing in (an invoice, a receipt): the record's id with an HMAC of it under
 * the server's secret. Unguessable without the secret, and nothing to store or expire.
 */
function signature(purpose: string, id: string) {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`${purpose}:${id}`)
    .digest("base64url")
    .slice(0, 32);
}

export function signedPath(purpose: string, base: string, id: string) {
  return `${base}/${id}/${signature(purpose, id)}`;
}

export function signedUrl(purpose: string, base: string, id: string) {
  return `${env().PUBLIC_URL}${signedPath(purpose, base, id)}`;
}

export function verifySignature(purpose: string, id: string, given: string) {
  const expected = Buffer.from(signature(purpose, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
