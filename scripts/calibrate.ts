/**
 * npm run calibrate -- [--remote] [--synthetic N] [--out dir]
 * (docs/decisions/0024-calibration.md): item statistics, KR-20, a 3PL fit and, with
 * enough results, a proposed v2 norms table, per question bank version, from the finished
 * attempts in D1 (local by default; `--remote`: the deployed one; CALIBRATE_PERSIST_TO:
 * another local state folder), or from simulated takers with `--synthetic N`.
 * Read-only: it never writes to D1. Output: <out>/report.json, <out>/report.html and
 * <out>/norms-v2-<version>.json for each version with enough results.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Letter } from "../core/items/questions.ts";
import { answerKey, answerKeyVersion } from "../worker/questions/answer-key.server.ts";
import { analyseVersion } from "./calibrate/analyse.ts";
import { type CalibrationReport, reportHtml } from "./calibrate/report-html.ts";
import {
  type AnswerKeys,
  finishedAttemptsSql,
  groupByVersion,
  parseAnswerKeyModule,
  type StoredAttempt,
} from "./calibrate/results.ts";
import { simulate } from "./calibrate/synthetic.ts";
import { executeD1 } from "./d1.ts";

export const usage = `Usage: npm run calibrate -- [--remote] [--synthetic N] [--out dir]

Reads the finished attempts of the local D1 (--remote: the deployed one), or simulates
N takers (--synthetic N, 200 to 100000), and writes report.json, report.html and, per
question bank version with enough results, a proposed norms-v2-<version>.json to the
output folder (default: calibration/). Stored results are never changed.`;

export class UsageError extends Error {}

export interface Options {
  remote: boolean;
  synthetic: number | null;
  out: string;
}

export function parseOptions(argv: string[]): Options {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args: argv,
      options: {
        remote: { type: "boolean", default: false },
        synthetic: { type: "string" },
        out: { type: "string", default: "calibration" },
      },
      strict: true,
      allowPositionals: false,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { remote, synthetic, out } = parsed.values;
  if (synthetic !== undefined && remote)
    throw new UsageError("--synthetic and --remote do not go together");
  let takers: number | null = null;
  if (synthetic !== undefined) {
    takers = Number(synthetic);
    if (!/^\d+$/.test(synthetic) || takers < 200 || takers > 100_000) {
      throw new UsageError("--synthetic must be a whole number of takers from 200 to 100000");
    }
  }
  return { remote, synthetic: takers, out };
}

const keyPath = "worker/questions/answer-key.server.ts";

/** Every answer key this repository has shipped: the current one and those in git history. */
function knownKeys(): AnswerKeys {
  const keys = new Map<string, Readonly<Record<string, Letter>>>([[answerKeyVersion, answerKey]]);
  try {
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
        maxBuffer: 64 * 1024 * 1024,
      });
    for (const commit of git("log", "--format=%H", "--", keyPath).split("\n").filter(Boolean)) {
      let text: string;
      try {
        text = git("show", `${commit}:${keyPath}`);
      } catch {
        continue; // the commit that deleted or moved it
      }
      const parsed = parseAnswerKeyModule(text);
      if (parsed && !keys.has(parsed.version)) keys.set(parsed.version, parsed.key);
    }
  } catch {
    // Not a git checkout: only the current key is known.
  }
  return keys;
}

const pageSize = 2000;

function readAttempts(remote: boolean): StoredAttempt[] {
  const attempts: StoredAttempt[] = [];
  let after = 0;
  for (;;) {
    const rows = executeD1(
      finishedAttemptsSql(after, pageSize),
      remote,
      process.env.CALIBRATE_PERSIST_TO,
    );
    for (const row of rows) {
      attempts.push({
        version: String(row.version),
        answers: String(row.answers),
        ageBand: row.ageBand === null ? null : String(row.ageBand),
      });
    }
    if (rows.length < pageSize) return attempts;
    after = Number(rows[rows.length - 1]?.rowid);
  }
}

export function calibrate(
  options: Options,
  now: Date,
): { report: CalibrationReport; files: string[] } {
  const report: CalibrationReport = {
    generatedAt: now.toISOString(),
    source: options.synthetic
      ? `${options.synthetic} simulated takers (seeded), answer key ${answerKeyVersion}`
      : `finished attempts in the ${options.remote ? "remote" : "local"} D1`,
    versions: [],
    skipped: [],
  };
  if (options.synthetic) {
    const { set, truth } = simulate(answerKey, options.synthetic);
    report.versions.push(analyseVersion(`${answerKeyVersion}-synthetic`, set, now, truth.items));
  } else {
    const { sets, withoutKey } = groupByVersion(readAttempts(options.remote), knownKeys());
    for (const [version, set] of sets) report.versions.push(analyseVersion(version, set, now));
    for (const [version, attempts] of withoutKey) {
      report.skipped.push({
        questionBankVersion: version,
        attempts,
        reason: `no answer key for this version in ${keyPath} or its git history`,
      });
    }
  }
  mkdirSync(options.out, { recursive: true });
  const files = [join(options.out, "report.json"), join(options.out, "report.html")];
  writeFileSync(files[0] as string, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files[1] as string, reportHtml(report));
  for (const version of report.versions) {
    if (!version.norms) continue;
    const file = join(options.out, `norms-v2-${version.questionBankVersion}.json`);
    writeFileSync(file, `${JSON.stringify(version.norms, null, 2)}\n`);
    files.push(file);
  }
  return { report, files };
}

if (import.meta.main) {
  try {
    const { report, files } = calibrate(parseOptions(process.argv.slice(2)), new Date());
    for (const version of report.versions) {
      console.log(
        `${version.questionBankVersion}: ${version.results} results, KR-20 ${version.reliability.total.toFixed(3)}${
          version.recovery ? `, recovery corr(b) ${version.recovery.bCorrelation.toFixed(3)}` : ""
        }${version.norms ? `, proposed ${version.norms.normsVersion}` : ""}`,
      );
      for (const note of version.notes) console.log(`  ${note}`);
    }
    for (const skipped of report.skipped) {
      console.log(
        `${skipped.questionBankVersion}: ${skipped.attempts} attempts skipped (${skipped.reason})`,
      );
    }
    console.log(`wrote ${files.join(", ")}`);
  } catch (error) {
    console.error(`calibrate: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${usage}`);
    process.exitCode = 1;
  }
}
