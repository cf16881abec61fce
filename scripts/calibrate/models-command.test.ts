/**
 * `npm run calibrate` on stored attempts, with `wrangler d1 execute` replaced by the same SQL
 * on an in-memory SQLite with the real migrations (0010 adds the `form` column):
 * what it reads, what it writes, and that the banks' path is what it was.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { categories } from "../../core/items/model.ts";
import { cellsOf, pickCell, targetDifficulty } from "../../core/items/pool/form.ts";
import { parameterVersion } from "../../core/items/pool/models.ts";
import { createRng } from "../../core/items/rng.ts";
import { probabilityRight } from "../../core/scoring/irt.ts";
import { ageBands } from "../../core/scoring/norms-model.ts";
import { migratedSqlite } from "../../tests/migrated-sqlite.ts";
import { answerKey, answerKeyVersion } from "../../worker/questions/answer-key.server";
import { normalDraw } from "./synthetic.ts";

const d1 = vi.hoisted(() => ({ db: null as DatabaseSync | null, sql: [] as string[] }));
vi.mock("../d1.ts", () => ({
  executeD1: (sql: string) => {
    d1.sql.push(sql);
    return (d1.db as DatabaseSync).prepare(sql).all();
  },
}));
const { calibrate } = await import("../calibrate.ts");

const now = new Date("2027-03-15T12:00:00Z");

/** `count` finished form attempts, answered from the current parameters by takers N(0, 1). */
function insertFormAttempts(db: DatabaseSync, count: number) {
  const rng = createRng("stored-forms");
  const insert = db.prepare(`INSERT INTO test_attempts (id, secret_hash, status, started_at,
    deadline, question_bank_version, locale, answers, created_at, form, parameter_version)
    VALUES (?, 'h', 'finished', 1, 2, 'form-v1', 'en', ?, 1, ?, 'lltm-v1')`);
  for (let i = 0; i < count; i++) {
    const theta = normalDraw(rng);
    const answers: Record<string, { letter: string; at: number }> = {};
    const items = categories.flatMap((category) => {
      const used = new Set<string>();
      return targetDifficulty.map((target, position) => {
        const cell = pickCell(rng, cellsOf(category), target, used);
        used.add(cell.model.id);
        const code = `${category}-${String(position + 1).padStart(2, "0")}`;
        const right = rng.next() < probabilityRight({ a: 1, b: cell.b, c: 0.25 }, theta);
        if (rng.next() > 0.03) answers[code] = { letter: right ? "C" : "A", at: 1 };
        return {
          code,
          instance: { model: cell.model.id, radicals: cell.radicals, seed: `${i}:${code}` },
          key: "C",
          order: [1, 2, 0, 3],
          parameters: { a: 1, b: cell.b, c: 0.25 },
          content: `${i}:${code}`,
        };
      });
    });
    insert.run(`f${i}`, JSON.stringify(answers), JSON.stringify({ version: "form-v1", items }));
  }
}

function insertBankAttempts(db: DatabaseSync, count: number) {
  const answers = JSON.stringify(
    Object.fromEntries(
      Object.entries(answerKey).map(([code, letter]) => [code, { letter, at: 1 }]),
    ),
  );
  for (let i = 0; i < count; i++)
    db.exec(`INSERT INTO test_attempts (id, secret_hash, status, started_at, deadline,
      question_bank_version, locale, answers, created_at)
      VALUES ('b${i}', 'h', 'finished', 1, 2, '${answerKeyVersion}', 'en', '${answers}', 1)`);
}

/** Every file of the code the proposal is about, hashed. */
function codeHashes(): Record<string, string> {
  const files = [
    ...categories.map((c) => `core/items/${c.toLowerCase()}/weights.ts`),
    ...readdirSync("core/scoring").map((f) => `core/scoring/${f}`),
    ...readdirSync("core/items/pool").map((f) => `core/items/pool/${f}`),
  ];
  return Object.fromEntries(
    files.map((f) => [f, createHash("sha256").update(readFileSync(f)).digest("hex")]),
  );
}

beforeEach(() => {
  d1.db = migratedSqlite();
  d1.sql = [];
});

describe("npm run calibrate on stored form attempts", () => {
  it("without the form column (a D1 before migration 0010), reads the banks as before and no models", () => {
    const db = d1.db as DatabaseSync;
    db.exec("ALTER TABLE test_attempts DROP COLUMN form");
    insertBankAttempts(db, 3);
    const out = mkdtempSync(join(tmpdir(), "calibrate-"));
    const { report, files } = calibrate({ remote: false, synthetic: null, forms: false, out }, now);
    expect(report.models).toBeNull();
    expect(report.versions.map((v) => [v.questionBankVersion, v.results])).toEqual([
      [answerKeyVersion, 3],
    ]);
    expect(report.versions[0]?.meanTotal).toBe(40);
    expect(files).toEqual([join(out, "report.json"), join(out, "report.html")]);
  });

  it("fits the models from form attempts, proposes parameters, and keeps the banks' attempts apart", () => {
    const db = d1.db as DatabaseSync;
    insertBankAttempts(db, 3);
    insertFormAttempts(db, 260);
    db.exec(`INSERT INTO test_attempts (id, secret_hash, status, started_at, deadline,
      question_bank_version, locale, answers, created_at, form)
      VALUES ('broken', 'h', 'finished', 1, 2, 'form-v1', 'en', '{}', 1, '{"items":[{"code":"SM-01","instance":{"model":"sm-gone","radicals":{},"seed":"x"},"key":"A"}]}'),
      ('running', 'h', 'in_progress', 1, 2, 'form-v1', 'en', '{}', 1, '{}')`);
    const before = codeHashes();
    const out = mkdtempSync(join(tmpdir(), "calibrate-"));
    const { report, files } = calibrate({ remote: false, synthetic: null, forms: false, out }, now);

    // The banks' path: its own attempts only, form attempts neither read against a key nor skipped.
    expect(report.versions.map((v) => [v.questionBankVersion, v.results])).toEqual([
      [answerKeyVersion, 3],
    ]);
    expect(report.skipped).toEqual([]);

    const models = report.models;
    expect(models?.results).toBe(260);
    expect(models?.rejected).toEqual([{ reason: "unknown item model sm-gone", attempts: 1 }]);
    expect(models?.formVersions).toEqual({ "form-v1": 260 });
    expect(models?.parameterVersions).toEqual({ "lltm-v1": 260 });
    expect(models?.fit?.converged).toBe(true);
    expect(models?.categories.map((c) => c.category)).toEqual(["SM", "RA", "RE", "RL"]);
    expect(models?.notes).toContain("No norms proposal: 260 form attempts, norms need 1000.");
    const version = "lltm-calibrated-2027-03-form-v1";
    const parametersFile = join(out, `parameters-${version}.json`);
    expect(files).toEqual([join(out, "report.json"), join(out, "report.html"), parametersFile]);
    const parameters = JSON.parse(readFileSync(parametersFile, "utf8"));
    expect(parameters).toMatchObject({
      parametersVersion: version,
      currentParametersVersion: parameterVersion,
    });
    const sm = parameters.categories[0];
    expect(sm.weights.find((w: { name: string }) => w.name === "intercept")).toMatchObject({
      current: -2.5,
      status: "estimated",
      se: expect.any(Number),
      proposed: expect.any(Number),
    });
    expect(sm.discriminations[0]).toMatchObject({ model: "sm-arithmetic", current: 1 });
    // Answered from the current parameters (a = 1): the estimates stay near them.
    const estimated = parameters.categories.flatMap((c: { weights: { status: string }[] }) =>
      c.weights.filter((w) => w.status === "estimated"),
    );
    const off = estimated.filter(
      (w: { estimate: number; current: number; se: number }) =>
        Math.abs(w.estimate - w.current) > 3 * w.se,
    );
    expect(off.length).toBeLessThanOrEqual(2);

    // Read-only: only SELECTs and the columns' PRAGMA reached D1; nothing but the output
    // folder was written.
    expect(d1.sql[0]).toBe("PRAGMA table_info(test_attempts)");
    expect(d1.sql.length).toBeGreaterThan(2);
    for (const sql of d1.sql.slice(1)) expect(sql.trimStart()).toMatch(/^SELECT /);
    expect(codeHashes()).toEqual(before);
    expect(readdirSync(out).sort()).toEqual(
      ["report.html", "report.json", `parameters-${version}.json`].sort(),
    );
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toContain("Item models");
    expect(html).toContain(version);
    expect(html).not.toMatch(/<script|src=|href=/);
  });
});

describe("npm run calibrate --synthetic N --forms", () => {
  it("recovers the simulated truth, says how many attempts the weights need, and proposes norms from 1,000", () => {
    const out = mkdtempSync(join(tmpdir(), "calibrate-"));
    const { report, files } = calibrate({ remote: false, synthetic: 1000, forms: true, out }, now);
    expect(d1.sql).toEqual([]);
    expect(report.versions).toEqual([]);
    const models = report.models;
    expect(models?.recovery?.weightCorrelation).toBeGreaterThan(0.97);
    expect(models?.precisionByTakers?.map((p) => p.takers)).toEqual([250, 500, 1000]);
    const [small, , large] = models?.precisionByTakers ?? [];
    expect(large?.medianWeightSe).toBeLessThan(small?.medianWeightSe ?? 0);
    expect(models?.attemptsNeeded?.takers).toBeGreaterThan(1000);
    expect(files).toEqual([
      join(out, "report.json"),
      join(out, "report.html"),
      join(out, "parameters-lltm-calibrated-2027-03-form-v1-synthetic.json"),
      join(out, "norms-v2-form-v1-synthetic.json"),
    ]);
    const norms = JSON.parse(readFileSync(join(out, "norms-v2-form-v1-synthetic.json"), "utf8"));
    expect(norms).toMatchObject({
      normsVersion: "v2-calibrated-2027-03-form-v1-synthetic",
      parametersVersion: "lltm-calibrated-2027-03-form-v1-synthetic",
      results: 1000,
    });
    expect(norms.ageBands.map((b: { id: string }) => b.id)).toEqual(ageBands.map((b) => b.id));
    // About 125 takers per band of 1,000: under the 200 a band's measured mean needs.
    for (const band of norms.ageBands) {
      expect(band.source).toBe("v1 model");
      expect(band.takers).toBeGreaterThan(80);
    }
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toContain("Recovery of the simulated truth");
    expect(html).toContain("Precision against the number of attempts");
  });
});
