// `npx tsx scripts/bench/registrations-100k.ts [rows]`: seeds a fresh database with registrations and times
// the admin list queries and the full CSV export through the real model and service functions, next to the
// same operations on 1,000 rows (the baseline): each the p95 of 20 runs, the export once, the dashboard's figures
// together as its loader reads them. Runs on an in-memory PGlite, and also on PostgreSQL when
// DATABASE_URL is set (a scratch database is created next to the one named there and dropped afterwards).
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { getDashboard } from "#app/back-office/dashboard/dashboard.server";
import { parseListQuery, RegistrationQuerySchema } from "#app/back-office/lists/admin-lists";
import {
  listRegisteredCourseNames,
  listRegistrations,
  registrationExport,
} from "#app/back-office/lists/registration-admin.server";
import { openDatabase } from "#app/database.server";
import { csvStream } from "#app/platform/csv.server";
import { db, setDatabase } from "#app/platform/db/client.server";

const LARGE = Number(process.argv[2] ?? 100_000);
const BASELINE = 1_000;
const REPEAT = 20;

const query = (search: string) => parseListQuery(RegistrationQuerySchema, new URL(`http://x/?${search}`));

/** Inserts `n` registrations spread over two years, 37 course names, five statuses, in SQL (fast). */
async function seed(n: number) {
  await db().execute(sql`delete from course_registrations`);
  await db().execute(sql`
    insert into course_registrations (reference, name, email, phone, organization, course_name, course_date,
      course_venue, status, source, created_at)
    select
      'B' || lpad(to_hex(i), 10, '0'),
      (array['Amina','Brian','Wanjiru','Otieno','Njeri','Kiptoo','Achieng','Mwangi','Zawadi','Baraka'])[1 + i % 10]
        || ' ' || (array['Odhiambo','Kamau','Mutua','Wekesa','Chebet','Omondi','Njoroge','Atieno'])[1 + (i / 10) % 8]
        || ' ' || i,
      'person' || i || '@example.co.ke',
      '+254 7' || lpad((i % 100000000)::text, 8, '0'),
      (array['Kisumu County','Treasury','Red Cross','Safaricom','KCB','Nairobi Hospital', null])[1 + i % 7],
      c.title,
      '3rd - 7th March 2025',
      'Nairobi',
      (array['new','confirmed','paid','attended','cancelled'])[1 + (i * 7) % 5],
      'register',
      now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${n}) as i
    join lateral (select title from courses order by slug offset (i % 37) limit 1) c on true
  `);
  await db().execute(sql`analyze course_registrations`);
}

async function p95(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.ceil(times.length * 0.95) - 1] as number;
}

/** The whole export read through the same stream the download uses; returns the row count and peak heap. */
async function exportAll() {
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const reader = csvStream(registrationExport(query(""))).getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  clearInterval(sampler);
  return { bytes, peakMb: (peak - baseline) / 1024 / 1024 };
}

const OPERATIONS: [string, (n: number) => Promise<unknown>][] = [
  ["list, first page (newest first)", () => listRegistrations(query(""))],
  ["list, deepest page", (n) => listRegistrations(query(`page=${Math.ceil(n / 25)}`))],
  // a page in the back half is read from the far end, so the middle one walks the most rows
  ["list, middle page", (n) => listRegistrations(query(`page=${Math.ceil(n / 50)}`))],
  ["course filter's names (list screen)", () => listRegisteredCourseNames()],
  ["search 'wanjiru' (name/e-mail/org/course)", () => listRegistrations(query("q=wanjiru"))],
  ["search, no match", () => listRegistrations(query("q=zzzz-nothing"))],
  [
    "filter status=paid + course",
    () => listRegistrations(query("status=paid&course=Strategic+Planning+and+Performance+Management")),
  ],
  ["filter date range (one month)", () => listRegistrations(query("from=2025-06-01&to=2025-06-30"))],
  ["sort by name, first page", () => listRegistrations(query("sort=name&dir=asc"))],
  ["sort by course, page 100", () => listRegistrations(query("sort=course&dir=asc&page=100"))],
  ["dashboard (every figure)", () => getDashboard()],
];

async function measure(n: number) {
  await seed(n);
  const results: Record<string, number> = {};
  for (const [name, run] of OPERATIONS) results[name] = await p95(() => run(n));
  if (global.gc) global.gc();
  const started = performance.now();
  const exported = await exportAll();
  results["CSV export, all rows"] = performance.now() - started;
  return { results, exported };
}

async function benchmark(label: string) {
  console.log(`\n## ${label} (load ${os.loadavg()[0]?.toFixed(2)})\n`);
  const small = await measure(BASELINE);
  const large = await measure(LARGE);
  console.log(
    `| operation (p95 of ${REPEAT}) | ${BASELINE.toLocaleString("en-US")} rows (ms) | ${LARGE.toLocaleString("en-US")} rows (ms) | ratio |`,
  );
  console.log("|---|---:|---:|---:|");
  for (const name of Object.keys(large.results)) {
    const a = small.results[name] as number;
    const b = large.results[name] as number;
    console.log(`| ${name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(1)}× |`);
  }
  console.log(
    `\nexport of ${LARGE.toLocaleString("en-US")} rows: ${(large.exported.bytes / 1024 / 1024).toFixed(1)} MB of CSV, ` +
      `heap peak +${large.exported.peakMb.toFixed(1)} MB (${BASELINE.toLocaleString("en-US")} rows: +${small.exported.peakMb.toFixed(1)} MB)`,
  );
}

const pglite = await openDatabase({ dataDir: "", inMemory: true });
setDatabase(pglite);
await benchmark("PGlite (in memory)");
await pglite.close();

if (process.env.DATABASE_URL) {
  const name = `mafunzo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    setDatabase(postgres);
    await benchmark("PostgreSQL");
    await postgres.close();
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
