// What a page costs the browser in JavaScript: every `<script src>`, script `<link>` (a modulepreload, or one
// held until the first paint, decision 0606) and inline import its HTML names, each gzipped at level 9. Shared
// by `npm run bench` and the budget e2e spec.
import http from "node:http";
import zlib from "node:zlib";

/** The script URLs a page's HTML names, each once. */
export function pageScriptUrls(html) {
  const urls = new Set(
    [...html.matchAll(/<(?:link|script)[^>]* (?:href|src)="([^"]+\.js)"/g)].map((m) => m[1]),
  );
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|(?:import|from) "([^"]+\.js)"/g))
    urls.add(m[1] ?? m[2]);
  return urls;
}

/** Gzipped bytes of the scripts `html` names, fetched from `baseUrl`. */
export async function gzippedScriptBytes(baseUrl, html) {
  const urls = pageScriptUrls(html);
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(new URL(url, baseUrl));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    bytes += zlib.gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return { bytes, files: urls.size };
}

/** What Chromium asks for. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** The bytes one GET of `url` sends as they come over the wire, still encoded. */
function sentBytes(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`));
        let bytes = 0;
        response.on("data", (chunk) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/** The bytes the server sends for the scripts `html` names to a browser that accepts `acceptEncoding`. */
export async function sentScriptBytes(baseUrl, html, acceptEncoding = BROWSER_ACCEPT_ENCODING) {
  let bytes = 0;
  for (const url of pageScriptUrls(html)) bytes += await sentBytes(new URL(url, baseUrl), acceptEncoding);
  return bytes;
}
