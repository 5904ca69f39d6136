import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderOffThread, startRenderPool } from "#app/platform/pdf/render-pool.server";
import { seedSiteContent } from "#app/site/seed/site-content";
import { extractPdfText } from "../helpers/pdf-text";

// The PDF render pool (decision 0653), from the sources as development runs it: the worker thread renders what the
// request thread would have, and the request thread keeps turning meanwhile.

const root = path.resolve(import.meta.dirname, "../..");
const site = () => import("#app/site/pdf.server");
const brochure = () => renderOffThread("site", site, "renderBrochurePdf", seedSiteContent);

/** The longest the event loop went without a turn while `work` ran, in ms. */
async function longestStall(work: () => Promise<unknown>) {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return Math.max(longest, performance.now() - last);
}

// in this thread first, before the pool starts: the same function, the same document
let inline: Uint8Array;
let inlineStall = 0;

describe("without the pool", () => {
  it("renders in this thread, holding the event loop for the render", async () => {
    await brochure(); // the PDF library loaded
    inlineStall = await longestStall(async () => {
      inline = await brochure();
    });
    expect(extractPdfText(Buffer.from(inline))).toContain("Mafunzo");
  });
});

describe("with the pool", () => {
  let stop = async () => {};
  beforeAll(() => {
    stop = startRenderPool({
      workerFile: path.join(root, "server/render-worker.mjs"),
      entry: path.join(root, "server/render-tasks.ts"),
      source: true,
    });
  });
  afterAll(() => stop());

  it("renders the same document on a worker thread while the event loop keeps turning", async () => {
    await brochure(); // the worker started and its PDF library loaded
    let pooled: Uint8Array[] = [];
    const began = performance.now();
    const stall = await longestStall(async () => {
      pooled = await Promise.all([brochure(), brochure()]);
    });
    const rendering = performance.now() - began;
    for (const bytes of pooled) {
      expect(extractPdfText(Buffer.from(bytes))).toBe(extractPdfText(Buffer.from(inline)));
    }
    console.info(
      `longest stall: ${Math.round(inlineStall)} ms inline; ${Math.round(stall)} ms in ${Math.round(rendering)} ms of two renders on the pool`,
    );
    // the inline render held the loop for its whole length; while two renders run on the pool it keeps turning
    // (measured against the renders' own time: on a loaded machine everything takes longer)
    expect(inlineStall).toBeGreaterThan(Math.min(50, rendering / 3));
    expect(stall).toBeLessThan(Math.max(50, rendering / 3));
  });

  it("answers a render function that no feature exports with an error, and goes on rendering", async () => {
    await expect(
      renderOffThread("site", site, "renderNothing" as "renderBrochurePdf", seedSiteContent),
    ).rejects.toThrow(/No off-thread function site\.renderNothing/);
    expect((await brochure()).byteLength).toBeGreaterThan(1000);
  });
});
