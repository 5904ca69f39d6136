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
