#!/usr/bin/env node
// Reliability check: a burst of registrations against the built server, which is killed with SIGKILL
// partway and restarted. Every registration that got a success answer must be stored exactly once.
//
//   node scripts/reliability/registration-burst.mjs [--count 520] [--database-url postgres://…]
//
// Without --database-url the server uses a fresh embedded (PGlite) data directory. Run `npm run build`
// first. Prints a JSON summary; exits 1 when a check fails.
import fs from "node:fs";
import { parseArgs } from "node:util";
import {
  COURSE_SLUG,
  createScratchDatabase,
  formKey,
  freePort,
  readSubmissions,
  startAppServer,
  tempDataDir,
} from "./app-server.mjs";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "520" },
    concurrency: { type: "string", default: "16" },
    "kill-after": { type: "string", default: "0.35" },
    "database-url": { type: "string" },
  },
});
const total = Number(args.count);
const concurrency = Number(args.concurrency);
const killAt = Math.floor(total * Number(args["kill-after"]));

const dataDir = tempDataDir("burst");
const scratch = args["database-url"] ? await createScratchDatabase(args["database-url"], "burst") : undefined;
const target = { dataDir, databaseUrl: scratch?.url };
const port = await freePort();
let server = await startAppServer({ port, ...target });
const origin = server.url;
const started = Date.now();

const acknowledged = new Map(); // key -> reference
let attempts = 0;
let connectionErrors = 0;
let restarting;

/** Sends one registration until it is acknowledged; a crash makes the client retry with the same key. */
async function register(i) {
  const key = formKey();
  const body = new URLSearchParams({
    name: `Burst Participant ${i}`,
    email: `burst${i}@example.com`,
    course: COURSE_SLUG,
    formKey: key,
  });
  const forwardedFor = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    attempts += 1;
    try {
      const response = await fetch(`${origin}/register.data`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin,
          "x-forwarded-for": forwardedFor,
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      const reference = /"reference","(MF-[A-Z0-9]+)"/.exec(text)?.[1];
      if (response.status === 200 && reference) {
        acknowledged.set(key, reference);
        if (acknowledged.size === killAt && !restarting) restarting = crashAndRestart();
        return;
      }
      if (response.status < 500)
        throw new Error(`registration ${i}: HTTP ${response.status}: ${text.slice(0, 300)}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("registration")) throw error;
      connectionErrors += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`registration ${i} was never acknowledged`);
}

let killedAt;
async function crashAndRestart() {
  killedAt = acknowledged.size;
  await server.crash();
  server = await startAppServer({ port, ...target });
}

const summary = { database: scratch ? "postgres" : "pglite", total, concurrency };
let failure;
try {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await register(next++);
    }),
  );
  await restarting;
  await server.stop();
  const { registrations } = await readSubmissions(target);
  const stored = new Map();
  for (const row of registrations) stored.set(row.key, (stored.get(row.key) ?? []).concat(row.reference));
  const missing = [...acknowledged].filter(([key]) => !stored.has(key));
  const wrong = [...acknowledged].filter(([key, ref]) => stored.has(key) && stored.get(key)[0] !== ref);
  const duplicated = [...stored].filter(([, refs]) => refs.length > 1);
  Object.assign(summary, {
    acknowledged: acknowledged.size,
    stored: registrations.length,
    killedAfterAcknowledged: killedAt,
    attempts,
    connectionErrors,
    missing: missing.length,
    wrongReference: wrong.length,
    duplicated: duplicated.length,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  });
  if (acknowledged.size !== total) failure = "not every registration was acknowledged";
  else if (killedAt === undefined) failure = "the server was never killed";
  else if (missing.length || wrong.length || duplicated.length || registrations.length !== total) {
    failure = "acknowledged registrations were lost or stored twice";
  }
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
  await server.crash().catch(() => {});
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
console.log(JSON.stringify({ ...summary, ok: !failure, failure }));
process.exit(failure ? 1 : 0);
