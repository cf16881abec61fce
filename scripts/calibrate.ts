/**
 * npm run calibrate -- [--remote] [--synthetic N [--forms]] [--out dir]
 * (docs/decisions/0024-calibration.md, 0040-calibrating-item-models.md): item statistics,
 * KR-20, a 3PL fit and, with enough results, a proposed v2 norms table, per question bank
 * version; and for attempts that took forms of their own, the item models' weights and
 * discriminations (LLTM) with a proposed parameters version and norms version. From the
 * finished attempts in D1 (local by default; `--remote`: the deployed one;
 * CALIBRATE_PERSIST_TO: another local state folder), or from simulated takers with
 * `--synthetic N` (on bank v2; with `--forms`, on forms of their own).
 * Read-only: it never writes to D1 nor to the code. Output: <out>/report.json,
 * <out>/report.html, <out>/norms-v2-<version>.json for each version with enough results,
 * <out>/parameters-<version>.json for the models.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formVersion } from "../core/items/pool/form.ts";
import { modelById } from "../core/items/pool/models.ts";
import type { Letter } from "../core/items/questions.ts";
import { answerKey, answerKeyVersion } from "../worker/questions/answer-key.server.ts";
import { analyseVersion, minResultsForFit } from "./calibrate/analyse.ts";
import {
  analyseModels,
  attemptsNeeded,
  type ModelsReport,
  precisionAtSizes,
  seBound,
} from "./calibrate/analyse-models.ts";
import {
  columnsSql,
  finishedFormAttemptsSql,
  parseFormAttempts,
  type StoredFormAttempt,
} from "./calibrate/forms.ts";
import { type CalibrationReport, reportHtml } from "./calibrate/report-html.ts";
import {
  type AnswerKeys,
  finishedAttemptsSql,
  groupByVersion,
  parseAnswerKeyModule,
  type StoredAttempt,
} from "./calibrate/results.ts";
import { simulate } from "./calibrate/synthetic.ts";
import {
  simulateForms,
  trueDiscrimination,
  weightPerturbation,
} from "./calibrate/synthetic-forms.ts";
import { executeD1, type Row } from "./d1.ts";

export const usage = `Usage: npm run calibrate -- [--remote] [--synthetic N [--forms]] [--out dir]

Reads the finished attempts of the local D1 (--remote: the deployed one), or simulates
N takers (--synthetic N, 200 to 100000) on bank v2 or, with --forms, on forms of their
own, and writes report.json, report.html, per question bank version with enough results
a proposed norms-v2-<version>.json, and for the attempts on forms the item models'
proposed parameters-<version>.json (and norms-v2-<version>.json from 1,000 of them) to
the output folder (default: calibration/). A synthetic --forms run also reports how well
the weights it was given come back and how many attempts the estimates need. Stored
results and the code are never changed.`;

export class UsageError extends Error {}

export interface Options {
  remote: boolean;
  synthetic: number | null;
  /** With `synthetic`: simulate takers on forms of their own rather than on bank v2. */
  forms: boolean;
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
        forms: { type: "boolean", default: false },
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
  const { remote, synthetic, forms, out } = parsed.values;
  if (synthetic !== undefined && remote)
    throw new UsageError("--synthetic and --remote do not go together");
  if (forms && synthetic === undefined)
    throw new UsageError(
      "--forms goes with --synthetic (a run on D1 calibrates the form attempts whenever there are any)",
    );
  let takers: number | null = null;
  if (synthetic !== undefined) {
    takers = Number(synthetic);
    if (!/^\d+$/.test(synthetic) || takers < 200 || takers > 100_000) {
      throw new UsageError("--synthetic must be a whole number of takers from 200 to 100000");
    }
  }
  return { remote, synthetic: takers, forms, out };
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

/** Every row of a paged query, page by page on rowid. */
function readPaged(sqlFor: (after: number) => string, remote: boolean) {
  const rows: Row[] = [];
  let after = 0;
  for (;;) {
    const page = executeD1(sqlFor(after), remote, process.env.CALIBRATE_PERSIST_TO);
    rows.push(...page);
    if (page.length < pageSize) return rows;
    after = Number(page[page.length - 1]?.rowid);
  }
}

function hasFormColumn(remote: boolean): boolean {
  const columns = executeD1(columnsSql, remote, process.env.CALIBRATE_PERSIST_TO);
  return columns.some((column) => column.name === "form");
}

function readAttempts(remote: boolean, withoutForms: boolean): StoredAttempt[] {
  return readPaged((after) => finishedAttemptsSql(after, pageSize, withoutForms), remote).map(
    (row) => ({
      version: String(row.version),
      answers: String(row.answers),
      ageBand: row.ageBand === null ? null : String(row.ageBand),
    }),
  );
}

function readFormAttempts(remote: boolean): StoredFormAttempt[] {
  return readPaged((after) => finishedFormAttemptsSql(after, pageSize), remote).map((row) => ({
    form: String(row.form),
    answers: String(row.answers),
    ageBand: row.ageBand === null ? null : String(row.ageBand),
    parameterVersion: row.parameterVersion === null ? null : String(row.parameterVersion),
  }));
}

/** Smaller simulated samples beside the main one, for the precision against the number of takers. */
export function smallerSamples(takers: number): number[] {
  return [8, 4, 2].map((part) => Math.round(takers / part)).filter((n) => n >= minResultsForFit);
}

export function calibrate(
  options: Options,
  now: Date,
): { report: CalibrationReport; files: string[] } {
  const report: CalibrationReport = {
    generatedAt: now.toISOString(),
    source: options.synthetic
      ? options.forms
        ? `${options.synthetic} simulated takers on forms of their own (seeded; true weights: the current ones moved by N(0, ${weightPerturbation}^2), true a per model uniform in ${trueDiscrimination.min}-${trueDiscrimination.max})`
        : `${options.synthetic} simulated takers (seeded), answer key ${answerKeyVersion}`
      : `finished attempts in the ${options.remote ? "remote" : "local"} D1`,
    versions: [],
    skipped: [],
    models: null,
  };
  if (options.synthetic && options.forms) {
    const { data, truth } = simulateForms(options.synthetic);
    const models = analyseModels({
      label: `${formVersion}-synthetic`,
      source: report.source,
      data,
      now,
      truth,
    });
    const runs = [...precisionAtSizes(smallerSamples(options.synthetic))];
    if (models.precision) runs.push(models.precision);
    models.precisionByTakers = runs;
    models.attemptsNeeded = attemptsNeeded(runs);
    report.models = models;
  } else if (options.synthetic) {
    const { set, truth } = simulate(answerKey, options.synthetic);
    report.versions.push(analyseVersion(`${answerKeyVersion}-synthetic`, set, now, truth.items));
  } else {
    const withForms = hasFormColumn(options.remote);
    const { sets, withoutKey } = groupByVersion(
      readAttempts(options.remote, withForms),
      knownKeys(),
    );
    for (const [version, set] of sets) report.versions.push(analyseVersion(version, set, now));
    for (const [version, attempts] of withoutKey) {
      report.skipped.push({
        questionBankVersion: version,
        attempts,
        reason: `no answer key for this version in ${keyPath} or its git history`,
      });
    }
    if (withForms) {
      const parsed = parseFormAttempts(readFormAttempts(options.remote), modelById);
      report.models = analyseModels({
        label: formVersion,
        source: report.source,
        data: parsed.data,
        rejected: parsed.rejected,
        formVersions: parsed.formVersions,
        parameterVersions: parsed.parameterVersions,
        now,
      });
    }
  }
  return { report, files: writeOutputs(report, options.out) };
}

/** The only files the command writes: all of them in the output folder. */
function writeOutputs(report: CalibrationReport, out: string): string[] {
  mkdirSync(out, { recursive: true });
  const files = [join(out, "report.json"), join(out, "report.html")];
  writeFileSync(files[0] as string, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files[1] as string, reportHtml(report));
  const write = (name: string, value: unknown) => {
    const file = join(out, name);
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
    files.push(file);
  };
  for (const version of report.versions)
    if (version.norms) write(`norms-v2-${version.questionBankVersion}.json`, version.norms);
  const models = report.models;
  if (models?.parameters)
    write(`parameters-${models.parameters.parametersVersion}.json`, models.parameters);
  if (models?.norms) write(`norms-v2-${models.norms.questionBankVersion}.json`, models.norms);
  return files;
}

function printModels(models: ModelsReport) {
  const f = (v: number | null | undefined, d = 3) =>
    v === null || v === undefined ? "-" : v.toFixed(d);
  console.log(
    `item models (${models.label}): ${models.results} form attempts${models.fit ? `, ${models.fit.iterations} EM cycles${models.fit.converged ? "" : " (not converged)"}` : ""}${models.parameters ? `, proposed ${models.parameters.parametersVersion}` : ""}${models.norms ? ` and ${models.norms.normsVersion}` : ""}`,
  );
  for (const r of models.rejected) console.log(`  ${r.attempts} attempts left out: ${r.reason}`);
  const recovery = models.recovery;
  if (recovery)
    console.log(
      `  recovery: corr(weights) ${f(recovery.weightCorrelation)} (of what was added to the current weights ${f(recovery.perturbationCorrelation)}), MAE ${f(recovery.weightMeanAbsoluteError)}, within 1.96 SE ${f(recovery.weightCoverage * 100, 0)} %; per-model a: corr ${f(recovery.discriminationCorrelation)}, MAE ${f(recovery.discriminationMeanAbsoluteError)}, within 1.96 SE ${f(recovery.discriminationCoverage * 100, 0)} %; cells' b: corr ${f(recovery.cellBCorrelation)}, MAE ${f(recovery.cellBMeanAbsoluteError)}`,
    );
  for (const p of models.precisionByTakers ?? (models.precision ? [models.precision] : []))
    console.log(
      `  ${p.takers} takers: largest SE of a weight ${f(p.largestWeightSe)} (${p.largestWeight ?? "-"}), median ${f(p.medianWeightSe)}, largest SE of an a ${f(p.largestDiscriminationSe)}`,
    );
  if (models.attemptsNeeded)
    console.log(
      `  every weight's SE under ${seBound}: ${models.attemptsNeeded.takers} attempts on forms (${models.attemptsNeeded.how})`,
    );
  for (const note of models.notes) console.log(`  ${note}`);
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
    if (report.models) printModels(report.models);
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
