// npm run bench: builds, serves the Worker locally and prints figures (not pass/fail):
// the home page beside a static asset of the same Worker under the same load (from the
// edge cache's shared copy, rendered for an anonymous visitor, rendered for a signed-in
// one: requests/s, p50/p99 and the ratio to the static asset; beside them the same page's
// bytes answered with no work at all, the ceiling of any Worker answer of it), the home
// page's client JS in KB gzip, and the password hash's cost (a sign-in against a cheap API call in workerd,
// and scrypt alone in Node with the same parameters), and the timed test's answer saves:
// p50/p99 with 200 test-takers answering at once, and how many acknowledged answers were
// lost; and the participation certificate: its first render and a cached request in the
// local Worker, and the PNG's size; and payments: checkout creation and the webhook (a
// new event, the same event again); and a mixed run (scripts/mixed-bench.mjs: takers,
// sign-ups, a coupon race and webhook replays at once); and, on a second server that
// counts them, the D1 statements per answer saved, per completed test and per kept
// certificate; and the item pool's census (draws and checks in Node, no server); and the
// sweeps over 10,000 unclaimed attempts (scripts/sweep-bench.mjs).
// Loopback only; every loop is bounded in time.
import { spawnSync } from "node:child_process";
import { scryptSync } from "node:crypto";
import { readdirSync, rmSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { answerSaves, concurrently, percentile, userAgent } from "./bench-takers.mjs";
import { certificateTimings } from "./certificate-bench.mjs";
import { d1QueryCounts, formatD1QueryCounts } from "./d1-bench.mjs";
import { formatFormTimings, formTimings } from "./form-bench.mjs";
import { build, startServer } from "./local-server.mjs";
import { formatMixedRun, mixedRun } from "./mixed-bench.mjs";
import { paymentTimings } from "./payment-bench.mjs";
import { formatSweepTimings, sweepTimings } from "./sweep-bench.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);

/**
 * Requests/s and latency of one URL under `connections` closed loops for `seconds`.
 * `cookie` is sent as is (the language cookie, plus a session for a signed-in visitor);
 * `served` counts the X-Page-Cache answers, to show what the edge cache did.
 */
async function load(url, cookie = "lang=en-US") {
  let errors = 0;
  const served = {};
  const headers = { "User-Agent": userAgent, Cookie: cookie };
  const end = performance.now() + seconds * 1000;
  const worker = async (latencies) => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) errors++;
        const how = response.headers.get("X-Page-Cache") ?? "none";
        served[how] = (served[how] ?? 0) + 1;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  };
  // Warm up (the first request also stores a shared copy), then measure.
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  const { latencies, ...timing } = await concurrently(connections, worker);
  return { ...timing, requests: latencies.length, errors, served };
}

/**
 * The built static file (served by the asset layer; the Worker never runs) whose size is
 * closest to `bytes`, among the types the server compresses as it does HTML (the local
 * server gzips both on the fly, as Cloudflare's edge does, and 75 KB of HTML cost about
 * 2 ms of that here): a yardstick for a page that costs what its size costs to send.
 */
function sizeMatchedAsset(bytes, dir = "build/client") {
  let best;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const path = `${dir}/${entry}`;
    const stat = statSync(path);
    if (!stat.isFile() || !/\.(js|css|svg)$/.test(path)) continue;
    const distance = Math.abs(stat.size - bytes);
    if (!best || distance < best.distance) best = { path: `/${entry}`, size: stat.size, distance };
  }
  return best;
}

/**
 * The home page's JavaScript as an anonymous visitor gets it (its shared copy): what the
 * browser downloads before the page is painted and loaded (the scripts it preloads or
 * fetches, and the inline ones), and what hydrates it on the visitor's intent (the modules
 * the inert module script lists, docs/decisions/0033-hydration-on-intent.md).
 */
async function homeClientJs(base) {
  const html = await (await fetch(`${base}/`, { headers: { "User-Agent": userAgent } })).text();
  const first = new Set(
    [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  const inert =
    /<script[^>]* id="hydrate-on-intent" data-preload="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
  const onIntent = new Set(inert ? inert[1].split(" ").filter(Boolean) : []);
  if (inert) for (const m of inert[2].matchAll(/from "(\/assets\/[^"]+\.js)"/g)) onIntent.add(m[1]);
  else for (const m of html.matchAll(/from "(\/assets\/[^"]+\.js)"/g)) first.add(m[1]);
  const inline = [...html.matchAll(/<script nonce="[^"]+">([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join("");
  const weigh = async (scripts) => {
    let raw = 0;
    let gzip = 0;
    for (const path of scripts) {
      const body = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return { files: scripts.size, raw, gzip };
  };
  return {
    first: await weigh(first),
    inlineGzip: gzipSync(Buffer.from(inline), { level: 9 }).length,
    onIntent: await weigh(onIntent),
  };
}

const fmt = (n, digits = 1) => n.toFixed(digits);

/** Median latency of one request kind, sent one at a time. */
async function median(send, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`bench request failed: ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/**
 * The password hash in workerd: a successful sign-in (one scrypt verification plus a
 * session row) against the configuration endpoint (session lookup, no hash).
 */
async function passwordHashCost(base) {
  const headers = { "Content-Type": "application/json", Origin: base, "User-Agent": userAgent };
  const email = `bench-${Date.now()}@example.com`;
  const password = "Bench#Passw0rd";
  const signUp = await fetch(`${base}/api/accounts/sign-up`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "Bench User",
      email,
      dateOfBirth: "1990-01-01",
      password,
      passwordConfirmation: password,
    }),
  });
  if (signUp.status !== 201) throw new Error(`bench sign-up failed: ${signUp.status}`);
  const login = () =>
    fetch(`${base}/api/accounts/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    });
  const configuration = () =>
    fetch(`${base}/api/application-configuration`, { headers: { "User-Agent": userAgent } });
  const rounds = Number(process.env.BENCH_HASHES ?? 15);
  await median(login, 2);
  const loginMs = await median(login, rounds);
  const baseMs = await median(configuration, rounds);
  const nodeTimes = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    scryptSync("Bench#Passw0rd", "0123456789abcdef", 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 256 * 16384 * 16 + 1024 * 1024,
    });
    nodeTimes.push(performance.now() - start);
  }
  nodeTimes.sort((a, b) => a - b);
  return { loginMs, baseMs, nodeMs: percentile(nodeTimes, 50), rounds };
}

/** The Cookie header of a newly signed-up visitor: pages are then rendered for them alone. */
async function signedInCookie(base) {
  const password = "Bench#Passw0rd";
  const response = await fetch(`${base}/api/accounts/sign-up`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "User-Agent": userAgent },
    body: JSON.stringify({
      name: "Bench Reader",
      email: `bench-home-${crypto.randomUUID()}@example.com`,
      dateOfBirth: "1990-01-01",
      password,
      passwordConfirmation: password,
    }),
  });
  if (response.status !== 201) throw new Error(`bench sign-up failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return ["lang=en-US", ...cookies].join("; ");
}

/** `visitors` each request `url` `requests` times, pausing about `thinkMs` between requests. */
async function pacedRequests(url, visitors, { requests, thinkMs }) {
  const visitor = async (latencies) => {
    // A connection first, as each taker's start makes one before its answers.
    await (await fetch(url, { headers: { "User-Agent": userAgent } })).arrayBuffer();
    for (let i = 0; i < requests; i++) {
      await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
      const begin = performance.now();
      await (await fetch(url, { headers: { "User-Agent": userAgent } })).arrayBuffer();
      latencies.push(performance.now() - begin);
    }
  };
  const { rps, p50, p99 } = await concurrently(visitors, visitor);
  return { rps, p50, p99 };
}

console.log("▶ Building...");
build();
const persistTo = ".wrangler/bench-state";
rmSync(persistTo, { recursive: true, force: true });
const server = await startServer({ persistTo });
try {
  console.log(`▶ ${connections} connections, ${seconds} s per target, against ${server.url}\n`);
  // The same home page three ways: an anonymous visitor (from the edge cache's shared copy,
  // ADR 0026), an anonymous render (a query string keeps it out of the shared copy) and a
  // signed-in visitor's own render (plus the session's read); beside a static asset.
  const asset = await load(`${server.url}/favicon.svg`);
  const cached = await load(`${server.url}/`);
  const uncached = await load(`${server.url}/?bench=uncached`);
  const signedIn = await load(`${server.url}/`, await signedInCookie(server.url));
  // Two more yardsticks, since the favicon is 1 KB and never enters the Worker: a static
  // file of the home page's size, and the Worker's cheapest answer (a constant robots.txt).
  const homeBytes = (
    await (
      await fetch(`${server.url}/`, { headers: { "User-Agent": userAgent, Cookie: "lang=en-US" } })
    ).arrayBuffer()
  ).byteLength;
  const matched = sizeMatchedAsset(homeBytes);
  const matchedAsset = await load(`${server.url}${matched.path}`);
  const trivialWorker = await load(`${server.url}/robots.txt`);
  // The ceiling: the home page's own bytes, compressed once, answered by the Worker with
  // nothing else done (worker/dev/page-ceiling.ts). No Worker answer of this page is cheaper.
  const ceiling = await load(`${server.url}/_dev/page-ceiling`);
  const js = await homeClientJs(server.url);
  const hash = await passwordHashCost(server.url);
  const takers = Number(process.env.BENCH_TAKERS ?? 200);
  // A burst: every taker answers back to back, with no time to read (the Worker's ceiling).
  const burst = await answerSaves(server.url, takers);
  // Paced: one answer every 2 s on average each, still 15 times faster than the 30 s a
  // question the test allows on average.
  // Beside them, a static asset is fetched as often by a tenth as many visitors (as many
  // again would double the connections the local server juggles): the asset's p99 under
  // the same load is the yardstick for the answer's.
  const [paced, pacedAsset] = await Promise.all([
    answerSaves(server.url, takers, { answers: 10, thinkMs: 2000 }),
    pacedRequests(`${server.url}/favicon.svg`, Math.max(1, Math.round(takers / 10)), {
      requests: 100,
      thinkMs: 200,
    }),
  ]);
  const forms = await formTimings(server.url);
  const certificate = await certificateTimings(server.url);
  const payment = await paymentTimings(server.url);
  const mixed = await mixedRun(server.url, persistTo, { takers });
  const sweeps = await sweepTimings(server.url, persistTo);
  const row = (name, r) =>
    `${name.padEnd(26)} ${fmt(r.rps, 0).padStart(8)} req/s   p50 ${fmt(r.p50).padStart(6)} ms   p99 ${fmt(r.p99).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors)`;
  console.log(row("Static asset (/favicon.svg)", asset));
  for (const [name, home] of [
    ["Home, cached (shared copy)", cached],
    ["Home, uncached (anonymous)", uncached],
    ["Home, signed in", signedIn],
  ]) {
    console.log(row(name, home));
    const served = Object.entries(home.served)
      .map(([how, count]) => `${how} ${count}`)
      .join(", ");
    console.log(
      `${"  / static".padEnd(26)} ${fmt((home.rps / asset.rps) * 100, 0).padStart(8)} %       (X-Page-Cache: ${served})`,
    );
  }
  console.log(row(`Static file of ${fmt(matched.size / 1024, 0)} KB`, matchedAsset));
  console.log(
    `${"".padEnd(26)} ${"".padStart(8)}         (${matched.path}; the home page is ${fmt(homeBytes / 1024, 0)} KB)`,
  );
  console.log(row("Worker, constant answer", trivialWorker));
  console.log(
    `${"".padEnd(26)} ${"".padStart(8)}         (/robots.txt: the cost of entering the Worker at all)`,
  );
  console.log(row("Home's bytes, no work", ceiling));
  console.log(
    `${"  / static".padEnd(26)} ${fmt((ceiling.rps / asset.rps) * 100, 0).padStart(8)} %       (/_dev/page-ceiling: the same page compressed once, no per-request work; the most any Worker answer of it reaches here)`,
  );
  for (const [name, home] of [
    ["Home, cached", cached],
    ["Home, uncached", uncached],
  ]) {
    console.log(
      `${`  ${name} / same-size file`.padEnd(26)} ${fmt((home.rps / matchedAsset.rps) * 100, 0).padStart(8)} %       (/ robots.txt: ${fmt((home.rps / trivialWorker.rps) * 100, 0)} %; / no work: ${fmt((home.rps / ceiling.rps) * 100, 0)} %)`,
    );
  }
  console.log(
    `${"Home JS before intent".padEnd(26)} ${fmt((js.first.gzip + js.inlineGzip) / 1024).padStart(8)} KB gzip (${js.first.files} files, ${fmt(js.first.gzip / 1024)} KB; inline scripts ${fmt(js.inlineGzip / 1024, 2)} KB; goal <= 110)`,
  );
  console.log(
    `${"Home JS on intent".padEnd(26)} ${fmt(js.onIntent.gzip / 1024).padStart(8)} KB gzip (${fmt(js.onIntent.raw / 1024)} KB raw, ${js.onIntent.files} files, fetched once idle, run on intent)`,
  );
  console.log(
    `${"Password hash (workerd)".padEnd(26)} ${fmt(hash.loginMs - hash.baseMs).padStart(8)} ms   (sign-in p50 ${fmt(hash.loginMs)} ms - configuration p50 ${fmt(hash.baseMs)} ms, ${hash.rounds} each; scrypt N=16384 r=16 p=1)`,
  );
  console.log(
    `${"Password hash (Node)".padEnd(26)} ${fmt(hash.nodeMs).padStart(8)} ms   (scrypt alone, same parameters, median of 5)`,
  );
  for (const [name, saves] of [
    ["Answer saves, burst", burst],
    ["Answer saves, paced 2 s", paced],
  ]) {
    console.log(
      `${name.padEnd(26)} ${fmt(saves.rps, 0).padStart(8)} req/s   p50 ${fmt(saves.p50).padStart(6)} ms   p99 ${fmt(saves.p99).padStart(6)} ms   (${saves.takers} takers at once, ${saves.saves} saves)`,
    );
    console.log(
      `${"  answers lost".padEnd(26)} ${String(saves.lost).padStart(8)}         (of ${saves.acknowledged} acknowledged; ${saves.failed} saves not acknowledged)`,
    );
    if (saves === paced) {
      console.log(
        `${"  static asset beside".padEnd(26)} ${fmt(pacedAsset.rps, 0).padStart(8)} req/s   p50 ${fmt(pacedAsset.p50).padStart(6)} ms   p99 ${fmt(pacedAsset.p99).padStart(6)} ms   (answer p99 / asset p99: ${fmt(paced.p99 / pacedAsset.p99, 2)}x)`,
      );
    }
  }
  for (const line of formatFormTimings(forms, fmt)) console.log(line);
  console.log(
    `${"Certificate, cold isolate".padEnd(26)} ${fmt(certificate.cold.ms).padStart(8)} ms   (the isolate's first certificate: WebAssembly and fonts loaded, then rendered; ${certificate.cold.cache})`,
  );
  console.log(
    `${"Certificate, first render".padEnd(26)} ${fmt(certificate.first.ms).padStart(8)} ms   (median of ${certificate.rounds} new certificates, warm isolate; goal < 150 ms)`,
  );
  console.log(
    `${"Certificate, cached".padEnd(26)} ${fmt(certificate.cached.ms).padStart(8)} ms   (median of ${certificate.rounds}, X-Certificate-Cache: ${certificate.cached.cache}; goal < 10 ms)`,
  );
  console.log(
    `${"  of which auth floor".padEnd(26)} ${fmt(certificate.floorMs).padStart(8)} ms   (median of GET /api/tests/{id}: session and attempt reads every certificate request pays)`,
  );
  console.log(
    `${"Certificate PNG".padEnd(26)} ${fmt(certificate.first.bytes / 1024).padStart(8)} KB   (1600 x 1131; goal < 150 KB)`,
  );
  const timing = (name, t, note) =>
    console.log(
      `${name.padEnd(26)} p50 ${fmt(t.p50).padStart(6)} ms   p99 ${fmt(t.p99).padStart(6)} ms   (${t.count} ${note})`,
    );
  timing("Checkout creation", payment.checkout, "checkouts, local test provider, no coupon");
  timing("Webhook, new event", payment.fresh, "signed completions: verify, D1 batch, fulfil");
  timing("Webhook, duplicate", payment.duplicate, "the same events again: verify, refused once");
  timing("Report, server render", payment.report, "GET /api/tests/{id}/report, bought, English");
  timing(
    "Answer review",
    payment.review,
    "GET /api/tests/{id}/review: 40 items rebuilt and explained in the attempt's Durable Object",
  );
  timing(
    "Refund, request to locked",
    payment.refund,
    "POST /api/payments/{id}/refund by card (local provider), then the report's 402",
  );
  console.log(formatSweepTimings(sweeps));
  const { pdf } = payment;
  timing("Report PDF, made", pdf.report, "first downloads, Portuguese: typeset, kept in KV");
  console.log(
    `${"Report PDF, kept".padEnd(26)} ${fmt(pdf.reportCached.ms).padStart(8)} ms   (the same download again, X-Pdf-Cache: ${pdf.reportCached.cache})`,
  );
  console.log(
    `${"Report PDF size".padEnd(26)} ${fmt(pdf.reportBytes / 1024).padStart(8)} KB   (largest of ${pdf.report.count})`,
  );
  for (const book of pdf.ebooks) {
    console.log(
      `${`E-book ${book.slug} (${book.lang})`.padEnd(26)} ${fmt(book.made.bytes / 1024).padStart(8)} KB   made in ${fmt(book.made.ms)} ms, then ${fmt(book.kept.ms)} ms from KV (${book.kept.cache})`,
    );
  }
  for (const line of formatMixedRun(mixed)) console.log(line);
} finally {
  await server.stop();
}
// D1 statements per answer and per completed test, counted by the Worker on a server of
// its own (counting wraps every D1 call, so it stays out of the timings above).
const countingState = ".wrangler/bench-d1-state";
rmSync(countingState, { recursive: true, force: true });
const counting = await startServer({ persistTo: countingState, vars: { COUNT_D1_QUERIES: "1" } });
try {
  for (const line of formatD1QueryCounts(await d1QueryCounts(counting.url))) console.log(line);
} finally {
  await counting.stop();
}

// The item pool's census (issue 28; docs/decisions/0037-item-models.md): distinct
// instances, failed tries, predicted difficulty, choosers and draw time per category.
console.log("");
spawnSync(process.execPath, ["scripts/questions/generate.ts", "census", "--per", "2500"], {
  stdio: "inherit",
});
process.exit(0);
