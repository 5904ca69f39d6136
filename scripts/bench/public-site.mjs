// `npm run bench` (after `npm run build`): one run against the production build on a fresh data directory
// (PGlite), or on a scratch PostgreSQL database next to DATABASE_URL when it is set. Prints, each as a ratio:
//  - SSR throughput of /, /courses/all and a course page against the same HTML served as a static file by the
//    same server, interleaved (autocannon, 32 connections, one client thread);
//  - idle RSS (a restarted server idle for --settle seconds) and RSS after 10,000 mixed public requests: 2 s after
//    the last one, and once the process has been idle for --settle seconds again (V8 gives back the heap it grew
//    under load when it goes idle);
//  - gzipped JavaScript each public page loads (the modulepreload and script links in its HTML), and the bytes the
//    server sends for it to a browser (the build's brotli copies);
//  - registration POST throughput against raw inserts of the same rows, and median and p99 at 50 concurrent
//    posters in the steady state, after the warmup and every poster's first answer in the same run (the p99 over
//    the whole run beside it), with the CPU a counted post took in the server and in this client and how many
//    cores the machine had busy; then p99 of posts arriving evenly at half that throughput (open loop, at most
//    50 in flight).
// Ratios within one run are what count: the machine's load is printed beside them.
// Options: --seconds N (per interleaved slice, default 10), --rounds N (default 3), --mixed N, --posts N,
// --warmup N (registration POSTs sent and not counted before the measured ones in the same run, default 2000),
// --settle N (seconds idle before the last RSS reading, default 30), --json file,
// --profile dir (the measured server writes a V8 CPU profile there when it stops),
// --pool off (PDFs rendered in the request thread, as before decision 0653: the isolation part's "before"),
// --only js (the gzipped JavaScript and HTML size of each page, then stop), --only posts (the registration
// figures alone), --only memory (the RSS figures alone), --only isolation (the home page alone and beside heavy
// work: scripts/bench/isolation.mjs).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  COURSE_SLUG,
  createScratchDatabase,
  formKey,
  startAppServer,
  tempDataDir,
} from "../reliability/app-server.mjs";
import { isolationFigures } from "./isolation.mjs";
import { gzippedScriptBytes, sentScriptBytes } from "./page-js.mjs";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    posts: { type: "string", default: "2000" },
    warmup: { type: "string", default: "2000" },
    mixed: { type: "string", default: "10000" },
    settle: { type: "string", default: "30" },
    json: { type: "string" },
    profile: { type: "string" },
    only: { type: "string" },
    pool: { type: "string", default: "on" },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const POSTS = Number(args.posts);
/** Registration POSTs sent so far: each is a new participant from its own address. */
let posted = 0;
const MIXED_COUNT = Number(args.mixed);
/** Concurrent registration posters. */
const POSTERS = 50;
const PAGES = { home: "/", catalogue: "/courses/all", course: `/courses/${COURSE_SLUG}` };
const MIXED = [
  "/",
  "/courses/all",
  `/courses/${COURSE_SLUG}`,
  "/about",
  "/courses",
  "/courses/management",
  "/gallery",
  "/testimonials",
  "/contact",
  "/register",
  "/courses/calendar",
  "/services",
];
const STATIC_DIR = path.resolve(import.meta.dirname, "../../build/client/__bench");

const load = () => os.loadavg()[0].toFixed(2);
/**
 * Starts counting CPU: the returned function gives, per `count` items since, the server process's CPU (all its
 * threads) and this load client's in ms, and how many of the machine's cores were busy meanwhile. It tells a
 * server that uses the cores it has from one held back by a single thread or by the rest of the machine.
 */
function cpuMeter(pid) {
  const serverMs = () => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  };
  const machine = () =>
    fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const [server0, client0, machine0] = [serverMs(), process.cpuUsage(), machine()];
  return (count) => {
    const client = process.cpuUsage(client0);
    const ticks = machine().map((value, i) => value - (machine0[i] ?? 0));
    const all = ticks.reduce((sum, value) => sum + value, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return {
      serverCpuMsPerItem: round((serverMs() - server0) / count, 3),
      clientCpuMsPerItem: round((client.user + client.system) / 1000 / count, 3),
      machineBusyCores: round(((all - idle) / all) * os.cpus().length, 2),
    };
  };
}
// /proc counts CPU time in clock ticks, 100 a second on Linux
const CLOCK_TICKS = 100;
const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const round = (n, digits = 2) => Number(n.toFixed(digits));

/**
 * Every row one bench registration stored (its booking, its registrations and its e-mails), inserted from their
 * values in one statement: what the same rows cost with no request, no checks and no round trips between them.
 * Generated columns (the M-PESA phone hashes) are left to the database, which computes them as for the server.
 */
async function insertAllRowsStatement(client) {
  const { rows } = await client.query(`select table_name,
      string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
    from information_schema.columns
    where table_schema = 'public' and is_generated = 'NEVER'
      and table_name in ('bookings', 'course_registrations', 'email_outbox')
    group by table_name`);
  const columns = Object.fromEntries(rows.map((row) => [row.table_name, row.columns]));
  const insert = (table, from) =>
    `insert into ${table} (${columns[table]}) select ${columns[table]} from ${from}`;
  return `with b as (${insert("bookings", "jsonb_populate_record(null::bookings, $1::jsonb)")}),
  r as (${insert("course_registrations", "jsonb_populate_recordset(null::course_registrations, $2::jsonb)")})
  ${insert("email_outbox", "jsonb_populate_recordset(null::email_outbox, $3::jsonb)")}`;
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    let lastAnswer = began;
    const instance = autocannon({ connections: 32, pipelining: 1, timeout: 30, ...opts }, (err, result) =>
      // a run of `amount` requests ends on autocannon's next one-second tick, up to a second after its last
      // answer: `answeredIn` is the time to that answer
      err ? reject(err) : resolve({ ...result, answeredIn: (lastAnswer - began) / 1000 }),
    );
    instance.on("response", () => {
      lastAnswer = performance.now();
    });
  });
}

/** Runs scripts/bench/isolation-fixture.ts on the bench's database and returns what it printed. */
function isolationFixture() {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", path.resolve(import.meta.dirname, "isolation-fixture.ts"), "--runs", String(ROUNDS)],
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? "", LOG_LEVEL: "error" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return JSON.parse(output.trim().split("\n").at(-1));
}

/** Waits until the server has answered what the last slice left queued (a page queues behind it). */
async function drain() {
  await fetch(`${server.url}/`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const postgres = process.env.DATABASE_URL;
const scratch = postgres ? await createScratchDatabase(postgres, "bench") : undefined;
const dataDir = tempDataDir("bench");
const serverOptions = {
  dataDir,
  databaseUrl: scratch?.url,
  env: { LOG_LEVEL: "error", RENDER_POOL: args.pool },
};
// the first start creates, migrates and seeds the database; the figures are taken on a restarted server
const first = await startAppServer(serverOptions);
await new Promise((resolve) => setTimeout(resolve, 3000));
const firstStartRssMb = rssMb(first.pid);
await first.stop();
// the isolation part's admin data, written into the stopped server's database (the server holds PGlite alone)
const fixture = args.only === undefined || args.only === "isolation" ? isolationFixture() : undefined;
const server = await startAppServer({
  ...serverOptions,
  nodeArgs: args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
});
const report = {
  database: scratch ? "postgres" : "pglite",
  renderPool: args.pool,
  cpus: os.cpus().length,
  started: new Date(),
};
const lines = [];
const say = (line) => {
  lines.push(line);
  console.log(line);
};

try {
  // read like the last reading below: once the process has been idle for --settle seconds (V8 keeps its young
  // generation at full size for a while after start-up's allocations)
  await new Promise((resolve) => setTimeout(resolve, Number(args.settle) * 1000));
  report.idleRssMb = rssMb(server.pid);
  report.idleLoad = load();
  report.firstStartRssMb = firstStartRssMb;
  say(
    `idle RSS: ${report.idleRssMb} MB after a restart and ${args.settle} s idle, ${firstStartRssMb} MB 3 s after the first start (load ${report.idleLoad})`,
  );

  // the same HTML as a static file, served by the same process
  fs.mkdirSync(STATIC_DIR, { recursive: true });
  const html = {};
  for (const [name, page] of Object.entries(PAGES)) {
    const response = await fetch(`${server.url}${page}`);
    if (!response.ok) throw new Error(`${page}: HTTP ${response.status}`);
    html[name] = await response.text();
    fs.writeFileSync(path.join(STATIC_DIR, `${name}.html`), html[name]);
  }

  // gzipped JS per page: every script and modulepreload the HTML names
  report.js = {};
  for (const [name, page] of Object.entries({ ...PAGES, gallery: "/gallery", contact: "/contact" })) {
    const text = name in html ? html[name] : await (await fetch(`${server.url}${page}`)).text();
    const { bytes, files } = await gzippedScriptBytes(server.url, text);
    const sentKb = round((await sentScriptBytes(server.url, text)) / 1024, 1);
    report.js[page] = { kb: round(bytes / 1024, 1), sentKb, files, htmlKb: round(text.length / 1024, 1) };
    say(
      `JS ${page}: ${report.js[page].kb} KB gzipped in ${files} files, ${sentKb} KB as sent to a browser; HTML ${report.js[page].htmlKb} KB`,
    );
  }

  if (args.only === "posts") await registrationFigures();
  else if (args.only === "memory") await memoryFigures();
  else if (args.only === "isolation") await isolation();
  else if (args.only !== "js") await loadFigures();
} finally {
  await server.stop();
  fs.rmSync(STATIC_DIR, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);

/** Throughput against static HTML, memory after mixed requests, and registration POSTs against raw inserts. */
async function loadFigures() {
  // throughput, SSR and static slices interleaved
  const totals = {};
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, page] of Object.entries(PAGES)) {
      for (const [kind, url] of [
        ["ssr", `${server.url}${page}`],
        ["static", `${server.url}/__bench/${name}.html`],
      ]) {
        const result = await cannon({ url, duration: SECONDS });
        await drain();
        if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
        totals[`${name}:${kind}`] ??= { requests: 0, seconds: 0, loads: [] };
        const entry = totals[`${name}:${kind}`];
        entry.requests += result["2xx"];
        entry.seconds += result.duration;
        entry.loads.push(load());
      }
    }
  }
  report.throughput = {};
  for (const [name, page] of Object.entries(PAGES)) {
    const ssr = totals[`${name}:ssr`];
    const stat = totals[`${name}:static`];
    const ssrRps = ssr.requests / ssr.seconds;
    const staticRps = stat.requests / stat.seconds;
    report.throughput[page] = {
      ssrRps: round(ssrRps, 1),
      staticRps: round(staticRps, 1),
      ratio: round(ssrRps / staticRps, 3),
      load: ssr.loads.join("/"),
    };
    say(
      `${page}: SSR ${round(ssrRps, 1)}/s, static ${round(staticRps, 1)}/s, ratio ${round(ssrRps / staticRps, 3)} (load ${ssr.loads.join("/")})`,
    );
  }

  await memoryFigures();
  await registrationFigures();
  await isolation();
}

/** The home page alone and beside heavy work (scripts/bench/isolation.mjs). */
async function isolation() {
  report.isolation = await isolationFigures({
    url: server.url,
    seconds: SECONDS,
    rounds: ROUNDS,
    say,
    load,
    fixture,
  });
}

/** RSS after --mixed public requests: 2 s after the last one, then once idle for --settle seconds. */
async function memoryFigures() {
  let i = 0;
  const mixed = await cannon({
    url: server.url,
    amount: MIXED_COUNT,
    requests: [{ setupRequest: (req) => ({ ...req, path: MIXED[i++ % MIXED.length] }) }],
  });
  if (mixed.non2xx) throw new Error(`mixed: ${mixed.non2xx} non-2xx answers`);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  report.rssAfterMb = rssMb(server.pid);
  say(
    `RSS after ${MIXED_COUNT} mixed requests: ${report.rssAfterMb} MB, ${round(report.rssAfterMb / report.idleRssMb)}× idle (load ${load()})`,
  );
  await new Promise((resolve) => setTimeout(resolve, Number(args.settle) * 1000));
  report.rssSettledMb = rssMb(server.pid);
  say(
    `RSS ${args.settle} s later, idle: ${report.rssSettledMb} MB, ${round(report.rssSettledMb / report.idleRssMb)}× idle (load ${load()})`,
  );
}

/** The next registration POST's headers and body: a new participant from its own address. */
function nextRegistration() {
  posted += 1;
  const n = posted;
  return {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: new URLSearchParams({
      name: `Bench Participant ${n}`,
      email: `bench${n}@example.com`,
      course: COURSE_SLUG,
      formKey: formKey(),
    }).toString(),
  };
}

/**
 * Registration POSTs from 50 concurrent posters, each posting again as soon as it is answered: `warmup` of them,
 * then `amount` more in the same run, on the same connections. Throughput and the median and p99 are of the
 * `amount` after the warmup, in the steady state: once `warmup` have been answered and every poster has had its
 * first answer. The server takes in one new connection per turn of its event loop (libuv accepts one at a time),
 * so under load the last of 50 connections opened at once waits up to 50 turns, longer than a short warmup.
 * `p99WholeRun` is autocannon's own over the whole run, which counts those first requests too.
 */
function postRegistrations(amount, warmup) {
  return new Promise((resolve, reject) => {
    const times = [];
    const answeredPosters = new Set();
    let answered = 0;
    let steadyFrom;
    let steadyTo;
    let meter;
    let cpu;
    const instance = autocannon(
      {
        url: `${server.url}/register.data`,
        connections: POSTERS,
        pipelining: 1,
        timeout: 30,
        // a ceiling: the run is stopped once `amount` have been counted
        amount: warmup + amount + POSTERS * POSTERS,
        requests: [{ method: "POST", setupRequest: (req) => ({ ...req, ...nextRegistration() }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx) return reject(new Error(`posts: ${result.non2xx} non-2xx`));
        if (times.length < amount) return reject(new Error(`posts: only ${times.length} counted`));
        times.sort((a, b) => a - b);
        const at = (q) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))], 1);
        resolve({
          rps: times.length / ((steadyTo - steadyFrom) / 1000),
          p50: at(0.5),
          p99: at(0.99),
          p99WholeRun: result.latency.p99,
          countedFrom: answered - amount,
          ...cpu,
        });
      },
    );
    instance.on("response", (client, _status, _bytes, responseTime) => {
      if (steadyTo !== undefined) return;
      answered += 1;
      const now = performance.now();
      if (steadyFrom === undefined) {
        answeredPosters.add(client);
        if (answered >= warmup && answeredPosters.size === POSTERS) {
          steadyFrom = now;
          meter = cpuMeter(server.pid);
        }
        return;
      }
      times.push(responseTime);
      if (times.length === amount) {
        steadyTo = now;
        cpu = meter(amount);
        instance.stop();
      }
    });
  });
}

/**
 * `amount` registration POSTs started evenly at `rate` a second, at most 50 in flight: each one's time is its
 * own, not the wait behind the posters ahead of it (autocannon's rate lets each connection send its second's
 * share at once, a burst every second). Returns the median and p99 in ms.
 */
async function pacedRegistrations(amount, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const url = new URL("/register.data", server.url);
  const post = () =>
    new Promise((resolve, reject) => {
      const { headers, body } = nextRegistration();
      const began = performance.now();
      const request = http.request(url, { method: "POST", agent, headers }, (response) => {
        response.resume();
        response.on("end", () =>
          response.statusCode === 200
            ? resolve(performance.now() - began)
            : reject(new Error(`${response.statusCode}`)),
        );
      });
      request.on("error", reject);
      request.end(body);
    });
  const began = performance.now();
  const posts = [];
  for (let i = 0; i < amount; i++) {
    const wait = began + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    posts.push(post());
  }
  const times = (await Promise.all(posts)).sort((a, b) => a - b);
  agent.destroy();
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * Registration POSTs at 50 concurrent posters, after --warmup of them in the same run that are not counted and
 * after every poster's first answer (the 50 connections open at once), then raw inserts of the same rows. A
 * server restarted 30 s before reaches its steady rate after about 2,000 posts (counted in 500 ms slices from the
 * first: PGlite 1,330/s rising to 1,460-1,620/s, PostgreSQL 1,030/s to 1,780/s): V8 is still optimising the
 * request's path and sizing its heap until then.
 */
async function registrationFigures() {
  const post = await postRegistrations(POSTS, Math.max(50, Number(args.warmup)));
  const postRps = post.rps;
  const postLoad = load();
  // 50 posters that post again as soon as they are answered wait 50 ÷ throughput on average (Little's law), so a
  // p99 under 50 ms at 50 posters needs over 1,000 registrations a second. Posts arriving evenly at half the
  // rate just measured show what a registration takes when it does not queue behind the other 49.
  const pacedRate = Math.max(1, Math.round(postRps / 2));
  const paced = await pacedRegistrations(Math.min(POSTS, pacedRate * 10), pacedRate);
  await server.stop();
  const raw = await rawInserts({ dataDir, databaseUrl: scratch?.url });
  report.registration = {
    postRps: round(postRps, 1),
    p50Ms: post.p50,
    p99Ms: post.p99,
    p99WholeRunMs: post.p99WholeRun,
    countedFromPost: post.countedFrom,
    pacedRate,
    pacedP50Ms: paced.p50,
    pacedP99Ms: paced.p99,
    rawRps: round(raw.row, 1),
    ratio: round(postRps / raw.row, 3),
    rawAllRowsRps: round(raw.allRows, 1),
    ratioAllRows: round(postRps / raw.allRows, 3),
    load: postLoad,
    serverCpuMsPerPost: post.serverCpuMsPerItem,
    clientCpuMsPerPost: post.clientCpuMsPerItem,
    machineBusyCores: post.machineBusyCores,
  };
  say(
    `registration POST: ${round(postRps, 1)}/s, p99 ${post.p99} ms (median ${post.p50} ms) at 50 posters; raw inserts ${round(raw.row, 1)}/s; ratio ${round(postRps / raw.row, 3)} (load ${postLoad})`,
  );
  say(
    `  CPU a counted post: server ${post.serverCpuMsPerItem} ms (all its threads), load client ${post.clientCpuMsPerItem} ms; ${post.machineBusyCores} of ${os.cpus().length} cores busy`,
  );
  say(
    `  counted from post ${post.countedFrom + 1}, once every poster had been answered; p99 over the whole run, warmup and the 50 connections opening at once included: ${post.p99WholeRun} ms`,
  );
  say(
    `  posts arriving evenly at ${pacedRate}/s (half that throughput), at most 50 at a time: p99 ${paced.p99} ms, median ${paced.p50} ms`,
  );
  say(
    `  against every row a registration stores (booking, registration, e-mails) inserted raw, one statement each: ${round(raw.allRows, 1)}/s; ratio ${round(postRps / raw.allRows, 3)}`,
  );
}

/**
 * Copies of the stored registration rows inserted straight into the same database (50 at a time on
 * PostgreSQL's pool; PGlite takes one statement at a time): the ceiling a registration POST is measured against.
 * Then, beside it, copies of every row each bench registration stored, one statement per registration.
 */
async function rawInserts({ dataDir, databaseUrl }) {
  const copy = `insert into course_registrations (reference, name, email, phone, organization, course_name,
    course_date, course_venue, status, source, course_id, run_id, idempotency_key)
    select 'R' || substr(md5(random()::text), 1, 11), name, email, phone, organization, course_name,
      course_date, course_venue, status, source, course_id, run_id, md5(random()::text)
    from course_registrations where reference = $1`;
  let client;
  let close;
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    client = pool;
    close = () => pool.end();
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const db = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
    client = db;
    close = () => db.close();
  }
  try {
    const refs = (await client.query("select reference from course_registrations")).rows.map(
      (r) => r.reference,
    );
    const params = refs.map((ref) => [ref]);
    // warmed as the server was: the first statements plan and fill caches
    await rate(client, copy, params.slice(0, Number(args.warmup) / 3));
    const row = await rate(client, copy, params);
    const allRows = await rate(client, await insertAllRowsStatement(client), await storedBookingRows(client));
    return { row, allRows };
  } finally {
    await close();
  }
}

/**
 * The rows each bench registration stored, as the parameters of insertAllRowsStatement's statement, with fresh
 * values where a column is unique (ids, references, idempotency keys) and the registrations pointing at the new
 * booking.
 */
async function storedBookingRows(client) {
  const { rows } = await client.query(`select to_jsonb(b) as booking,
      (select jsonb_agg(to_jsonb(r)) from course_registrations r where r.booking_id = b.id) as registrations,
      (select jsonb_agg(to_jsonb(o)) from email_outbox o
        where o.related_id in (select id::text from course_registrations where booking_id = b.id)) as emails
    from bookings b where b.contact_email like 'bench%@example.com'`);
  const fresh = () => ({
    id: crypto.randomUUID(),
    reference: `X${crypto.randomUUID().slice(0, 11)}`,
    idempotency_key: crypto.randomUUID(),
  });
  return rows.map((stored) => {
    const booking = { ...stored.booking, ...fresh() };
    const registrations = (stored.registrations ?? []).map((r) => ({
      ...r,
      ...fresh(),
      booking_id: booking.id,
    }));
    const emails = (stored.emails ?? []).map((e) => ({ ...e, id: crypto.randomUUID() }));
    return [JSON.stringify(booking), JSON.stringify(registrations), JSON.stringify(emails)];
  });
}

/** Statements a second when `statement` is run once per parameter list by 50 concurrent callers. */
async function rate(client, statement, parameterLists) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < parameterLists.length) await client.query(statement, parameterLists[next++]);
    }),
  );
  return parameterLists.length / ((performance.now() - started) / 1000);
}
