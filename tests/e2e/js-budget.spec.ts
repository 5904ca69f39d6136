import { expect, test } from "@playwright/test";
import { gzippedScriptBytes } from "../../scripts/bench/page-js.mjs";

// Issue 15: a public page loads at most 120 KB of gzipped JavaScript, counted as `npm run bench` counts it
// (every script, modulepreload and inline import its HTML names, gzip level 9).
const BUDGET_BYTES = 120 * 1024;

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
];

for (const path of PAGES) {
  test(`${path} loads at most 120 KB of gzipped JavaScript`, async ({ request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const { bytes, files } = await gzippedScriptBytes(baseURL ?? "", await response.text());
    expect(files).toBeGreaterThan(0);
    expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KB gzipped in ${files} files`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  });
}
