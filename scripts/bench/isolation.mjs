// The "isolation" part of `npm run bench` (issue 36): how much of the home page's solo throughput survives while
// heavy work runs on the same server. Each figure is a ratio within one run: the home page alone, then the same
// load on the home page while the heavy work runs, with the worst p99 of each kind of slice.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import autocannon from "autocannon";

/** Clients that download the catalogue PDF over and over, as four phones would. */
const DOWNLOADERS = 4;

function homeLoad(url, seconds) {
  return new Promise((resolve, reject) =>
    autocannon({ url, duration: seconds, connections: 32, pipelining: 1, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

/**
 * `clients` loops, each asking for `url` again as soon as the last answer is read, until stopped. Counts the
 * answers by status: a 503 (the server's bound on that kind of work) waits its Retry-After as a client would.
 * The loops run on a thread of their own, so they take no time from autocannon's measuring thread.
 */
function downloadLoops(url, clients) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, clients } });
  const finished = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const counts = await finished;
      await worker.terminate();
      return counts;
    },
  };
}

async function runDownloadLoops({ url, clients }) {
  const counts = { ok: 0, busy: 0, other: 0, times: [] };
  let stopped = false;
  parentPort.once("message", () => {
    stopped = true;
  });
  const loop = async () => {
    while (!stopped) {
      const began = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) {
        counts.ok++;
        counts.times.push(performance.now() - began);
      } else if (response.status === 503) {
        counts.busy++;
        const wait = Number(response.headers.get("retry-after") ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5) * 1000));
      } else counts.other++;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  parentPort.postMessage(counts);
}

if (!isMainThread && workerData?.url) await runDownloadLoops(workerData);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

/** Requests a second and the worst p99 over autocannon slices. */
function combine(slices) {
  const requests = slices.reduce((sum, r) => sum + r["2xx"], 0);
  const seconds = slices.reduce((sum, r) => sum + r.duration, 0);
  return {
    rps: Math.round(requests / seconds),
    p99Ms: Math.max(...slices.map((r) => r.latency.p99)),
    medianMs: median(slices.map((r) => r.latency.p50)),
    non2xx: slices.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/**
 * The home page alone, then while DOWNLOADERS clients download the catalogue PDF, in `rounds` interleaved pairs
 * of slices (the machine's load drifts); `say` prints a line, the figures are returned for the JSON report.
 */
export async function isolationFigures({ url, seconds, rounds, say, load }) {
  // one download first, so the solo figure is not taken with the PDF libraries still unloaded
  await (await fetch(`${url}/downloads/catalogue.pdf`)).arrayBuffer();
  const solo = [];
  const beside = [];
  const downloaded = { ok: 0, busy: 0, other: 0, times: [] };
  for (let r = 0; r < rounds; r++) {
    solo.push(await homeLoad(`${url}/`, seconds));
    const downloads = downloadLoops(`${url}/downloads/catalogue.pdf`, DOWNLOADERS);
    beside.push(await homeLoad(`${url}/`, seconds));
    const counts = await downloads.stop();
    downloaded.ok += counts.ok;
    downloaded.busy += counts.busy;
    downloaded.other += counts.other;
    downloaded.times.push(...counts.times);
  }
  const alone = combine(solo);
  const withDownloads = combine(beside);
  const figures = {
    homeSolo: alone,
    homeWhileCatalogue: { ...withDownloads, ratio: Number((withDownloads.rps / alone.rps).toFixed(3)) },
    catalogueDownloads: {
      ok: downloaded.ok,
      busy: downloaded.busy,
      other: downloaded.other,
      medianMs: Math.round(median(downloaded.times) ?? 0),
    },
    load: load(),
  };
  say(
    `isolation: / alone ${alone.rps}/s (p99 ${alone.p99Ms} ms); beside ${DOWNLOADERS} catalogue downloaders ${withDownloads.rps}/s (p99 ${withDownloads.p99Ms} ms, median ${withDownloads.medianMs} ms), ratio ${figures.homeWhileCatalogue.ratio}; catalogue PDFs: ${downloaded.ok} served (median ${figures.catalogueDownloads.medianMs} ms), ${downloaded.busy} answered 503 (${rounds} rounds of ${seconds} s, load ${figures.load})`,
  );
  return figures;
}
