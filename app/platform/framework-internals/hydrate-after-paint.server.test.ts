import { describe, expect, it } from "vitest";
import { HELD_MODULE, HELD_PRELOAD, HydrateAfterPaint } from "./hydrate-after-paint.server";

const NONCE = "n0nce+/=";
const DOCUMENT = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0nce+/="/>',
  '<link rel="modulepreload" href="/assets/framework-2.js" nonce="n0nce+/="/>',
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Karibu — Mafunzo 🎓 Café</h1>',
  '<script nonce="n0nce+/=">window.__reactRouterContext = {};</script>',
  `<script nonce="${NONCE}" type="module" async="">import "/assets/framework-2.js";`,
  'import("/assets/entry.client-1.js");</script></body></html>',
].join("");

/** The document through the transform, written in chunks of `size` bytes. */
async function rewrite(text: string, size: number) {
  const bytes = Buffer.from(text, "utf8");
  const transform = new HydrateAfterPaint(NONCE);
  const out: Buffer[] = [];
  transform.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => transform.on("end", resolve));
  for (let at = 0; at < bytes.length; at += size) transform.write(bytes.subarray(at, at + size));
  transform.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

describe("HydrateAfterPaint", () => {
  it("holds the preloads and the module script, and puts the restoring script before the module script", async () => {
    const out = await rewrite(DOCUMENT, 64 * 1024);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(new RegExp(`<link ${HELD_PRELOAD}=""`, "g"))).toHaveLength(2);
    expect(out).not.toContain('type="module"');
    expect(out.match(/setTimeout\(start, 1000\)/g)).toHaveLength(1);
    const held = `<script nonce="${NONCE}" type="${HELD_MODULE}">`;
    expect(out.indexOf("requestAnimationFrame")).toBeLessThan(out.indexOf(held));
    expect(out).toContain(`${held}import "/assets/framework-2.js";`);
    expect(out).toContain("<h1>Karibu — Mafunzo 🎓 Café</h1>");
    expect(out.endsWith("</script></body></html>")).toBe(true);
  });

  it("gives the same document however the stream is cut, through multi-byte characters too", async () => {
    const whole = await rewrite(DOCUMENT, 64 * 1024);
    for (let size = 1; size <= 80; size++) expect(await rewrite(DOCUMENT, size)).toBe(whole);
  });

  it("leaves another nonce's module script alone", async () => {
    const other = DOCUMENT.replace(
      `<script nonce="${NONCE}" type="module"`,
      '<script nonce="other" type="module"',
    );
    const out = await rewrite(other, 7);
    expect(out).toContain('<script nonce="other" type="module" async="">');
    expect(out).not.toContain("requestAnimationFrame");
  });
});
