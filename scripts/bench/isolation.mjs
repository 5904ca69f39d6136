// The "isolation" part of `npm run bench` (issue 36): how much of the home page's solo throughput survives while
// heavy work runs on the same server. Each figure is a ratio within one run: the home page alone, then the same
// load on the home page while the heavy work runs, with the p99 of each.
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
 */
function downloadLoops(url, clients) {
  const counts = { ok: 0, busy: 0, other: 0, times: [] };
  let stopped = false;
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
  const running = Promise.all(Array.from({ length: clients }, loop));
  return {
    counts,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

/**
 * The home page alone, then while DOWNLOADERS clients download the catalogue PDF; `say` prints a line, the
 * figures are returned for the JSON report.
 */
export async function isolationFigures({ url, seconds, say, load }) {
  // one download first, so the solo figure is not taken with the PDF libraries still unloaded
  await (await fetch(`${url}/downloads/catalogue.pdf`)).arrayBuffer();
  const solo = await homeLoad(`${url}/`, seconds);
  const downloads = downloadLoops(`${url}/downloads/catalogue.pdf`, DOWNLOADERS);
  const beside = await homeLoad(`${url}/`, seconds);
  await downloads.stop();
  const soloRps = solo["2xx"] / solo.duration;
  const besideRps = beside["2xx"] / beside.duration;
  const figures = {
    homeSolo: { rps: Math.round(soloRps), p99Ms: solo.latency.p99, medianMs: solo.latency.p50 },
    homeWhileCatalogue: {
      rps: Math.round(besideRps),
      p99Ms: beside.latency.p99,
      medianMs: beside.latency.p50,
      ratio: Number((besideRps / soloRps).toFixed(3)),
      non2xx: beside.non2xx,
    },
    catalogueDownloads: {
      ok: downloads.counts.ok,
      busy: downloads.counts.busy,
      other: downloads.counts.other,
      medianMs: median(downloads.counts.times),
    },
    load: load(),
  };
  say(
    `isolation: / alone ${figures.homeSolo.rps}/s (p99 ${figures.homeSolo.p99Ms} ms); beside ${DOWNLOADERS} catalogue downloaders ${figures.homeWhileCatalogue.rps}/s (p99 ${figures.homeWhileCatalogue.p99Ms} ms, median ${figures.homeWhileCatalogue.medianMs} ms), ratio ${figures.homeWhileCatalogue.ratio}; catalogue PDFs: ${figures.catalogueDownloads.ok} served (median ${Math.round(figures.catalogueDownloads.medianMs ?? 0)} ms), ${figures.catalogueDownloads.busy} answered 503 (load ${figures.load})`,
  );
  return figures;
}
