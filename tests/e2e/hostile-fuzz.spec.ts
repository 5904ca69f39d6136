import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { freePort, startAppServer } from "../../scripts/reliability/app-server.mjs";
import { adminCookie, answersHealth, ClosedEarly, liveHeapMb, postRaw, rssMb } from "../helpers/hostile";

// Random field names, nesting, indices, encodings and sizes thrown at every action, public and admin (with
// a session), for a bounded time against a production build of its own. No answer may be a 5xx, the server
// must keep answering /healthz, and what it keeps in memory must stay flat.
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 45) * 1000;
const MAX_RSS_GROWTH_MB = 200;
// the live heap after a full collection, second half of the run against the first: a leak keeps growing, while
// the resident size also counts garbage not yet collected and the embedded database's memory, which rise and
// settle at the machine's pace
const MAX_LATE_HEAP_GROWTH_MB = 10;
const MAX_LATENCY_MS = 1000;

const PUBLIC_ACTIONS = [
  "/register",
  "/contact",
  "/courses/strategic-planning-and-performance-management",
  "/admin/login",
  "/admin/signup",
];
const ADMIN_ACTIONS = [
  "/admin/registrations",
  "/admin/contacts",
  "/admin/courses",
  "/admin/courses/new",
  "/admin/courses/COURSE",
  "/admin/testimonials",
  "/admin/clients",
  "/admin/facilitators",
  "/admin/content",
  "/admin/settings",
  "/admin/account",
  "/admin/administrators",
  "/admin/documents",
  "/admin/images",
  "/admin/gallery",
  "/admin/registrations/REGISTRATION",
  "/admin/security",
  "/admin/step-up",
  "/admin/passkey-options",
  "/admin/login/verify",
];

const DECLARED = [
  "name",
  "email",
  "password",
  "confirmPassword",
  "intent",
  "id",
  "key",
  "value",
  "title",
  "section",
];
const word = fc.oneof(
  fc.constantFrom(...DECLARED, "__proto__", "constructor", "prototype", "toString", "items", "stats"),
  fc.string({ minLength: 0, maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
);
const index = fc.oneof(
  fc.nat({ max: 30 }),
  fc.constantFrom(4294967294, 4294967295, 10000000, 2 ** 53, -1),
  fc.constantFrom("01", "1e9", "", " ", "x"),
);
/** A name as Conform would write one, or a hostile variation: deep nesting, huge or odd indices. */
const fieldName = fc
  .tuple(
    word,
    fc.array(
      fc.oneof(
        index.map((i) => `[${i}]`),
        word.map((w) => `.${w}`),
      ),
      { maxLength: 12 },
    ),
  )
  .map(([head, tail]) => head + tail.join(""));
const value = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  // control characters among text (decision 0631), and a lone surrogate where an encoding can carry one
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom("\u0000", "\u0001", "\u001b", "\u007f", "\u0085", "\ud800", "a", " "),
      maxLength: 20,
    }),
  },
  { weight: 1, arbitrary: fc.nat({ max: 200_000 }).map((n) => "v".repeat(n)) },
);
const encoding = fc.constantFrom("urlencoded", "multipart", "raw-percent", "json", "text");
const request = fc.record({
  admin: fc.boolean(),
  action: fc.nat(),
  encoding,
  fields: fc.array(fc.tuple(fieldName, value), { maxLength: 40 }),
  repeat: fc.nat({ max: 3000 }),
  rawTail: fc.constantFrom("", "%", "%zz", "%E0%A4%A", "&&&==", "%00", "a[=1"),
});

function encode(sample: typeof request extends fc.Arbitrary<infer T> ? T : never) {
  const fields = [...sample.fields];
  // repeated fields make bodies with thousands of parts, up to about 1.5 MB (over every limit, not absurdly so)
  let size = fields.reduce((sum, [n, v]) => sum + n.length + v.length, 0);
  for (let i = 0; i < sample.repeat && fields.length > 0 && size < 1_500_000; i += 1) {
    const field = fields[i % sample.fields.length] as [string, string];
    fields.push(field);
    size += field[0].length + field[1].length;
  }
  switch (sample.encoding) {
    case "multipart": {
      const boundary = "fuzzboundary";
      const parts = fields.map(
        ([name, v]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, "")}"\r\n\r\n${v}\r\n`,
      );
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
      };
    }
    case "json":
      return { type: "application/json", body: Buffer.from(JSON.stringify(Object.fromEntries(fields))) };
    case "text":
      return { type: "text/plain", body: Buffer.from(fields.map(([n, v]) => `${n}=${v}`).join("\n")) };
    default: {
      const encoded = new URLSearchParams(fields).toString();
      return {
        type: "application/x-www-form-urlencoded",
        body: Buffer.from(sample.encoding === "raw-percent" ? `${encoded}&${sample.rawTail}` : encoded),
      };
    }
  }
}

/** A coarse signature of a request, to count how many kinds the run covered. */
function shapeOf(path: string, type: string, fields: [string, string][]) {
  const names = fields
    .map(([n]) =>
      n
        .replace(/\[\d+\]/g, "[n]")
        .replace(/[^\w[\].]/g, "?")
        .slice(0, 20),
    )
    .sort()
    .join(",");
  return `${path}|${type.split(";")[0]}|${names}`;
}

test("random hostile form bodies never get a 5xx, never stall the server, and leave memory flat", async () => {
  test.setTimeout(BUDGET_MS + 120_000);
  const inspectPort = await freePort();
  const server = await startAppServer({ nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`] });
  try {
    const base = server.url;
    const cookie = await adminCookie(base, "fuzz@mafunzo.test", "Fuzzing-Is-Fun-2026");
    const listed = await (await fetch(`${base}/admin/courses`, { headers: { Cookie: cookie } })).text();
    const courseId = /\/admin\/courses\/([0-9a-f-]{36})/.exec(listed)?.[1] ?? crypto.randomUUID();
    // warm-up, so that start-up allocation is not counted as growth
    for (let i = 0; i < 20; i += 1) await fetch(`${base}/register`);
    const rssBefore = rssMb(server.pid as number);
    const heapBefore = await liveHeapMb(inspectPort);
    let heapHalfway: number | undefined;

    const shapes = new Set<string>();
    const failures: string[] = [];
    let sent = 0;
    let worstMs = 0;
    let closedEarly = 0;
    const rss: number[] = [];
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(request, async (sample) => {
        if (Date.now() - started > BUDGET_MS) return;
        const paths = sample.admin ? ADMIN_ACTIONS : PUBLIC_ACTIONS;
        const path = (paths[sample.action % paths.length] as string)
          .replace("COURSE", courseId)
          .replace("REGISTRATION", crypto.randomUUID());
        const { type, body } = encode(sample);
        const headers: Record<string, string> = {
          "Content-Type": type,
          "Content-Length": String(body.length),
          // a visitor of its own each time: the forms' rate limit would otherwise answer every later post
          "X-Forwarded-For": `198.18.${(sent >> 8) & 255}.${sent & 255}`,
        };
        if (sample.admin) headers.Cookie = cookie;
        const t0 = performance.now();
        // failures are collected, not thrown: a counterexample of megabytes is no use printed whole
        const status = await postRaw(base, path, headers, body).catch((error: unknown) =>
          error instanceof ClosedEarly ? "closed" : `error: ${(error as Error).message}`,
        );
        const ms = performance.now() - t0;
        sent += 1;
        // a body refused by closing mid-way has no answer to time (the client waited out its own grace period)
        if (status !== "closed") worstMs = Math.max(worstMs, ms);
        shapes.add(shapeOf(path, type, sample.fields));
        if (status === "closed") closedEarly += 1;
        else if (typeof status === "string" || status >= 500) {
          failures.push(
            `${path} ${type} ${body.length} bytes → ${status}: ${body.subarray(0, 120).toString()}`,
          );
        }
        if (sent % 250 === 0) {
          if (!(await answersHealth(base))) failures.push(`/healthz silent after ${sent}`);
          rss.push(rssMb(server.pid as number));
        }
        if (heapHalfway === undefined && Date.now() - started > BUDGET_MS / 2)
          heapHalfway = await liveHeapMb(inspectPort);
      }),
      {
        numRuns: 100_000,
        interruptAfterTimeLimit: BUDGET_MS,
        markInterruptAsFailure: false,
        seed: Date.now(),
      },
    );
    expect(await answersHealth(base)).toBe(true);
    const rssAfter = rssMb(server.pid as number);
    const growth = rssAfter - rssBefore;
    const heapAfter = await liveHeapMb(inspectPort);
    const lateGrowth = heapAfter - (heapHalfway ?? heapBefore);
    console.log(
      `fuzz: ${sent} hostile requests (${closedEarly} refused by closing mid-body), ${shapes.size} distinct shapes, worst latency ${Math.round(worstMs)} ms, RSS growth ${Math.round(growth)} MB (samples ${rss.map(Math.round).join(" ")}), live heap ${heapBefore.toFixed(1)} → ${heapHalfway?.toFixed(1)} → ${heapAfter.toFixed(1)} MB`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    expect(worstMs).toBeLessThan(MAX_LATENCY_MS);
    expect(growth).toBeLessThan(MAX_RSS_GROWTH_MB);
    expect(lateGrowth).toBeLessThan(MAX_LATE_HEAP_GROWTH_MB);
  } finally {
    await server.stop();
  }
});
