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
 * The home page's load for as long as `work` runs, at most `seconds`: the slice ends with the work, so it measures
 * the page beside the work only. Resolves to the slice and the work's answer with its time.
 */
async function homeLoadDuring(url, seconds, work) {
  let instance;
  const slice = new Promise((resolve, reject) => {
    instance = autocannon(
      { url, duration: seconds, connections: 32, pipelining: 1, timeout: 30 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  const began = performance.now();
  const done = work().then((answer) => {
    const ms = Math.round(performance.now() - began);
    instance.stop();
    return { ...answer, ms };
  });
  const [result, answer] = await Promise.all([slice, done]);
  return { result, answer };
}

/** An admin's form POST as the browser sends it, answered once its status is read. */
async function adminPost(url, cookie, form) {
  const response = await fetch(url, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status };
}

/**
 * `clients` loops, each asking for `url` again as soon as the last answer is read, until stopped. Counts the
 * answers by status: a 503 (the server's bound on that kind of work) waits its Retry-After as a client would.
 * The loops run on a thread of their own, so they take no time from autocannon's measuring thread.
 */
function downloadLoops(url, clients, headers = {}) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, clients, headers } });
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

async function runDownloadLoops({ url, clients, headers }) {
  const counts = { ok: 0, busy: 0, other: 0, times: [] };
  let stopped = false;
  parentPort.once("message", () => {
    stopped = true;
  });
  const loop = async () => {
    while (!stopped) {
      const began = performance.now();
      const response = await fetch(url, { headers });
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
export async function isolationFigures({ url, seconds, rounds, say, load, fixture }) {
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
  if (fixture) Object.assign(figures, await heavyAdminWork({ url, seconds, say, load, fixture }));
  say(
    `isolation: / alone ${alone.rps}/s (p99 ${alone.p99Ms} ms); beside ${DOWNLOADERS} catalogue downloaders ${withDownloads.rps}/s (p99 ${withDownloads.p99Ms} ms, median ${withDownloads.medianMs} ms), ratio ${figures.homeWhileCatalogue.ratio}; catalogue PDFs: ${downloaded.ok} served (median ${figures.catalogueDownloads.medianMs} ms), ${downloaded.busy} answered 503 (${rounds} rounds of ${seconds} s, load ${figures.load})`,
  );
  return figures;
}

/** Longest a slice beside one piece of admin work may last: the work goes on, the slice stops measuring. */
const ADMIN_WORK_SLICE_SECONDS = 60;
/** M-PESA C2B confirmations a second, as Safaricom posts them on a busy paybill. */
const CONFIRMATIONS_PER_SECOND = 10;

const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))])
    : null;
};

/**
 * The scenarios with an admin's work (the data made by scripts/bench/isolation-fixture.ts before the server
 * started): the home page beside each certificate issue for a run of 30, and beside a 20,000-line statement's
 * commit, against solo slices of the same length; M-PESA confirmations' p99 alone and while a NITA pack is built
 * over and over.
 */
async function heavyAdminWork({ url, seconds, say, load, fixture }) {
  const { cookie } = fixture;
  const figures = {};
  const besideWork = async (label, work) => {
    const solo = await homeLoad(`${url}/`, seconds);
    const { result, answer } = await homeLoadDuring(`${url}/`, ADMIN_WORK_SLICE_SECONDS, work);
    const alone = combine([solo]);
    const beside = combine([result]);
    const figure = {
      homeSolo: alone,
      homeBeside: beside,
      ratio: Number((beside.rps / alone.rps).toFixed(3)),
      work: answer,
    };
    say(
      `isolation: / alone ${alone.rps}/s (p99 ${alone.p99Ms} ms); beside ${label} ${beside.rps}/s (p99 ${beside.p99Ms} ms, median ${beside.medianMs} ms), ratio ${figure.ratio}; the work answered ${answer.status} in ${answer.ms} ms (load ${load()})`,
    );
    return figure;
  };

  figures.homeWhileCertificates = [];
  for (const run of fixture.runs) {
    figures.homeWhileCertificates.push(
      await besideWork("a certificate issue for 30 participants", () =>
        adminPost(`${url}/admin/courses/${run.courseId}/runs/${run.runId}/certificates`, cookie, {
          intent: "issue",
        }),
      ),
    );
  }
  figures.homeWhileStatement = await besideWork(`a ${fixture.statement.lines}-line statement's commit`, () =>
    adminPost(`${url}/admin/finance/imports/${fixture.statement.id}`, cookie, {
      intent: "commit",
      preview: fixture.statement.fingerprint,
      skip: "",
    }),
  );

  // confirmations paced evenly for `seconds`, alone and then beside two admins building the NITA pack
  let sent = 0;
  const confirmations = async () => {
    const times = [];
    const statuses = {};
    const pending = [];
    const count = seconds * CONFIRMATIONS_PER_SECOND;
    for (let i = 0; i < count; i++) {
      const transId = `TB${String(++sent).padStart(8, "0")}`;
      pending.push(
        (async () => {
          const began = performance.now();
          const response = await fetch(`${url}/api/mpesa/${fixture.callbackSecret}/confirmation`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              TransactionType: "Pay Bill",
              TransID: transId,
              TransTime: new Date().toISOString().replace(/\D/g, "").slice(0, 14),
              TransAmount: "1.00",
              BusinessShortCode: "880142",
              BillRefNumber: fixture.runs[0].reference,
              MSISDN: "2547 ***** 678",
              FirstName: "JANE",
              LastName: "DOE",
            }),
          });
          await response.arrayBuffer();
          times.push(performance.now() - began);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        })(),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / CONFIRMATIONS_PER_SECOND));
    }
    await Promise.all(pending);
    return { count, statuses, p99Ms: percentile(times, 0.99), medianMs: percentile(times, 0.5) };
  };
  const run = fixture.runs[0];
  const packUrl = `${url}/admin/courses/${run.courseId}/runs/${run.runId}/nita-pack/pack.pdf?org=${encodeURIComponent(fixture.organisation)}`;
  const firstPack = await fetch(packUrl, { headers: { cookie } });
  await firstPack.arrayBuffer();
  if (firstPack.status !== 200) throw new Error(`NITA pack: HTTP ${firstPack.status}`);
  const alone = await confirmations();
  const packs = downloadLoops(packUrl, 2, { cookie });
  const beside = await confirmations();
  const built = await packs.stop();
  figures.confirmationsWhileNitaPack = {
    alone,
    beside,
    packs: {
      ok: built.ok,
      busy: built.busy,
      other: built.other,
      medianMs: Math.round(median(built.times) ?? 0),
    },
  };
  say(
    `isolation: M-PESA confirmations (${CONFIRMATIONS_PER_SECOND}/s for ${seconds} s) alone p99 ${alone.p99Ms} ms (median ${alone.medianMs} ms, ${JSON.stringify(alone.statuses)}); beside 2 admins building the NITA pack p99 ${beside.p99Ms} ms (median ${beside.medianMs} ms, ${JSON.stringify(beside.statuses)}); packs built ${built.ok} (median ${figures.confirmationsWhileNitaPack.packs.medianMs} ms), ${built.other} other (load ${load()})`,
  );
  return figures;
}
