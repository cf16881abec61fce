/**
 * npm run security: the rules of SECURITY.md as a suite (issue 17; ADR 0031). A rule is
 * covered by a test whose title, or the title of a describe around it, starts with
 * `SECURITY N: ` (one number per title). The script finds those titles in the test files,
 * RUNS them (`vitest run --project unit|worker|e2e -t ...`, the JSON reporter), and prints
 * each rule with its tests and whether they passed. A rule counts as covered only when at
 * least one of its tests passed; the exit code is not 0 when a rule is not covered or a
 * SECURITY test failed. `--list` prints what was found without running anything.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ensureChromium } from "./chromium.mjs";

/** The 34 rules of SECURITY.md by number, each by a short name. */
export const rules: Readonly<Record<number, string>> = {
  1: "session token: 128-bit secret, stored as SHA-256",
  2: "__Host-session cookie; no token from a URL or form",
  3: "new session per sign-in; inactivity and absolute expiry",
  4: "logout and password change/reset delete sessions",
  5: "password rules, maximum length, no truncation",
  6: "scrypt with its parameters stored per hash",
  7: "throttling per IP and account; one generic message",
  8: "CSRF: Origin or Sec-Fetch-Site on every non-GET",
  9: "Google: state and PKCE per attempt; (provider, sub)",
  10: "reset token: 112 bits, hashed, 1 h, single use",
  11: "forgot-password answers the same; rate-limited",
  12: "token pages: no-referrer, no-store",
  13: "after a reset: verified, sessions revoked, notice",
  14: "every query scoped to its owner; others 404",
  15: "the report unlocks only on an approved payment",
  16: "returnUrl: one-slash relative paths only",
  17: "webhook signature on the raw body, 300 s",
  18: "each webhook event handled once",
  19: "fulfilment idempotent; status only forward",
  20: "the Stripe events handled; Pix and boleto expiry",
  21: "amount from configuration; idempotency key",
  22: "status mapping: one pure table-tested function",
  23: "coupon claim atomic: 20 claims, one winner",
  24: "coupon lock: released or consumed by the result",
  25: "one Durable Object per attempt; alarm idempotent",
  26: "no answers after deadline plus grace; server's clock",
  27: "flow enforced; answer key never reaches the client",
  28: "inputs validated by schema: 400, never 500",
  29: "D1 through bound parameters; writes in batch()",
  30: "certificate name limited, rendered as text",
  31: "generic errors; logs without secrets",
  32: "security headers; no-store on signed-in pages",
  33: "nonce-based CSP per response",
  34: "LGPD: consent, withdrawal, export and deletion",
};

export type Project = "unit" | "worker" | "e2e";

/** One title that starts `SECURITY N: `, where it is. */
export interface SecurityTitle {
  rule: number;
  title: string;
  file: string;
  line: number;
  project: Project;
}

/** `SECURITY N:` written anywhere but at the start of a title that vitest runs. */
export interface StrayTag {
  file: string;
  line: number;
  text: string;
}

const testRoots = ["core", "app", "worker", "scripts", "e2e"];
const tag = /SECURITY (\d+):/g;
/**
 * A title that runs: the first argument of `it(`, `test(` or `describe(` (or of their
 * `.each(...)(` or `.for(...)(`), a string starting with the tag. `.skip`, `.todo`, `.only`, `.skipIf`
 * and comments do not match: such a tag is a stray one.
 */
const runningTitle =
  /\b(?:it|test|describe)(?:\.(?:each|for)\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\(\s*(["'`])(SECURITY (\d+): (?:\\.|(?!\1)[^\\])*)\1/g;

export function projectOf(file: string): Project {
  if (file.startsWith("e2e/")) return "e2e";
  if (file.startsWith("worker/") && !file.endsWith(".unit.test.ts")) return "worker";
  return "unit";
}

/** The test files of the three projects (vitest.config.ts), relative to `root`. */
export function testFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name)) files.push(relative(root, path));
    }
  };
  for (const dir of testRoots) walk(join(root, dir));
  return files.sort();
}

function lineAt(source: string, index: number): number {
  return source.slice(0, index).split("\n").length;
}

/** The SECURITY titles of one file's source, and the tags that are not such titles. */
export function scanSource(
  file: string,
  source: string,
): { titles: SecurityTitle[]; strays: StrayTag[] } {
  const titles: SecurityTitle[] = [];
  const atTitle = new Set<number>();
  for (const match of source.matchAll(runningTitle)) {
    const start = (match.index ?? 0) + match[0].indexOf("SECURITY");
    const lineStart = source.lastIndexOf("\n", match.index ?? 0) + 1;
    const before = source.slice(lineStart, match.index);
    if (/^\s*(\*|\/\*)|\/\//.test(before)) continue;
    atTitle.add(start);
    titles.push({
      rule: Number(match[3]),
      title: match[2] ?? "",
      file,
      line: lineAt(source, start),
      project: projectOf(file),
    });
  }
  const strays: StrayTag[] = [];
  for (const match of source.matchAll(tag)) {
    const index = match.index ?? 0;
    if (atTitle.has(index)) continue;
    const line = lineAt(source, index);
    strays.push({ file, line, text: source.split("\n")[line - 1]?.trim() ?? "" });
  }
  return { titles, strays };
}

/** Every SECURITY title in the repository at `root`, and every stray tag. */
export function discover(
  root: string,
  exclude: readonly string[] = [],
): { titles: SecurityTitle[]; strays: StrayTag[] } {
  const titles: SecurityTitle[] = [];
  const strays: StrayTag[] = [];
  for (const file of testFiles(root)) {
    if (exclude.includes(file)) continue;
    const found = scanSource(file, readFileSync(join(root, file), "utf8"));
    titles.push(...found.titles);
    strays.push(...found.strays);
  }
  return { titles, strays };
}

/** vitest's JSON reporter, the parts read here. */
interface JsonReport {
  testResults: {
    name: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string }[];
  }[];
}

export interface Outcome {
  rule: number;
  file: string;
  /** The SECURITY title (a describe's, or the test's own, as vitest formatted it). */
  title: string;
  passed: number;
  failed: number;
  /** Skipped, todo, or not run at all. */
  other: number;
}

/** The results of one JSON report, grouped by the SECURITY title each test runs under. */
export function outcomesOf(report: JsonReport, root: string): Outcome[] {
  const outcomes = new Map<string, Outcome>();
  for (const file of report.testResults) {
    const path = relative(root, file.name);
    for (const result of file.assertionResults) {
      for (const title of [...result.ancestorTitles, result.title]) {
        const rule = /^SECURITY (\d+): /.exec(title)?.[1];
        if (!rule) continue;
        const key = `${path}\0${title}`;
        const outcome = outcomes.get(key) ?? {
          rule: Number(rule),
          file: path,
          title,
          passed: 0,
          failed: 0,
          other: 0,
        };
        if (result.status === "passed") outcome.passed++;
        else if (result.status === "failed") outcome.failed++;
        else outcome.other++;
        outcomes.set(key, outcome);
      }
    }
  }
  return [...outcomes.values()];
}

const ruleNumbers = Object.keys(rules).map(Number);

/** The rules with at least one passing test, the rules without, and the failed tests. */
export function coverage(outcomes: readonly Outcome[]) {
  const covered = ruleNumbers.filter((rule) =>
    outcomes.some((outcome) => outcome.rule === rule && outcome.passed > 0),
  );
  return {
    covered,
    missing: ruleNumbers.filter((rule) => !covered.includes(rule)),
    failed: outcomes.filter((outcome) => outcome.failed > 0),
  };
}

function runProject(project: Project, files: string[], outputFile: string): JsonReport {
  if (project === "e2e") {
    ensureChromium();
  }
  try {
    execFileSync(
      "npx",
      [
        "vitest",
        "run",
        "--project",
        project,
        "-t",
        "SECURITY [0-9]+: ",
        "--reporter=dot",
        "--reporter=json",
        `--outputFile.json=${outputFile}`,
        ...files,
      ],
      { stdio: "inherit" },
    );
  } catch {
    // Failed tests are in the report; a run that wrote none is reported as not run.
  }
  try {
    return JSON.parse(readFileSync(outputFile, "utf8")) as JsonReport;
  } catch {
    return { testResults: [] };
  }
}

function main(): void {
  const root = process.cwd();
  const { titles, strays } = discover(root);
  const listOnly = process.argv.includes("--list");
  let outcomes: Outcome[];
  if (listOnly) {
    outcomes = titles.map((found) => ({ ...found, passed: 0, failed: 0, other: 1 }));
  } else {
    const dir = mkdtempSync(join(tmpdir(), "security-"));
    outcomes = [];
    for (const project of ["unit", "worker", "e2e"] as const) {
      const files = [...new Set(titles.filter((t) => t.project === project).map((t) => t.file))];
      if (files.length === 0) continue;
      console.log(`\n▶ ${project}: ${files.length} file(s)`);
      outcomes.push(...outcomesOf(runProject(project, files, join(dir, `${project}.json`)), root));
    }
    rmSync(dir, { recursive: true, force: true });
    // A title found in the source that reported no result did not run.
    for (const found of titles) {
      const ran = outcomes.some(
        (outcome) => outcome.file === found.file && outcome.rule === found.rule,
      );
      if (!ran) outcomes.push({ ...found, passed: 0, failed: 0, other: 1 });
    }
  }

  console.log("\nSECURITY.md rules and their tests\n");
  for (const rule of ruleNumbers) {
    console.log(`${String(rule).padStart(2)}. ${rules[rule]}`);
    const mine = outcomes.filter((outcome) => outcome.rule === rule);
    if (mine.length === 0) console.log("      (no test)");
    for (const outcome of mine) {
      const mark = listOnly ? "·" : outcome.failed > 0 ? "✗" : outcome.passed > 0 ? "✓" : "-";
      const counts = listOnly
        ? ""
        : ` (${outcome.passed} passed${outcome.failed ? `, ${outcome.failed} failed` : ""}${outcome.other ? `, ${outcome.other} not run` : ""})`;
      console.log(`    ${mark} ${outcome.file} :: ${outcome.title}${counts}`);
    }
  }
  for (const stray of strays) {
    console.log(`\nnot a running title: ${stray.file}:${stray.line}: ${stray.text}`);
  }
  if (listOnly) {
    const found = new Set(titles.map((t) => t.rule));
    console.log(`\nfound titles for ${found.size}/${ruleNumbers.length} rules (not run: --list)`);
    return;
  }
  const { covered, missing, failed } = coverage(outcomes);
  console.log(`\ncovered: ${covered.length}/${ruleNumbers.length}`);
  if (missing.length > 0) console.log(`not covered: ${missing.join(", ")}`);
  for (const outcome of failed) console.log(`failed: ${outcome.file} :: ${outcome.title}`);
  if (missing.length > 0 || failed.length > 0 || strays.length > 0) process.exitCode = 1;
}

if (import.meta.main) main();
