import { eq, sql } from "drizzle-orm";
import { db, type Executor, getDatabaseHandle } from "#app/platform/db/client.server";
import { publicDataVersion } from "#app/site/tables.server";
import { today } from "#app/utils/dates";

/*
 * What public pages read (settings, site copy, courses and runs, testimonials, images), kept in memory for as
 * long as the database's public data version stays the same (decision 0600). A trigger raises the version in
 * every transaction that writes one of those tables, so a change made through any process is seen by the next
 * request of every process: each request reads the version once before its loaders run. On PGlite this process
 * is the only writer and counts its finished writes; while the count stands still the version cannot have moved
 * and is not read again. Only data is cached,
 * never a response: nonces, form keys and anything signed in are made per request as before. Seats change with
 * every booking and are not cached (see the booking's `withSeats`).
 */

type Entry = { version: number; day: string; value: Promise<unknown> };

/** Far more than the distinct reads the public pages make; only reached by odd query strings. */
const MAX_ENTRIES = 500;

let enabled = false;
/** The newest version a request has read; undefined until then or after a failed read (no caching). */
let version: number | undefined;
/** The same for free seats, which only whole cached pages depend on (server/page-cache.ts). */
let seatsVersion: number | undefined;
/** PGlite's count of finished writes when the newest successful read began. */
let readAfterWrites: number | undefined;
let checking: Promise<void> | undefined;
let queued: Promise<void> | undefined;
const entries = new Map<string, Entry>();

/** The server turns the cache on; scripts and tests that call loaders straight read the database every time. */
export function enablePublicCache() {
  enabled = true;
}

function startCheck() {
  const writes = getDatabaseHandle().finishedWrites?.();
  const check = db()
    .select({ id: publicDataVersion.id, version: publicDataVersion.version })
    .from(publicDataVersion)
    .then(
      (rows) => {
        const data = rows.find((row) => row.id === 1)?.version;
        const seats = rows.find((row) => row.id === 2)?.version;
        version = data === undefined ? undefined : Math.max(data, version ?? 0);
        seatsVersion = seats === undefined ? undefined : Math.max(seats, seatsVersion ?? 0);
        readAfterWrites = writes === undefined ? undefined : Math.max(writes, readAfterWrites ?? 0);
      },
      () => {
        version = undefined;
        seatsVersion = undefined;
        readAfterWrites = undefined;
      },
    )
    .finally(() => {
      if (checking === check) checking = undefined;
    });
  checking = check;
  return check;
}

/**
 * Reads the public data version for a request that has just arrived. Concurrent requests share one read, but
 * never one that began before they arrived: they wait for it and share the next.
 */
export function checkPublicDataVersion(): Promise<void> {
  if (!enabled) return Promise.resolve();
  const writes = getDatabaseHandle().finishedWrites?.();
  if (writes !== undefined && writes === readAfterWrites && version !== undefined) return Promise.resolve();
  if (!checking) return startCheck();
  queued ??= checking.then(() => {
    queued = undefined;
    return checking ?? startCheck();
  });
  return queued;
}

/** What a whole public page depends on besides its URL, or undefined when pages must not be cached now. */
export function publicPageVersion(): string | undefined {
  if (!enabled || version === undefined || seatsVersion === undefined) return undefined;
  return `${version}.${seatsVersion}.${today()}`;
}

/**
 * `load()`'s result for the current version and day (courses turn past at midnight, Africa/Nairobi). The value
 * is shared by every request until the version changes: callers must not change it.
 */
export function cachedPublic<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!enabled || version === undefined) return load();
  const day = today();
  const entry = entries.get(key);
  if (entry && entry.version === version && entry.day === day) return entry.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = load();
  entries.set(key, { version, day, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/**
 * Raises the public data version for a change the triggers cannot see: one kept outside the database (the
 * letterhead's logo in storage), that the public downloads print. Called in the change's audit transaction.
 */
export async function markPublicDataChanged(executor: Executor) {
  await executor
    .update(publicDataVersion)
    .set({ version: sql`${publicDataVersion.version} + 1` })
    .where(eq(publicDataVersion.id, 1));
}
