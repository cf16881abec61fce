// The load shapes `npm run bench` shares with its mixed run (scripts/mixed-bench.mjs): loops
// run at once and timed, and test-takers answering through the API.

export const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs `count` loops at once, each given the list to push its request latencies into and its
 * index; answers requests/s over the run and p50/p99.
 */
export async function concurrently(count, loop) {
  const latencies = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => loop(latencies, i)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export const questionCodes = ["SM", "RA", "RE", "RL"].flatMap((category) =>
  Array.from({ length: 10 }, (_, i) => `${category}-${String(i + 1).padStart(2, "0")}`),
);

/**
 * `takers` people at once each start a test and answer all 40 questions one after the
 * other; then each attempt is read back. "Lost" counts answers the server acknowledged
 * (200) that the attempt does not hold; "failed" counts saves that were not acknowledged
 * (the page retries those), "serverErrors" those answered 5xx.
 */
export async function answerSaves(base, takers, { answers = 40, thinkMs = 0 } = {}) {
  const headers = { "Content-Type": "application/json", Origin: base, "User-Agent": userAgent };
  let failed = 0;
  let lost = 0;
  let acknowledged = 0;
  let serverErrors = 0;
  const taker = async (latencies, index) => {
    const start = await fetch(`${base}/api/tests`, { method: "POST", headers, body: "{}" });
    if (start.status !== 201) throw new Error(`bench test start failed: ${start.status}`);
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { id } = await start.json();
    const sent = {};
    for (const [position, code] of questionCodes.slice(0, answers).entries()) {
      if (thinkMs > 0)
        await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
      const letter = "ABCD"[(index + position) % 4];
      const begin = performance.now();
      try {
        const response = await fetch(`${base}/api/tests/${id}/answers/${code}`, {
          method: "PUT",
          headers: { ...headers, Cookie: cookie },
          body: JSON.stringify({ letter }),
        });
        await response.arrayBuffer();
        if (response.ok) sent[code] = letter;
        else failed++;
        if (response.status >= 500) serverErrors++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - begin);
    }
    const state = await (
      await fetch(`${base}/api/tests/${id}`, {
        headers: { Cookie: cookie, "User-Agent": userAgent },
      })
    ).json();
    for (const [code, letter] of Object.entries(sent)) {
      acknowledged++;
      if (state.answers?.[code] !== letter) lost++;
    }
  };
  const { latencies, rps, p50, p99 } = await concurrently(takers, taker);
  return {
    takers,
    saves: latencies.length,
    rps,
    p50,
    p99,
    acknowledged,
    failed,
    lost,
    serverErrors,
  };
}
