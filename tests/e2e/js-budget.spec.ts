import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { gzippedScriptBytes, sentScriptBytes } from "../../scripts/bench/page-js.mjs";
import { gotoHydrated } from "../helpers/hydration";

// Issue 15: a public page loads at most 120 KB of gzipped JavaScript, counted as `npm run bench` counts it
// (every script, script link and inline import its HTML names, gzip level 9).
const BUDGET_BYTES = 120 * 1024;
/**
 * Decision 0661: /register's form states the booking's total as participants are added, asks the organisation's
 * details side by side and lets the contact count herself in (about 0.7 KB), beside the phone's action bar every
 * public page carries (about 0.5 KB, decision 0662).
 */
const PAGE_BUDGET_BYTES: Record<string, number> = {
  // decision 0750: the discount code field, its check and the total's discounts priced in the page (about 1.5 KB;
  // the page was at 122.0 KB)
  "/register": 124 * 1024,
  // decision 0675: the contact form asks what the message is about and shows the way to the in-house form
  // (about 0.7 KB; the page was at 120.0 KB)
  "/contact": 121 * 1024,
  // decision 0784: the course page's outline by day, who should attend and the method, each under its heading
  // (about 0.3 KB; the page was at 120.0 KB)
  "/courses/strategic-planning-and-performance-management": 121 * 1024,
};
/** The same scripts as the server sends them to a browser: brotli at quality 11, 99-104 KB when this was set. */
const BROTLI_BUDGET_BYTES = 108 * 1024;

const PAGES = [
  "/",
  "/about",
  "/services",
  "/services/management",
  "/courses",
  "/courses/all",
  "/courses/management",
  "/courses/calendar",
  "/courses/strategic-planning-and-performance-management",
  "/gallery",
  "/testimonials",
  "/contact",
  "/register",
  "/account",
];

for (const path of PAGES) {
  test(`${path} loads at most 120 KB of gzipped JavaScript`, async ({ request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const { bytes, files } = await gzippedScriptBytes(baseURL ?? "", html);
    expect(files).toBeGreaterThan(0);
    const gzipBudget = PAGE_BUDGET_BYTES[path] ?? BUDGET_BYTES;
    expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KB gzipped in ${files} files`).toBeLessThanOrEqual(
      gzipBudget,
    );
    // and as the server sends it: the build's brotli copies to a browser, its gzip copies where only gzip is
    // accepted (decision 0623)
    for (const [acceptEncoding, budget] of [
      [undefined, BROTLI_BUDGET_BYTES],
      ["gzip", gzipBudget],
    ] as const) {
      const sent = await sentScriptBytes(baseURL ?? "", html, acceptEncoding);
      expect(
        sent,
        `${path}: ${(sent / 1024).toFixed(1)} KB sent for ${acceptEncoding ?? "a browser"}`,
      ).toBeLessThanOrEqual(budget);
    }
  });
}

// Decision 0606: a public page's scripts are held in its HTML and fetched once the stylesheet is in and a frame
// has been drawn (headless Chromium reports its paint times late, so the stylesheet is what is timed), then it
// hydrates; the back office's are not held.
for (const path of ["/", "/courses/all", "/gallery"]) {
  test(`${path} fetches its scripts after the stylesheet and its first frame, then hydrates`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain("data-modulepreload-after-paint");
    expect(html).toMatch(/<script nonce="[^"]+" type="text\/x-module-after-paint">/);

    await gotoHydrated(page, path);
    const { stylesheetIn, firstScript, held } = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const path = (entry: PerformanceEntry) => new URL(entry.name).pathname;
      return {
        stylesheetIn: Math.max(
          ...resources.filter((r) => path(r).endsWith(".css")).map((r) => r.responseEnd),
        ),
        firstScript: Math.min(...resources.filter((r) => path(r).endsWith(".js")).map((r) => r.startTime)),
        held: document.querySelectorAll("link[data-modulepreload-after-paint], script[type^='text/x-module']")
          .length,
      };
    });
    expect(stylesheetIn).toBeGreaterThan(0);
    expect(firstScript).toBeGreaterThan(stylesheetIn);
    expect(held).toBe(0);
  });
}

test("the back office's scripts are not held for the first paint", async ({ request }) => {
  const html = await (await request.get("/admin/login")).text();
  expect(html).toContain('<link rel="modulepreload"');
  expect(html).toMatch(/<script nonce="[^"]+" type="module" async="">/);
  expect(html).not.toContain("data-modulepreload-after-paint");
});

test("a page whose HTML stalls inside its held module script hydrates once the rest arrives", async ({
  page,
  baseURL,
}) => {
  // the first frame and the 1 s fallback both came while the module script was half parsed: it was put back
  // with half its text, a syntax error, and the page never hydrated (flaky in CI under load)
  const origin = baseURL ?? "";
  const proxy = createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url ?? "/", origin), {
      headers: { "x-forwarded-for": "100.90.1.1", "user-agent": request.headers["user-agent"] ?? "" },
    });
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([name]) => !["content-encoding", "content-length"].includes(name)),
    );
    const body = Buffer.from(await upstream.arrayBuffer());
    response.writeHead(upstream.status, headers);
    const cut = request.url === "/courses/all" ? body.indexOf('type="text/x-module-after-paint">') + 60 : -1;
    if (cut < 60) {
      response.end(body);
      return;
    }
    response.write(body.subarray(0, cut));
    setTimeout(() => response.end(body.subarray(cut)), 1_500);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = proxy.address() as AddressInfo;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoHydrated(page, `http://127.0.0.1:${port}/courses/all`);
    expect(errors).toEqual([]);
  } finally {
    proxy.close();
  }
});
