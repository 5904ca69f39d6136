import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { STATIC_PUBLIC_PATHS } from "#app/utils/sitemap";
import { WARM_UP_REQUEST_ID, warmPublicPages } from "./warm-up";

type Seen = { path: string; headers: http.IncomingHttpHeaders };
let server: http.Server | undefined;

/** A real server on every address that records each request and answers it through `answer`. */
async function listen(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", headers: req.headers });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, "0.0.0.0", resolve));
  return { seen, address: server.address() as AddressInfo };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe("warmPublicPages (decision 0621)", () => {
  it("asks once for each fixed public page the sitemap names, one at a time, with no cookie, as a crawler", async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const { seen, address } = await listen((_req, res) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.end("page");
      }, 5);
    });

    const result = await warmPublicPages(address);

    expect(seen.map((request) => request.path)).toEqual(STATIC_PUBLIC_PATHS.map(({ path }) => path));
    expect(mostInFlight).toBe(1);
    for (const { headers } of seen) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
      expect(headers["x-request-id"]).toBe(WARM_UP_REQUEST_ID);
      expect(headers["user-agent"]).toBe("Mafunzo warm-up");
    }
    expect(result).toMatchObject({ warmed: STATIC_PUBLIC_PATHS.length, failed: [] });
  });

  it("reports the pages that did not answer 200 and goes on with the rest", async () => {
    const { address } = await listen((req, res) => {
      if (req.url === "/about") res.writeHead(503).end("back shortly");
      else if (req.url === "/gallery") req.socket.destroy();
      else res.end("page");
    });

    const result = await warmPublicPages(address, { paths: ["/", "/about", "/gallery", "/contact"] });

    expect(result).toMatchObject({ warmed: 2, failed: ["/about", "/gallery"] });
  });

  it("stops at once when the server shuts down, with the page it was waiting for unanswered", async () => {
    const stop = new AbortController();
    const { seen, address } = await listen((req, res) => {
      if (req.url === "/about") stop.abort();
      else res.end("page");
    });

    const result = await warmPublicPages(address, {
      signal: stop.signal,
      paths: ["/", "/about", "/gallery"],
    });

    expect(seen.map((request) => request.path)).toEqual(["/", "/about"]);
    expect(result).toMatchObject({ warmed: 1, failed: ["/about"] });
  });
});
