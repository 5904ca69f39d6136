import crypto from "node:crypto";

/** Bytes drawn from the system's random source at a time; a slice is handed out for each call. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * `size` cryptographically random bytes, as `crypto.randomBytes` gives them. Every response draws 16 for its CSP
 * nonce and every form 16 for its key: one call to the random source for each cost 6-10 µs, so the bytes come
 * from a pool drawn 4 kB at a time (as Node does for `randomUUID`). A slice is never handed out twice, and a
 * new pool is a new buffer, so a slice stays as it was given.
 */
export function randomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return crypto.randomBytes(size);
  if (used + size > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    used = 0;
  }
  const bytes = pool.subarray(used, used + size);
  used += size;
  return bytes;
}
