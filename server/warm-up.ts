import http from "node:http";
import type { AddressInfo } from "node:net";
import { STATIC_PUBLIC_PATHS } from "#app/utils/sitemap";

/** The site's fixed public pages, as the sitemap names them; course pages are as many as the catalogue has. */
const FIXED_PUBLIC_PAGES = STATIC_PUBLIC_PATHS.map(({ path }) => path);

/** Sent as the request id, so the access log tells these requests from visitors'. */
export const WARM_UP_REQUEST_ID = "warm-up";

/** Where this process reaches itself: loopback when it listens on every address, else the address it has. */
function ownHost({ address }: AddressInfo) {
  if (address === "0.0.0.0") return "127.0.0.1";
  if (address === "::") return "::1";
  return address;
}

function getStatus(agent: http.Agent, address: AddressInfo, path: string, signal?: AbortSignal) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get(
      {
        agent,
        host: ownHost(address),
        port: address.port,
        path,
        signal,
        timeout: 30_000,
        // a crawler's user agent: the page is rendered whole before it is sent, as for a search engine, so
        // the page kept has no part streamed after the shell (a cold process has not always finished the
        // hydration data by then)
        headers: { "x-request-id": WARM_UP_REQUEST_ID, "user-agent": "Mafunzo warm-up" },
      },
      (response) => {
        response.once("end", () => resolve(response.statusCode ?? 0));
        response.once("error", reject);
        response.resume();
      },
    );
    request.once("timeout", () => request.destroy(new Error(`${path}: no answer in 30 s`)));
    request.once("error", reject);
  });
}

/**
 * Asks this server for each fixed public page once, one after another, as an anonymous visitor with no cookie
 * (decision 0621). The page cache keeps each one whole, so the first visitors after a start or a deploy are
 * answered from it (the home page in about 14 ms instead of 170), and what rendering a page first loads (its
 * code compiled, the locale and time-zone data, the public data cache) is part of the idle process rather than
 * of the first visitor's wait. A page that does not answer 200 (maintenance mode, a database that went away)
 * is only reported: a visitor's request renders it as it would have anyway.
 */
export async function warmPublicPages(
  address: AddressInfo,
  { signal, paths = FIXED_PUBLIC_PAGES }: { signal?: AbortSignal; paths?: readonly string[] } = {},
): Promise<{ warmed: number; failed: string[]; ms: number }> {
  const started = performance.now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let warmed = 0;
  const failed: string[] = [];
  try {
    for (const path of paths) {
      if (signal?.aborted) break;
      const status = await getStatus(agent, address, path, signal).catch(() => 0);
      if (status === 200) warmed += 1;
      else failed.push(path);
    }
  } finally {
    agent.destroy();
  }
  return { warmed, failed, ms: Math.round(performance.now() - started) };
}
