import crypto from "node:crypto";
import { sessionSecret } from "../secret.server";

// The token is bound to one form key: it confirms that submission only, and the key stays the idempotency key
// of the confirmed post, so confirming twice still stores one row.
export function confirmToken(formKey: string) {
  return crypto.createHmac("sha256", sessionSecret()).update(`form-confirm:${formKey}`).digest("base64url");
}

export function isConfirmed(formKey: string, token: string) {
  const given = Buffer.from(token);
  const expected = Buffer.from(confirmToken(formKey));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
