import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

let cached: string | undefined;

/**
 * SESSION_SECRET when set; otherwise a secret generated once and kept in DATA_DIR, so sessions survive restarts.
 * Several processes that do not share DATA_DIR must be given the same SESSION_SECRET.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  const config = env();
  if (config.SESSION_SECRET) {
    cached = config.SESSION_SECRET;
    return cached;
  }
  const file = path.join(config.DATA_DIR, "session-secret");
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  cached = fs.readFileSync(file, "utf8").trim();
  return cached;
}

/*
 * Personal data sealed at rest (decision 0637): AES-256-GCM under a key derived (HKDF) from the server secret and
 * the value's purpose, so a key of one purpose opens nothing of another. A sealed value reads
 * `seal1:<iv>.<tag>.<ciphertext>` (base64url): the prefix names the format's version, and says at a glance, in
 * SQL too, which values are sealed; what a person typed is never that long with that shape.
 */
export const SEALED_PREFIX = "seal1:";
const SEALED_SHAPE = /^seal1:([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]*)$/;

export type SealPurpose =
  | "id-number"
  | "daraja-credential"
  | "mobile-money-credential"
  | "etims-cmc-key"
  | "sms-credential"
  | "whatsapp-credential"
  | "webhook-secret"
  | "meeting-account";

const sealKeys = new Map<string, Buffer>();
function sealKey(purpose: SealPurpose) {
  const secret = sessionSecret();
  const cacheKey = `${purpose}\0${secret}`;
  let key = sealKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "", `mafunzo sealed ${purpose} v1`, 32));
    sealKeys.set(cacheKey, key);
  }
  return key;
}

export const isSealed = (value: string) => SEALED_SHAPE.test(value);

export function sealText(purpose: SealPurpose, text: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey(purpose), iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `${SEALED_PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".")}`;
}

/**
 * The text a sealed value holds, or null when this server's key does not open it (sealed under another secret,
 * or altered). A value that is not sealed at all is returned as it is: a row written before sealing, which the
 * start-up step seals (decision 0637).
 */
export function openText(purpose: SealPurpose, value: string): string | null {
  const parts = SEALED_SHAPE.exec(value);
  if (!parts) return value;
  const [iv, tag, body] = parts.slice(1).map((part) => Buffer.from(part, "base64url")) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealKey(purpose), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
