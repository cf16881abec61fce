import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migratedSqlite } from "../tests/migrated-sqlite.ts";
import { answerKeyVersion } from "../worker/questions/answer-key.server";
import { finishedAttemptsSql } from "./calibrate/results.ts";
import { calibrate, parseOptions, UsageError } from "./calibrate.ts";

const now = new Date("2027-03-15T12:00:00Z");

describe("npm run calibrate options", () => {
  it("defaults to the local D1 and the calibration folder", () => {
    expect(parseOptions([])).toEqual({
      remote: false,
      synthetic: null,
      forms: false,
      out: "calibration",
    });
    expect(parseOptions(["--remote", "--out", "x"])).toEqual({
      remote: true,
      synthetic: null,
      forms: false,
      out: "x",
    });
    expect(parseOptions(["--synthetic", "2000"])).toMatchObject({ synthetic: 2000, forms: false });
    expect(parseOptions(["--synthetic", "2000", "--forms"])).toMatchObject({
      synthetic: 2000,
      forms: true,
    });
  });

  it.each([
    [["--synthetic", "many"], "--synthetic must be"],
    [["--synthetic", "50"], "--synthetic must be"],
    [["--synthetic", "500", "--remote"], "do not go together"],
    [["--forms"], "--forms goes with --synthetic"],
    [["--write"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(UsageError);
    expect(() => parseOptions(argv)).toThrow(message);
  });
});

describe("the stored attempts it reads (SQL on the real migrations)", () => {
  const db = migratedSqlite();
  db.exec(`INSERT INTO users (id, name, email) VALUES ('u1', 'Ana', 'ana@example.com')`);
  const attempt = (id: string, status: string, answers: string | null, version = "bank1") =>
    db.exec(`INSERT INTO test_attempts (id, user_id, secret_hash, status, started_at, deadline,
      question_bank_version, locale, answers, created_at)
      VALUES ('${id}', 'u1', 'h', '${status}', 1, 2, '${version}', 'en', ${answers === null ? "NULL" : `'${answers}'`}, 1)`);
  attempt("z-first", "finished", '{"SM-01":{"letter":"A","at":1}}');
  attempt("a-running", "in_progress", '{"SM-01":{"letter":"B","at":1}}');
  attempt("m-rejected", "rejected", "{}");
  attempt("b-second", "finished", "{}", "bank2");
  attempt("c-empty", "finished", null);
  db.exec(`INSERT INTO test_results (attempt_id, user_id, finished_at, iq, iq_label, at_ceiling,
    interval_low, interval_high, band, raw_total, raw_by_category, norms_version, age_band,
    percentage_world, percentage_brazil, percentile_method_world, percentile_method_brazil, created_at)
    VALUES ('z-first', 'u1', 3, 100, '100', 0, 89, 111, 'average', 25, '{}', 'v1', '45-54', 50, 80, 'model', 'model', 3)`);

  it("returns finished attempts with answers only, with the result's age band, page by page", () => {
    const first = db.prepare(finishedAttemptsSql(0, 1)).all();
    expect(first).toEqual([
      { rowid: 1, version: "bank1", answers: '{"SM-01":{"letter":"A","at":1}}', ageBand: "45-54" },
    ]);
    const rest = db.prepare(finishedAttemptsSql(1, 10)).all();
    expect(rest).toEqual([{ rowid: 4, version: "bank2", answers: "{}", ageBand: null }]);
  });
});

describe("npm run calibrate --synthetic", () => {
  it("writes the JSON and HTML reports and, with enough takers, a proposed v2 norms table", () => {
    const out = mkdtempSync(join(tmpdir(), "calibrate-"));
    const { files } = calibrate({ remote: false, synthetic: 1000, forms: false, out }, now);
    const normsFile = join(out, `norms-v2-${answerKeyVersion}-synthetic.json`);
    expect(files).toEqual([join(out, "report.json"), join(out, "report.html"), normsFile]);
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
    const [version] = report.versions;
    expect(version.results).toBe(1000);
    expect(version.items).toHaveLength(40);
    expect(version.items[0]).toMatchObject({ code: "SM-01", options: expect.any(Array) });
    expect(version.recovery.bCorrelation).toBeGreaterThan(0.97);
    expect(Object.keys(version.reliability.byCategory)).toEqual(["SM", "RA", "RE", "RL"]);
    const norms = JSON.parse(readFileSync(normsFile, "utf8"));
    expect(norms.normsVersion).toBe(`v2-calibrated-2027-03-${answerKeyVersion}-synthetic`);
    expect(norms.intervalHalfWidth).toBe(
      Math.round(1.96 * 15 * Math.sqrt(1 - version.reliability.total)),
    );
    expect(Object.keys(norms.table)).toEqual([
      "16-17",
      "18-24",
      "25-34",
      "35-44",
      "45-54",
      "55-64",
      "65+",
    ]);
    expect(norms.table["25-34"][10].iq).toBe(55);
    const html = readFileSync(join(out, "report.html"), "utf8");
    // Self-contained: three inline plots, no script, nothing fetched.
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).not.toMatch(/<script|src=|href=/);
    expect(html).toContain(norms.normsVersion);
  });

  it("proposes no norms below the threshold and says why", () => {
    const out = mkdtempSync(join(tmpdir(), "calibrate-"));
    const { report, files } = calibrate({ remote: false, synthetic: 400, forms: false, out }, now);
    expect(files).toHaveLength(2);
    expect(existsSync(join(out, `norms-v2-${answerKeyVersion}-synthetic.json`))).toBe(false);
    expect(report.versions[0]?.notes).toEqual(["No norms proposal: 400 results, norms need 1000."]);
    expect(readFileSync(join(out, "report.html"), "utf8")).toContain("norms need 1000");
  });
});
