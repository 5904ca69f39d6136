// The built server as a child process with its own data directory or database, for tests that crash it,
// must read its database afterwards, need an empty database or a setting the shared end-to-end server must
// not have, or would disturb that server (lockouts, password changes).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const COURSE_SLUG = "strategic-planning-and-performance-management";

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const madeDirs = new Set();
// a data directory holds a whole database (about 40 MB): whatever a test did not remove goes when its process
// ends, failed or not, so runs leave nothing in the temporary folder
process.once("exit", () => {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh data directory, removed at the latest when this process exits. */
export function tempDataDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mafunzo-${label}-`));
  madeDirs.add(dir);
  return dir;
}

/**
 * A migrated and seeded data directory to copy from, made once per end-to-end run (the runner's E2E_DATA_DIR
 * names the run; its global teardown removes it) by the first process that asks, while the others wait for it.
 * Migrating and seeding is most of a boot (decision 0712). Undefined outside an end-to-end run or if making
 * it failed: the server then starts on an empty directory as before.
 */
async function seededDataDir() {
  const run = process.env.E2E_DATA_DIR;
  if (!run) return undefined;
  const dir = `${run}-seeded`;
  const data = path.join(dir, "data");
  const ready = path.join(dir, "ready");
  try {
    fs.mkdirSync(dir);
  } catch {
    // another worker is making it
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      if (fs.existsSync(ready)) return data;
      if (fs.existsSync(path.join(dir, "failed"))) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return undefined;
  }
  const maker = spawn(process.execPath, ["--import", "tsx", "tests/setup/seeded-data-dir.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: data, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  maker.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => maker.once("exit", resolve));
  fs.writeFileSync(path.join(dir, code === 0 ? "ready" : "failed"), stderr);
  return code === 0 ? data : undefined;
}

/**
 * Starts server/main.js from the build and resolves once /readyz answers. Without a port it takes a free one;
 * without a data directory it makes a fresh one and removes it again on stop().
 */
export async function startAppServer({
  port: givenPort,
  dataDir: givenDir,
  databaseUrl,
  env = {},
  nodeArgs = [],
} = {}) {
  const port = givenPort ?? (await freePort());
  const dataDir = givenDir ?? tempDataDir("e2e-own");
  // a copy of the run's seeded directory, unless the test chose the directory, the database or the clock the
  // seed would date its course runs by
  const seeded = givenDir || databaseUrl || env.TEST_NOW ? undefined : await seededDataDir();
  if (seeded) fs.cpSync(seeded, dataDir, { recursive: true });
  const removeOwnDir = () => {
    if (!givenDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const args = [...nodeArgs, path.join(root, "server/main.js")];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      // lets the load client speak for many visitors through X-Forwarded-For (the rate limit is per address)
      TRUST_PROXY: "loopback",
      // the address the browser uses, so passkeys (bound to PUBLIC_URL's origin) work
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // tests run one pass of every job instead of sleeping (tests/helpers/job-passes.ts, decision 0711)
      TEST_JOB_PASSES: "on",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (true) {
    if (child.exitCode !== null) {
      removeOwnDir();
      throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      removeOwnDir();
      throw new Error(`server not ready after 90 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    /** What the server has logged on standard output so far (JSON lines at LOG_LEVEL and above). */
    output: () => stdout,
    /** What it wrote to standard error (a crash's stack). */
    stderr: () => stderr,
    /** Whether the process has ended, by itself or killed. */
    exited: () => child.exitCode !== null || child.signalCode !== null,
    /** SIGKILL: no shutdown handler runs, as in a crash. */
    async crash() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      removeOwnDir();
    },
  };
}

/** Submission rows straight from the database the (stopped) server used. */
export async function readSubmissions({ dataDir, databaseUrl }) {
  const queries = {
    registrations: "select idempotency_key as key, reference from course_registrations",
    contacts: "select idempotency_key as key from contact_submissions",
    outbox: "select id from email_outbox",
  };
  const result = {};
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const [name, sql] of Object.entries(queries)) result[name] = (await client.query(sql)).rows;
    await client.end();
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const db = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
    for (const [name, sql] of Object.entries(queries)) result[name] = (await db.query(sql)).rows;
    await db.close();
  }
  return result;
}

let keyCounter = 0;

/** A form key issued `ageMs` ago, in the shape the pages hand out (see app/site/forms/public-forms.server.ts). */
export function formKey(ageMs = 10_000) {
  keyCounter += 1;
  const random = `${process.pid}x${keyCounter}x${Math.random().toString(36).slice(2)}`.padEnd(22, "z");
  return `${(Date.now() - ageMs).toString(36)}.${random.slice(0, 40)}`;
}

/** A PostgreSQL database of its own on the server at `url`; returns its URL and a drop function. */
export async function createScratchDatabase(url, label) {
  const { default: pg } = await import("pg");
  const name = `mafunzo_${label}_${process.pid}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
