// npm run bench: builds, serves the Worker locally and prints figures (not pass/fail):
// home-page SSR requests/s and p50/p99 beside a static asset of the same Worker, and
// the home page's client JS in KB gzip. Loopback only; every loop is bounded in time.
import { rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build, startServer } from "./local-server.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(url) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const response = await fetch(url, {
          headers: { "User-Agent": userAgent, Cookie: "lang=en-US" },
        });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  };
  // Warm up, then measure.
  for (let i = 0; i < 20; i++)
    await (await fetch(url, { headers: { "User-Agent": userAgent } })).arrayBuffer();
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors,
  };
}

async function homeClientJs(base) {
  const html = await (await fetch(`${base}/`, { headers: { "User-Agent": userAgent } })).text();
  const scripts = new Set(
    [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  for (const m of html.matchAll(/from "(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1]);
  let raw = 0;
  let gzip = 0;
  for (const path of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, raw, gzip };
}

const fmt = (n, digits = 1) => n.toFixed(digits);

console.log("▶ Building...");
build();
const persistTo = ".wrangler/bench-state";
rmSync(persistTo, { recursive: true, force: true });
const server = await startServer({ persistTo });
try {
  console.log(`▶ ${connections} connections, ${seconds} s per target, against ${server.url}\n`);
  const ssr = await load(`${server.url}/`);
  const asset = await load(`${server.url}/favicon.svg`);
  const js = await homeClientJs(server.url);
  const row = (name, r) =>
    `${name.padEnd(26)} ${fmt(r.rps, 0).padStart(8)} req/s   p50 ${fmt(r.p50).padStart(6)} ms   p99 ${fmt(r.p99).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors)`;
  console.log(row("Home page SSR (/)", ssr));
  console.log(row("Static asset (/favicon.svg)", asset));
  console.log(
    `${"SSR / static ratio".padEnd(26)} ${fmt((ssr.rps / asset.rps) * 100, 0).padStart(8)} %`,
  );
  console.log(
    `${"Home client JS".padEnd(26)} ${fmt(js.gzip / 1024).padStart(8)} KB gzip (${fmt(js.raw / 1024)} KB raw, ${js.files} files)`,
  );
} finally {
  await server.stop();
}
process.exit(0);
