import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed-assets";

const SCRIPT = `export const greeting = ${JSON.stringify("habari ".repeat(2000))};\n`;
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-precompressed-"));
  fs.writeFileSync(path.join(dir, "app-1.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "app-1.js.br"), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "app-1.js.gz"), zlib.gzipSync(SCRIPT));
  // a script the build left no copy of (one not smaller than the original)
  fs.writeFileSync(path.join(dir, "tiny-2.js"), SCRIPT);
  // a script whose copy is removed once the server has started
  fs.writeFileSync(path.join(dir, "gone-3.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "gone-3.js.br"), zlib.brotliCompressSync(SCRIPT));
  // as server/main.js mounts them
  const app = express();
  app.use(compression());
  const hashed = { immutable: true, maxAge: "1y" };
  app.use("/assets", precompressedAssets(dir, hashed), express.static(dir, { ...hashed, index: false }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The answer's headers and its body as sent, not decoded. */
function get(file: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ headers: http.IncomingHttpHeaders; status: number; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
      http
        .request(`${base}${file}`, { method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              headers: response.headers,
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject)
        .end();
    },
  );
}

describe("precompressedAssets (decision 0623)", () => {
  it("sends the brotli copy to a browser that accepts it, typed and cached as the script itself", async () => {
    const answer = await get("/assets/app-1.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(fs.statSync(path.join(dir, "app-1.js.br")).size);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy where brotli is not accepted, or refused with q=0", async () => {
    for (const header of ["gzip", "br;q=0, gzip;q=0.8"]) {
      const answer = await get("/assets/app-1.js", header);
      expect(answer.headers["content-encoding"], header).toBe("gzip");
      expect(zlib.gunzipSync(answer.body).toString(), header).toBe(SCRIPT);
    }
  });

  it("sends the script itself to a client that accepts no encoding", async () => {
    for (const header of [undefined, "identity"]) {
      const answer = await get("/assets/app-1.js", header);
      expect(answer.headers["content-encoding"], header).toBeUndefined();
      expect(answer.body.toString(), header).toBe(SCRIPT);
    }
  });

  it("leaves a script without copies to the compression middleware, and answers HEAD like GET", async () => {
    const answer = await get("/assets/tiny-2.js", "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(answer.body).toString()).toBe(SCRIPT);
    const head = await get("/assets/app-1.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("sends the script itself, as any other, when its copy is gone under the running server", async () => {
    fs.rmSync(path.join(dir, "gone-3.js.br"));
    const answer = await get("/assets/gone-3.js", "br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("never points a request outside the build's files", async () => {
    expect((await get("/assets/..%2Fapp-1.js", "br")).status).toBe(404);
    expect((await get("/assets/missing.js", "br")).status).toBe(404);
  });
});
