// The sweeps' figures for `npm run bench` (issue 31.3): 10,000 unclaimed anonymous attempts
// a week past their end, written straight into the local D1, then the sweeps run through
// the development route (/_dev/sweeps) until none is left: the runs it took, each run's
// time inside the Worker (p50 and the slowest) and the whole clean-up's. The other sweeps
// run beside it each time, finding nothing to do: their figures are the cost of looking.
//
// `node scripts/sweep-bench.mjs` builds, serves its own local state and prints the figures;
// `sweepTimings(baseUrl, persistTo)` returns them (scripts/bench.mjs).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build, startServer } from "./local-server.mjs";

export const sweepRows = 10_000;

/** `count` anonymous attempts that ended eight days ago, in one statement. */
function seedUnclaimed(persistTo, count) {
  const ended = Date.now() - 8 * 24 * 60 * 60_000;
  const sql = `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${count})
    INSERT INTO test_attempts (id, user_id, secret_hash, status, started_at, deadline, finished_at,
      ended_by, question_bank_version, locale, answered_count, answers, created_at)
    SELECT 'sweep-bench-' || x, NULL, 'x', 'finished', ${ended - 1_200_000}, ${ended}, ${ended},
      'time', 'form-v1', 'en', 0, '{}', ${ended - 1_200_000} FROM n`;
  execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", sql],
    { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
}

export async function sweepTimings(base, persistTo) {
  seedUnclaimed(persistTo, sweepRows);
  const runs = [];
  const started = performance.now();
  for (let run = 0; run < 100; run++) {
    const response = await fetch(`${base}/_dev/sweeps`, {
      method: "POST",
      headers: { Origin: base },
    });
    if (response.status !== 200)
      throw new Error(`sweep bench: /_dev/sweeps answered ${response.status}`);
    const { outcomes } = await response.json();
    const unclaimed = outcomes.find((o) => o.name === "unclaimed attempts");
    if (!unclaimed || unclaimed.handled === null) throw new Error("sweep bench: the sweep failed");
    runs.push(outcomes);
    if (unclaimed.handled === 0) break;
  }
  const totalMs = performance.now() - started;
  const of = (name) =>
    runs.map((outcomes) => outcomes.find((o) => o.name === name)?.ms ?? 0).sort((a, b) => a - b);
  const figures = {};
  for (const name of runs[0].map((o) => o.name)) {
    const times = of(name);
    figures[name] = { p50: times[Math.floor(times.length / 2)], max: times.at(-1) };
  }
  return { rows: sweepRows, runs: runs.length, totalMs, figures };
}

export function formatSweepTimings(sweeps) {
  const fmt = (n) => n.toFixed(1);
  const lines = [
    `${"Sweeps, 10,000 rows".padEnd(26)} ${String(sweeps.runs).padStart(8)} runs   ${fmt(sweeps.totalMs / 1000)} s in all (unclaimed attempts a week past their end, ${sweeps.rows} rows, 500 a run)`,
  ];
  for (const [name, t] of Object.entries(sweeps.figures)) {
    lines.push(
      `${`  ${name}`.padEnd(26)} p50 ${fmt(t.p50).padStart(6)} ms   max ${fmt(t.max).padStart(6)} ms   (per run, inside the Worker)`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  build();
  const persistTo = ".wrangler/sweep-bench-state";
  rmSync(persistTo, { recursive: true, force: true });
  const server = await startServer({ persistTo });
  try {
    console.log(formatSweepTimings(await sweepTimings(server.url, persistTo)));
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
