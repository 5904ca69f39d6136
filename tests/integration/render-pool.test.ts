import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImport, findImport, previewImport } from "#app/money/index.server";
import { readMpesaStatement } from "#app/money/testing.server";
import { zipResponse } from "#app/platform/files/zip.server";
import { renderOffThread, startRenderPool } from "#app/platform/pdf/render-pool.server";
import { seedSiteContent } from "#app/site/testing.server";
import { extractPdfText } from "../helpers/pdf-text";

// The render pool (decisions 0653, 0668), from the sources as development runs it: the worker thread renders,
// zips and reads statements as the request thread would have, and the request thread keeps turning meanwhile.

const root = path.resolve(import.meta.dirname, "../..");
const site = () => import("#app/site/pdf.server");
const firm = {
  ...seedSiteContent.contact,
  legalName: "Mafunzo Training & Consultancy Ltd",
  kraPin: null,
  logo: null,
  signature: null,
};
const brochure = () => renderOffThread("site", site, "renderBrochurePdf", seedSiteContent, firm);

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
let inlineTook = 0;

describe("without the pool", () => {
  it("renders in this thread, holding the event loop for the render", async () => {
    await brochure(); // the PDF library loaded
    const began = performance.now();
    inlineStall = await longestStall(async () => {
      inline = await brochure();
    });
    inlineTook = performance.now() - began;
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
      `longest stall: ${Math.round(inlineStall)} ms of ${Math.round(inlineTook)} ms inline; ${Math.round(stall)} ms in ${Math.round(rendering)} ms of two renders on the pool`,
    );
    // the inline render held the loop for most of its length; while two renders run on the pool it keeps turning
    // (each measured against the renders' own time: on a loaded machine everything takes longer, and on a quiet
    // one the inline render may be over in under 50 ms)
    expect(inlineStall).toBeGreaterThan(inlineTook / 2);
    expect(stall).toBeLessThan(Math.max(50, rendering / 3));
  });

  it("answers a render function that no feature exports with an error, and goes on rendering", async () => {
    await expect(
      renderOffThread("site", site, "renderNothing" as "renderBrochurePdf", seedSiteContent, firm),
    ).rejects.toThrow(/No off-thread function site\.renderNothing/);
    expect((await brochure()).byteLength).toBeGreaterThan(1000);
  });

  it("builds a ZIP on a worker thread holding the entries as given", async () => {
    const entries = [
      { name: "1-participants.pdf", data: await brochure() },
      {
        name: "5-certificates/certificate-jane-ABCD-EFGH-JKLM-NPQR.pdf",
        data: new Uint8Array([1, 2, 3, 0, 255]),
      },
    ];
    const response = await zipResponse(entries, "pack.zip");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="pack.zip"');
    const unzipped = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(unzipped)).toEqual(entries.map((e) => e.name));
    for (const e of entries)
      expect(Buffer.from(unzipped[e.name] as Uint8Array).equals(Buffer.from(e.data))).toBe(true);
  });

  it("reads a statement on a worker thread as this thread reads it, and keeps a refusal's message", async () => {
    const actor = { id: null, email: "finance@mafunzo.test", ip: "127.0.0.1", userAgent: "vitest" };
    const csv = Buffer.from(
      [
        "Account Holder:,Mafunzo",
        "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.",
        ...Array.from(
          { length: 50 },
          (_, i) =>
            `TKP${String(i).padStart(7, "0")},2026-11-20 09:30:00,2026-11-20 09:30:00,Pay Bill,${i % 7 ? "Completed" : "Failed"},"5.00",,0,true,Pay Bill Online,PAYER,,ACME ${i}`,
        ),
      ].join("\n"),
    );
    const created = await createImport(actor, "mpesa", "statement.csv", csv);
    if (!created.ok) throw new Error(created.message);
    const item = await findImport(created.id);
    const pooled = await previewImport(item as NonNullable<typeof item>);
    const inline = await readMpesaStatement(csv);
    expect(
      pooled.map(({ state: _, bookingId: __, bookingReference: ___, note: ____, ...line }) => line),
    ).toEqual(inline);
    expect(pooled.filter((line) => line.refusal)).toHaveLength(8);
    // a refusal crosses the thread as the clerk's message, and nothing is stored
    expect(await createImport(actor, "mpesa", "empty.csv", Buffer.alloc(0))).toEqual({
      ok: false,
      message: "The file is empty.",
    });
    expect(
      await createImport(actor, "bank", "latin1.csv", Buffer.from([0x44, 0x61, 0x74, 0x65, 0xe9, 0x0a])),
    ).toEqual({
      ok: false,
      message: expect.stringContaining("The file is not UTF-8 text."),
    });
  });
});
