// The item pool's figures for `npm run bench` (docs/decisions/0039-forms-served-and-scored.md):
// starting an attempt (its form drawn, verified, rendered and stored by its Durable Object,
// the row written to D1), and an item image's first answer and its cached one.
import { percentile as ofSorted } from "./bench-takers.mjs";
import { apiSession } from "./certificate-bench.mjs";

const percentile = (values, p) =>
  ofSorted(
    [...values].sort((a, b) => a - b),
    p,
  );

async function timed(send) {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** `starts` attempts started one after another by new visitors; then one attempt's images twice. */
export async function formTimings(base, { starts = 40 } = {}) {
  const startMs = [];
  let state = null;
  for (let i = 0; i < starts; i++) {
    const call = apiSession(base);
    const began = performance.now();
    const response = await call("/api/tests", { method: "POST", body: {} });
    const body = await response.json();
    startMs.push(performance.now() - began);
    if (response.status !== 201) throw new Error(`bench start failed: ${response.status}`);
    state = body;
  }
  const urls = state.questions.flatMap((q) => [q.image.url, ...q.options.map((o) => o.image.url)]);
  const first = [];
  const cached = [];
  for (const url of urls) first.push((await timed(() => fetch(`${base}${url}`))).ms);
  for (const url of urls) cached.push((await timed(() => fetch(`${base}${url}`))).ms);
  return {
    starts,
    start: { p50: percentile(startMs, 50), p99: percentile(startMs, 99) },
    images: urls.length,
    first: { p50: percentile(first, 50), p99: percentile(first, 99) },
    cached: { p50: percentile(cached, 50), p99: percentile(cached, 99) },
  };
}

/** The lines `npm run bench` prints. */
export function formatFormTimings(t, fmt) {
  return [
    `${"Test start (form drawn)".padEnd(26)} p50 ${fmt(t.start.p50).padStart(6)} ms   p99 ${fmt(t.start.p99).padStart(6)} ms   (${t.starts} new attempts one after another: 40 verified instances drawn, rendered and stored by the attempt's Durable Object, the row with its form in D1)`,
    `${"Item image, first answer".padEnd(26)} p50 ${fmt(t.first.p50).padStart(6)} ms   p99 ${fmt(t.first.p99).padStart(6)} ms   (${t.images} images of one form, from the attempt's Durable Object)`,
    `${"Item image, cached".padEnd(26)} p50 ${fmt(t.cached.p50).padStart(6)} ms   p99 ${fmt(t.cached.p99).padStart(6)} ms   (the same images again, from the edge cache)`,
  ];
}
