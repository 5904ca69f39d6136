import { expect, test } from "@playwright/test";
import { STATIC_PUBLIC_PATHS } from "../../app/utils/sitemap";
import { startAppServer } from "../../scripts/reliability/app-server.mjs";

const FIXED_PAGES = STATIC_PUBLIC_PATHS.map(({ path }) => path);
const WARMED = "public pages rendered once at start";

type LogLine = { msg?: string; requestId?: string; url?: string; status?: number };
const logLines = (output: string): LogLine[] =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

test("at start the server renders each fixed public page once into the page cache, whole, and visitors get their own nonce", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const server = await startAppServer({ env: { LOG_LEVEL: "info" } });
  try {
    await expect
      .poll(() => logLines(server.output()).find((line) => line.msg === WARMED), { timeout: 30_000 })
      .toMatchObject({ warmed: FIXED_PAGES.length, failed: [] });
    const warmUps = logLines(server.output()).filter((line) => line.requestId === "warm-up");
    expect(warmUps.map((line) => line.url)).toEqual(FIXED_PAGES);
    expect(warmUps.every((line) => line.status === 200)).toBe(true);

    for (const path of FIXED_PAGES) {
      const response = await request.get(`${server.url}${path}`);
      expect(response.status(), path).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
      const html = await response.text();
      // every inline script carries this response's nonce, none the warm-up's
      const nonces = new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...nonces], path).toEqual([nonce]);
      // rendered whole: no Suspense boundary was sent after the shell and swapped in by a script
      expect(html.includes("<!--$?-->"), `${path} has a boundary streamed after the shell`).toBe(false);
    }

    const page = await browser.newPage();
    await page.goto(`${server.url}/courses/all`);
    await expect(page.locator("h1")).toHaveCount(1);
    await page.close();
  } finally {
    await server.stop();
  }
});
