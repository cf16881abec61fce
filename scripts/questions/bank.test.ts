import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { questionCodes } from "../../core/questions.ts";
import { type Bank, bankSeed, buildBank } from "./bank.ts";
import { expectedHit, mostCommonValueChooser, mostSimilarChooser } from "./blind.ts";
import { type CategorySolver, categories, letters } from "./model.ts";
import { answerKeyModule, publicBankModule } from "./modules.ts";

let bank: Bank;
const solvers = new Map<string, CategorySolver>();

beforeAll(async () => {
  bank = await buildBank(bankSeed);
  for (const category of categories) {
    const { solver } = (await import(`./${category.toLowerCase()}/solve.ts`)) as {
      solver: CategorySolver;
    };
    solvers.set(category, solver);
  }
});

describe("the item bank", () => {
  it("has every code of the spec's numbering exactly once, in order", () => {
    expect(bank.questions.map((q) => q.code)).toEqual(questionCodes);
  });

  it("is checked by a solver written apart from the generator: exactly one option fits, the expected one", () => {
    for (const item of bank.items) {
      const solver = solvers.get(item.category) as CategorySolver;
      // The solver reads the item as data, the way it is described, not as generator objects.
      const described = JSON.parse(
        JSON.stringify({ family: item.draft.family, spec: item.draft.spec }),
      );
      const fits = item.options.map((option) =>
        solver.satisfies(described, JSON.parse(JSON.stringify(option))),
      );
      expect(fits.filter(Boolean), item.code).toHaveLength(1);
      expect(letters[fits.indexOf(true)], item.code).toBe(item.expect);
    }
  });

  it("has four different options in every item", () => {
    for (const item of bank.items) {
      expect(new Set(item.options.map((o) => JSON.stringify(o))).size, item.code).toBe(4);
      expect(
        new Set(bank.questions.find((q) => q.code === item.code)?.options.map((o) => o.image.url))
          .size,
      ).toBe(4);
    }
  });

  it("gives nothing away to a chooser that sees only the options (at most 35%; chance is 25%)", () => {
    let common = 0;
    let similar = 0;
    for (const item of bank.items) {
      const answer = letters.indexOf(item.expect);
      common += expectedHit(mostCommonValueChooser(item.features), answer);
      similar += expectedHit(mostSimilarChooser(item.features), answer);
    }
    const commonRate = common / bank.items.length;
    const similarRate = similar / bank.items.length;
    console.log(
      `context-blind choosers: most common value ${(commonRate * 100).toFixed(1)}%, most similar to the others ${(similarRate * 100).toFixed(1)}% (chance 25%)`,
    );
    expect(commonRate).toBeLessThanOrEqual(0.35);
    expect(similarRate).toBeLessThanOrEqual(0.35);
  });

  it("balances the answer letters: each 10 ± 2 times, never four equal in a row", () => {
    const sequence = bank.questions.map((q) => bank.answerKey[q.code]);
    for (const letter of letters) {
      const count = sequence.filter((l) => l === letter).length;
      expect(count, letter).toBeGreaterThanOrEqual(8);
      expect(count, letter).toBeLessThanOrEqual(12);
    }
    expect(sequence.join("")).not.toMatch(/(A{4}|B{4}|C{4}|D{4})/);
  });

  it("writes the same bytes for the same seed, and the committed files are up to date", async () => {
    const again = await buildBank(bankSeed);
    expect([...again.images.entries()]).toEqual([...bank.images.entries()]);
    expect(publicBankModule(again)).toBe(publicBankModule(bank));
    expect(readFileSync("core/question-bank.ts", "utf8")).toBe(publicBankModule(bank));
    expect(readFileSync("worker/questions/answer-key.server.ts", "utf8")).toBe(
      answerKeyModule(bank),
    );
    expect(readdirSync("public/q").sort()).toEqual([...bank.images.keys()].sort());
    for (const [name, svg] of bank.images)
      expect(readFileSync(`public/q/${name}`, "utf8"), name).toBe(svg);
  });

  it("keeps every image small and the whole set under 250 KB gzip", () => {
    let raw = 0;
    let gzip = 0;
    for (const [name, svg] of bank.images) {
      expect(Buffer.byteLength(svg), name).toBeLessThanOrEqual(8 * 1024);
      raw += Buffer.byteLength(svg);
      gzip += gzipSync(svg, { level: 9 }).length;
    }
    console.log(
      `item images: ${bank.images.size} files, ${(raw / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzip (each gzipped alone)`,
    );
    expect(gzip).toBeLessThan(250 * 1024);
  });

  it("has titles and alt texts in both languages, and option alts that do not differ only for the answer", () => {
    for (const question of bank.questions) {
      expect(question.title.en.length, question.code).toBeGreaterThan(10);
      expect(question.title["pt-br"].length, question.code).toBeGreaterThan(10);
      expect(question.image.alt.en.length, question.code).toBeGreaterThan(10);
      expect(question.image.alt["pt-br"]).not.toBe(question.image.alt.en);
      const answerAlt =
        question.options.find((o) => o.letter === bank.answerKey[question.code])?.image.alt.en ??
        "";
      expect(answerAlt.toLowerCase(), question.code).not.toMatch(/correct|right answer|answer/);
    }
  });
});
