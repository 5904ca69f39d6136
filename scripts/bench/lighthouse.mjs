// Lighthouse (mobile preset) on the production build: median of three runs per page, plus the
// compressed JavaScript each page loads. Run `npm run build` first, then `npm run bench:lighthouse`.
// Options: --runs N, --pages /,/gallery (default: home, catalogue, a course page, gallery); writes scripts/bench/lighthouse-results.json.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { resolveChromium } from "../../tests/helpers/chromium.mjs";
import { startAppServer } from "../reliability/app-server.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "3"));
const PAGES = arg(
  "pages",
  "/,/courses/all,/courses/strategic-planning-and-performance-management,/gallery",
).split(",");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const server = await startAppServer();
const chrome = await chromeLauncher.launch({
  chromePath: await resolveChromium(),
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

const results = [];
try {
  for (const pagePath of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${server.url}${pagePath}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const requests = lhr.audits["network-requests"]?.details?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === "Script");
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
        tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
        cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
        jsTransferKb: Number((scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1)),
        jsFiles: scripts.length,
        // Lighthouse's measure of this machine's CPU speed: a desktop scores about 1500-2500
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
    }
    const summary = { page: pagePath, runs: RUNS };
    for (const key of Object.keys(runs[0])) summary[key] = median(runs.map((r) => r[key]));
    results.push(summary);
    console.log(JSON.stringify(summary));
  }
} finally {
  await chrome.kill();
  await server.stop();
}
fs.writeFileSync(
  path.join(import.meta.dirname, "lighthouse-results.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.table(results);
