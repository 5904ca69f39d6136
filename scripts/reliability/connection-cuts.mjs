#!/usr/bin/env node
// Reliability check (issue 45, finding 15): the built server on PostgreSQL while its database connections are
// cut again and again (pg_terminate_backend, as a failover, a restart or a pooler's idle timeout does), under
// registrations, M-PESA confirmations and a statement commit. The process must live, answer nothing 500 (a
// request whose connection was cut answers 503), lose nothing it acknowledged, and serve again within seconds
// of the last cut.
//
//   node scripts/reliability/connection-cuts.mjs --database-url postgres://postgres@127.0.0.1:5432/test [--cuts 24]
//
// Run `npm run build` first. Prints a JSON summary; exits 1 when a check fails.
import { parseArgs } from "node:util";
import pg from "pg";
import { COURSE_SLUG, createScratchDatabase, formKey, startAppServer } from "./app-server.mjs";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    cuts: { type: "string", default: "24" },
    "cut-every-ms": { type: "string", default: "400" },
  },
});
if (!args["database-url"]) {
  console.error("--database-url is required: the check is about PostgreSQL's connections");
  process.exit(2);
}
const CUTS = Number(args.cuts);
const CUT_EVERY_MS = Number(args["cut-every-ms"]);
const SECRET = "cuts-callback-secret-0123456789abcdef";
const STATEMENT_LINES = 300;
const SERVE_AGAIN_WITHIN_MS = 10_000;

const scratch = await createScratchDatabase(args["database-url"], "cuts");
const started = Date.now();
const statuses = {};
const failedPaths = new Set();
const count = (status, path) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status >= 500 && status !== 503) failedPaths.add(path);
};

async function query(sql, params = []) {
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Sends `send` until it is answered with something other than 503 or a dropped connection. */
async function untilAnswered(label, send, deadlineMs = 60_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const response = await send().catch(() => null);
    if (response) {
      count(response.status, label);
      if (response.status !== 503) return response;
      await response.arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${label}: never answered but 503`);
}

let server;
const summary = { cuts: 0 };
let failure;
try {
  // the first start migrates and seeds; the callback secret is then set as the settings screen would
  server = await startAppServer({ databaseUrl: scratch.url });
  await server.stop();
  await query(
    `insert into system_settings (key, value) values ('mpesa_callback_secret', $1::jsonb)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(SECRET)],
  );
  server = await startAppServer({ databaseUrl: scratch.url });
  const origin = server.url;
  const post = (path, body, headers = {}) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, ...headers },
      body,
      signal: AbortSignal.timeout(20_000),
    });

  // the admin who imports the statement: the first sign-up of a new installation
  const signup = await post(
    "/admin/signup",
    new URLSearchParams({
      email: "cuts@mafunzo.test",
      password: "Rwenzori-2026",
      confirmPassword: "Rwenzori-2026",
    }),
  );
  const cookie = (signup.headers.getSetCookie().find((c) => c.startsWith("mafunzo_admin=")) ?? "").split(
    ";",
  )[0];
  if (!cookie) throw new Error(`admin sign-up failed: ${signup.status}`);

  const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  const header =
    "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.";
  const statementCodes = Array.from({ length: STATEMENT_LINES }, (_, i) => `TS${String(i).padStart(8, "0")}`);
  const statement = [
    header,
    ...statementCodes.map((code, i) =>
      [
        code,
        `${today} 09:30:00`,
        `${today} 09:30:00`,
        "Pay Bill",
        "Completed",
        `"${1000 + i}.00"`,
        "",
        "0",
        "true",
        "Pay Bill Online",
        `PAYER ${i}`,
        "",
        `UNKNOWN${i}`,
      ].join(","),
    ),
  ].join("\r\n");
  const upload = new FormData();
  upload.set("kind", "mpesa");
  upload.set("file", new Blob([statement], { type: "text/csv" }), "statement.csv");
  const uploaded = await untilAnswered("statement upload", () =>
    post("/admin/finance/imports", upload, { cookie }),
  );
  const importPath = uploaded.headers.get("location");
  if (!importPath) throw new Error(`statement upload answered ${uploaded.status}`);

  const acknowledged = { registrations: new Set(), confirmations: new Set(), statement: false };
  let cutting = true;

  async function registrations(worker) {
    for (let i = 0; cutting; i++) {
      const key = formKey();
      const body = new URLSearchParams({
        name: `Cut Participant ${worker}-${i}`,
        email: `cut${worker}-${i}@example.com`,
        course: COURSE_SLUG,
        formKey: key,
      });
      const response = await post("/register.data", body, {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": `10.9.${worker}.${i % 250}`,
      }).catch(() => null);
      if (!response) continue;
      count(response.status, "/register.data");
      const text = await response.text();
      if (response.status === 200 && /"reference","MF-/.test(text)) acknowledged.registrations.add(key);
    }
  }

  async function confirmations(worker) {
    for (let i = 0; cutting; i++) {
      const code = `TC${worker}${String(i).padStart(7, "0")}`;
      const body = JSON.stringify({
        TransactionType: "Pay Bill",
        TransID: code,
        TransTime: `${today.replaceAll("-", "")}101500`,
        TransAmount: "1500.00",
        BusinessShortCode: "880142",
        BillRefNumber: `UNKNOWN${i}`,
        MSISDN: "254712345678",
        FirstName: "JANE",
      });
      const response = await post(`/api/mpesa/${SECRET}/confirmation`, body, {
        "content-type": "application/json",
      }).catch(() => null);
      if (!response) continue;
      count(response.status, "/api/mpesa/confirmation");
      const answer = await response.json().catch(() => ({}));
      if (response.status === 200 && String(answer.ResultCode) === "0") acknowledged.confirmations.add(code);
    }
  }

  async function commitStatement() {
    // the preview's fingerprint, as the page's form carries it; a cut commit is simply committed again
    while (cutting && !acknowledged.statement) {
      const page = await fetch(`${origin}${importPath}`, { headers: { cookie } }).catch(() => null);
      if (!page) continue;
      count(page.status, "statement preview");
      const fingerprint = /name="preview" value="([0-9a-f]{64})"/.exec(await page.text())?.[1];
      if (!fingerprint) continue;
      const response = await post(
        importPath,
        new URLSearchParams({ intent: "commit", skip: "", preview: fingerprint }),
        { cookie, "content-type": "application/x-www-form-urlencoded" },
      ).catch(() => null);
      if (!response) continue;
      count(response.status, "statement commit");
      if (response.status === 302 && response.headers.get("location")?.startsWith("/admin/finance/payments"))
        acknowledged.statement = true;
    }
  }

  async function cuts() {
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      for (let i = 0; i < CUTS; i++) {
        await new Promise((resolve) => setTimeout(resolve, CUT_EVERY_MS));
        const rows = await admin.query(
          "select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        summary.cuts += 1;
        summary.connectionsCut = (summary.connectionsCut ?? 0) + rows.rows.filter((r) => r.cut).length;
        if (server.exited()) throw new Error(`the server died after ${summary.cuts} cuts`);
      }
    } finally {
      await admin.end();
    }
  }

  const load = [...[0, 1, 2].map(registrations), ...[0, 1].map(confirmations), commitStatement()];
  let cutFailure;
  await cuts().catch((error) => {
    cutFailure = error;
  });
  const lastCut = Date.now();
  cutting = false;
  await Promise.all(load);
  if (cutFailure) throw cutFailure;
  if (server.exited()) throw new Error(`the server died: ${server.stderr().slice(-2000)}`);

  // it serves again within seconds of the last cut: ready, and a page
  let servedAfterMs;
  while (Date.now() - lastCut < SERVE_AGAIN_WITHIN_MS) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    const page = await fetch(`${origin}/courses/all`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200 && page === 200) {
      servedAfterMs = Date.now() - lastCut;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // the statement's commit finishes once the cuts stop, if it had not yet
  if (!acknowledged.statement) {
    cutting = true;
    await Promise.race([commitStatement(), new Promise((resolve) => setTimeout(resolve, 30_000))]);
    cutting = false;
  }

  const storedKeys = new Set(
    (await query("select idempotency_key as key from course_registrations")).map((r) => r.key),
  );
  const ledgerCodes = new Set(
    (
      await query(
        "select transaction_code as code from payments union all select transaction_code from payment_reviews",
      )
    ).map((r) => r.code),
  );
  const lostRegistrations = [...acknowledged.registrations].filter((key) => !storedKeys.has(key));
  const lostConfirmations = [...acknowledged.confirmations].filter((code) => !ledgerCodes.has(code));
  const lostStatementLines = acknowledged.statement ? statementCodes.filter((c) => !ledgerCodes.has(c)) : [];
  const twice = await query(
    "select transaction_code, count(*) as n from payments where transaction_code is not null group by 1 having count(*) > 1",
  );
  const cacheControl = {
    admin: (await fetch(`${origin}/admin/finance/payments.data`, { headers: { cookie } })).headers.get(
      "cache-control",
    ),
    portal: (await fetch(`${origin}/account`)).headers.get("cache-control"),
  };
  Object.assign(summary, {
    statuses,
    failedPaths: [...failedPaths],
    registrations: acknowledged.registrations.size,
    confirmations: acknowledged.confirmations.size,
    statementCommitted: acknowledged.statement,
    lostRegistrations: lostRegistrations.length,
    lostConfirmations: lostConfirmations.length,
    lostStatementLines: lostStatementLines.length,
    paymentsTwice: twice.length,
    servedAfterMs,
    cacheControl,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  });
  if (statuses[500]) failure = `${statuses[500]} requests answered 500`;
  else if (servedAfterMs === undefined) failure = "not serving again within 10 s of the last cut";
  else if (lostRegistrations.length || lostConfirmations.length || lostStatementLines.length)
    failure = "acknowledged work was lost";
  else if (twice.length) failure = "a payment was recorded twice";
  else if (!acknowledged.statement) failure = "the statement was never committed";
  else if (!acknowledged.registrations.size || !acknowledged.confirmations.size)
    failure = "nothing was acknowledged under the cuts";
  else if (cacheControl.admin !== "no-store" || cacheControl.portal !== "no-store")
    failure = "an admin or portal response lacks Cache-Control: no-store";
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  if (failure && server)
    summary.serverErrors = server
      .output()
      .split("\n")
      .filter((l) => /"level":50/.test(l))
      .slice(0, 5);
  await server?.stop().catch(() => {});
  await scratch.drop().catch(() => {});
}
console.log(JSON.stringify({ ...summary, ok: !failure, failure }));
process.exit(failure ? 1 : 0);
