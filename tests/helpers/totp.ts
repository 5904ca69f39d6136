import crypto from "node:crypto";

// An authenticator app for end-to-end tests, written from RFC 6238 apart from the app's own code, so a
// mistake in one is not repeated in the other.

function fromBase32(text: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/\s/g, "").toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => Number.parseInt(b, 2)));
}

/** The 6-digit code at `atMs` (the server's clock, which a test may have moved). */
export function authenticatorCode(secret: string, atMs: number) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = crypto.createHmac("sha1", fromBase32(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
