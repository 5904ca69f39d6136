import crypto from "node:crypto";
import { randomBytes } from "#app/utils/random-bytes.server";

// Standard Webhooks signatures (https://www.standardwebhooks.com, spec/standard-webhooks.md, decision 0820):
// the secret is `whsec_` and the base64 of its key bytes; the signature is `v1,` and the base64 of the
// HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under those key bytes. Several signatures are sent
// space-separated; a receiver accepts a delivery when any of them verifies.

const SECRET_PREFIX = "whsec_";

/** A new signing secret: 32 random bytes, as the specification's `whsec_<base64>`. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

function keyOf(secret: string) {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("a webhook secret starts with whsec_");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

/** The `v1,<base64>` signature of one message under one secret. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string) {
  const mac = crypto
    .createHmac("sha256", keyOf(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}

/** The three headers of a delivery, signed by every secret given (two during a rotation). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
) {
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(" "),
  };
}
