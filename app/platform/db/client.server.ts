import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "../logger.server";
import { acquireDataDirLock } from "./data-dir-lock.server";

// Without a schema: the models build their queries from the table objects they import (no relational `db.query`),
// so the client knows no feature's tables.
export type Database = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: models accept either so audit rows share the change's transaction. */
export type Executor = Database | Tx;

export type DatabaseKind = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** PostgreSQL pool when kind is postgres; used for LISTEN/NOTIFY and advisory locks. */
  pool?: pg.Pool;
  /** The embedded engine when kind is pglite: the only writer to its data directory (LISTEN in-process). */
  pglite?: PGlite;
  /**
   * PGlite only: how many statements or transactions that may have written have finished in this process, the
   * only one that can open its data directory. Unchanged since a read means nothing can have changed since.
   */
  finishedWrites?: () => number;
  close: () => Promise<void>;
};

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Skip migrations and seeding (the caller loaded a migrated template). */
  skipMigrate?: boolean;
  /** A dumped PGlite data directory to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** Keep the PGlite database in memory (tests). */
  inMemory?: boolean;
};

/** Fills a freshly migrated database with its first content; run under the migration lock, so once. */
export type Seed = (db: Database) => Promise<void>;

// An arbitrary constant shared by every process of this application.
const MIGRATION_LOCK_ID = 727_001;

/** The project root, found from this module whether it runs from app/ or from the server build. */
export function projectRoot() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the running module");
    dir = parent;
  }
  return dir;
}

const migrationsFolder = () => path.join(projectRoot(), "drizzle");

/** Opens the database and, unless told to skip it, applies the migrations and then `seed`. */
export async function openDatabaseHandle(options: OpenOptions, seed?: Seed): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options);
  if (!options.skipMigrate) {
    try {
      await migrateAndSeed(handle, seed);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // a connection that cannot be made within 5 s fails its request (503) rather than holding it
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A cut connection (a failover, a restart, a pooler's timeout) must not end the process (decision 0705). The
  // pool listens on its idle clients; a client checked out (a transaction between statements, the migration's
  // locked client) has no listener of the pool's, and pg throws an `error` event nobody hears. Each client gets
  // one of its own as it connects: the query that was using it fails, the pool drops it, the next one connects.
  pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, "database connection lost"));
  });
  const db = drizzlePg(pool) as unknown as Database;
  return { db, kind: "postgres", pool, close: () => pool.end() };
}

/** The contrib extensions the migrations create (pg_trgm: the admin search indexes, decision 0601). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite writes these into the data directory's postgresql.conf.
 * - PostgreSQL's default 128 MB of shared buffers costs PGlite about 270 MB of resident memory; the firm's hot
 *   pages fit in 8 MB, and the operating system caches the rest of the files. 8 MB held an idle server 25-35 MB
 *   lower than 16 MB, with the back office at 100,000 registrations no slower (decision 0603).
 * - A new 16 MB WAL file is not written full of zeros first: PGlite does that through JavaScript while every
 *   request waits, 11-19 ms a file, about every 2,000 registrations (decision 0610).
 */
const PGLITE_CONFIG = ["shared_buffers=8MB", "wal_init_zero=off"];

/**
 * The types drizzle reads as the engine's text and converts itself: its PGlite session passes a parser that
 * returns the text for each of them with every query. PGlite merges parsers a query brings into a copy of its
 * whole parser table, about 118 kB and 80 µs a query (decision 0614), so the engine gets them once, once it is
 * ready, and the client drizzle is given drops drizzle's (`withoutDrizzleParsers`).
 * `tests/integration/database-settings.test.ts` fails when drizzle's set is no longer this one.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES);
const asText = (value: string) => value;
const PGLITE_PARSERS = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText]));

/** A query's options without parsers the engine already has; parsers for any other type are kept. */
function withoutDrizzleParsers(options: QueryOptions | undefined) {
  if (!options?.parsers) return options;
  for (const type of Object.keys(options.parsers)) if (!TEXT_TYPES.has(Number(type))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

async function openPglite(options: OpenOptions): Promise<DatabaseHandle> {
  let release = () => {};
  let client: PGlite;
  if (options.inMemory) {
    client = await PGlite.create({
      loadDataDir: options.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
      postgresqlconf: PGLITE_CONFIG,
    });
  } else {
    release = acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create({
        dataDir: path.join(options.dataDir, "db"),
        loadDataDir: options.loadDataDir,
        extensions: PGLITE_EXTENSIONS,
        postgresqlconf: PGLITE_CONFIG,
      });
    } catch (error) {
      release();
      throw error;
    }
  }
  // after creation: PGlite adds its own parsers for every array type once it is ready
  Object.assign(client.parsers, PGLITE_PARSERS);
  const counted = drizzleClient(client);
  const db = drizzlePglite(counted.client) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pglite: client,
    finishedWrites: counted.finishedWrites,
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

const READ_ONLY_STATEMENT = /^\s*select\b/i;

/**
 * The engine as drizzle sees it. It counts every statement that is not a plain `select` and every transaction
 * once it has finished (committed or not): PGlite runs a statement outside a transaction only when no
 * transaction is open, so a read that starts after the count last moved sees every committed change
 * (decision 0600). And it drops from each query the parsers the engine was given when it was created
 * (decision 0614).
 */
function drizzleClient(engine: PGlite) {
  let finished = 0;
  const afterwards = <T>(result: Promise<T>, wrote: boolean) =>
    wrote
      ? result.finally(() => {
          finished += 1;
        })
      : result;
  const client = withMethods(engine, {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      afterwards(engine.query(text, params, withoutDrizzleParsers(options)), !READ_ONLY_STATEMENT.test(text)),
    exec: (text: string, options?: QueryOptions) =>
      afterwards(engine.exec(text, options), !READ_ONLY_STATEMENT.test(text)),
    transaction: <T>(run: (tx: Transaction) => Promise<T>) =>
      afterwards(
        engine.transaction((tx) => run(transactionWithoutDrizzleParsers(tx))),
        true,
      ),
  });
  return { client, finishedWrites: () => finished };
}

/** A transaction's queries, without parsers the engine already has (see `withoutDrizzleParsers`). */
function transactionWithoutDrizzleParsers(tx: Transaction): Transaction {
  return withMethods(tx, {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      tx.query(text, params, withoutDrizzleParsers(options)),
  });
}

/** `target` with the given methods in place of its own; every other property is read from `target` itself. */
function withMethods<T extends object>(target: T, methods: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(methods, property)) return methods[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/** Applies the migrations and the seed once, even when several processes start together. */
async function migrateAndSeed(handle: DatabaseHandle, seed: Seed | undefined) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: migrationsFolder() });
    await seed?.(handle.db);
    return;
  }
  const client = await (handle.pool as pg.Pool).connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const locked = drizzlePg(client);
    await migratePg(locked, { migrationsFolder: migrationsFolder() });
    await seed?.(locked as unknown as Database);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

let current: DatabaseHandle | undefined;

export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  if (!current) throw new Error("The database is not open: call openDatabase() and setDatabase() first");
  return current;
}

/** The application's database. */
export function db(): Database {
  return getDatabaseHandle().db;
}

/**
 * The rows of a statement written in SQL. Both drivers answer it with `{ rows }`, which drizzle types as the
 * driver's own result; numbers may come as text from either, so callers convert them.
 */
export async function executeRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** How long `/readyz` waits for the database: a load balancer's probe must not hang on a dead connection. */
const PING_TIMEOUT_MS = 3_000;

export async function pingDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    const answered = db()
      .execute(sql`select 1`)
      .then(
        () => true,
        () => false,
      );
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
