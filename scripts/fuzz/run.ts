/**
 * npm run fuzz: the stateful fuzzer (docs/decisions/0030-stateful-fuzzer.md) against the
 * built Worker on loopback. Builds, serves it with its own fresh local state, runs
 * FUZZ_STEPS commands (default 10,000) within FUZZ_SECONDS (default 3,600) from
 * FUZZ_SEED (default: the time), prints the report and exits 1 on any violation.
 * FUZZ_BASE_URL: fuzz a Worker already served there instead (development only).
 */
import { rmSync } from "node:fs";
import { build, startServer } from "../local-server.mjs";
import { formatReport, runFuzz } from "./fuzz.ts";

/**
 * What the served Worker logged during the run, by level (issue 31.5): its JSON lines'
 * levels (wrangler shows a warning or an error with a coloured "[WARNING]" or "[ERROR]"
 * before it, which production does not), and the Worker's lines that are not JSON.
 * wrangler's own lines ("[wrangler:info] GET / 200", its banner) are left out.
 */
function logLevels(output: string): string {
  const counts: Record<string, number> = {};
  let started = false;
  for (const raw of output.split("\n")) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes.
    const line = raw.replace(/\u001b\[[\d;]*m/g, "").trim();
    if (line.includes("Ready on http")) started = true;
    if (!started || line === "" || line.startsWith("[wrangler:")) continue;
    const text = line.replace(/^(▲ \[WARNING\]|✘ \[ERROR\]) /, "");
    let level = line.startsWith("✘ [ERROR]") ? "not JSON, error" : "not JSON";
    try {
      const parsed = JSON.parse(text) as { level?: unknown };
      if (typeof parsed.level === "string") level = parsed.level;
    } catch {
      // counted as not JSON
    }
    counts[level] = (counts[level] ?? 0) + 1;
  }
  const order = ["error", "warn", "info", "debug", "not JSON, error", "not JSON"];
  return `Worker log lines: ${order
    .filter((level) => counts[level])
    .map((level) => `${level} ${counts[level]}`)
    .join(", ")}`;
}

const steps = Number(process.env.FUZZ_STEPS ?? 10_000);
const seconds = Number(process.env.FUZZ_SECONDS ?? 3600);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
for (const [name, value] of Object.entries({
  FUZZ_STEPS: steps,
  FUZZ_SECONDS: seconds,
  FUZZ_SEED: seed,
})) {
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, not ${process.env[name]}`);
    process.exit(2);
  }
}

let baseUrl = process.env.FUZZ_BASE_URL;
let stop = async () => {};
let serverOutput = () => "";
if (!baseUrl) {
  console.log("building and serving the Worker…");
  build();
  const persistTo = ".wrangler/fuzz-state";
  rmSync(persistTo, { recursive: true, force: true });
  const server = await startServer({ persistTo });
  baseUrl = server.url;
  stop = server.stop;
  serverOutput = server.output;
}

console.log(`fuzzing ${baseUrl}: ${steps} steps, ${seconds} s at most, seed ${seed}`);
let failed = true;
try {
  const report = await runFuzz({
    baseUrl,
    steps,
    seconds,
    seed,
    log: (line) => {
      if (process.env.FUZZ_VERBOSE) console.log(line);
    },
  });
  console.log(formatReport(report));
  if (!process.env.FUZZ_BASE_URL) console.log(logLevels(serverOutput()));
  failed = report.violations.length > 0 || report.tally.byClass["5xx"] > 0;
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
