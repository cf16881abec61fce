import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { bankSeed } from "../../core/items/bank-v2.ts";
import { rates, stemCopies } from "../../core/items/checks/audit.ts";
import {
  expectedHit,
  mirrorSymmetric,
  mostCommonValueChooser,
  mostSimilarChooser,
  symmetricChooser,
} from "../../core/items/checks/blind.ts";
import { type CategorySolver, categories, type Letter, letters } from "../../core/items/model.ts";
import { questionCodes } from "../../core/items/questions.ts";
import { type Bank, type BuiltItem, buildBank } from "./bank.ts";
import { answerKeyModule, publicBankModule } from "./modules.ts";

let bank: Bank;
const solvers = new Map<string, CategorySolver>();

/**
 * Per option, whether its picture is mirror-symmetric: sheets of holes (drawn whole, on
 * the item's grid) and figures of squares (within their bounding box); false for others.
 */
function symmetryFlags(item: BuiltItem): boolean[] {
  return item.options.map((option) => {
    const { holes, cells } = option as { holes?: number[]; cells?: [number, number][] };
    if (Array.isArray(holes)) {
      const side = (item.draft.spec as { size: number }).size;
      return mirrorSymmetric(
        holes.map((i) => [i % side, Math.floor(i / side)]),
        side,
        side,
      );
    }
    if (Array.isArray(cells)) {
      const left = Math.min(...cells.map(([x]) => x));
      const top = Math.min(...cells.map(([, y]) => y));
      const moved = cells.map(([x, y]) => [x - left, y - top] as [number, number]);
      return mirrorSymmetric(
        moved,
        Math.max(...moved.map(([x]) => x)) + 1,
        Math.max(...moved.map(([, y]) => y)) + 1,
      );
    }
    return false;
  });
}

beforeAll(async () => {
  bank = await buildBank(bankSeed);
  for (const category of categories) {
    const { solver } = (await import(`../../core/items/${category.toLowerCase()}/solve.ts`)) as {
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
    let symmetric = 0;
    for (const item of bank.items) {
      const answer = letters.indexOf(item.expect);
      common += expectedHit(mostCommonValueChooser(item.features), answer);
      similar += expectedHit(mostSimilarChooser(item.features), answer);
      symmetric += expectedHit(symmetricChooser(symmetryFlags(item)), answer);
    }
    const commonRate = common / bank.items.length;
    const similarRate = similar / bank.items.length;
    const symmetricRate = symmetric / bank.items.length;
    console.log(
      `context-blind choosers: most common value ${(commonRate * 100).toFixed(1)}%, most similar to the others ${(similarRate * 100).toFixed(1)}%, the symmetric option ${(symmetricRate * 100).toFixed(1)}% (chance 25%)`,
    );
    expect(commonRate).toBeLessThanOrEqual(0.35);
    expect(similarRate).toBeLessThanOrEqual(0.35);
    expect(symmetricRate).toBeLessThanOrEqual(0.35);
  });

  it("gives nothing away within any category to choosers by option features: numeric centre and closeness, count, ink, attribute majority, copies of the question (each at most 35%)", () => {
    for (const category of categories) {
      const found = rates(bank.items.filter((item) => item.category === category));
      console.log(
        `${category}: ${Object.entries(found)
          .map(([name, rate]) => `${name} ${(rate * 100).toFixed(0)}%`)
          .join(", ")}`,
      );
      for (const [name, rate] of Object.entries(found))
        expect(rate, `${category}: ${name}`).toBeLessThanOrEqual(0.35);
    }
  });

  it("never offers as a distractor a panel or a number that the question shows", () => {
    for (const item of bank.items) {
      const copies = stemCopies(item);
      const wrong = copies.filter((copy, i) => copy && letters[i] !== item.expect);
      expect(wrong, `${item.code}: ${JSON.stringify(item.options)}`).toEqual([]);
    }
  });

  it("never makes the answer the only symmetric option (an unfolded sheet is symmetric: so is a wrong-axis sheet)", () => {
    for (const item of bank.items) {
      const picked = symmetricChooser(symmetryFlags(item));
      expect(picked, item.code).not.toEqual([letters.indexOf(item.expect)]);
    }
    const folds = bank.items.filter((item) => item.draft.family === "paper-fold");
    expect(folds.length).toBeGreaterThanOrEqual(2);
    for (const item of folds)
      expect(symmetryFlags(item).filter(Boolean).length, item.code).toBeGreaterThanOrEqual(2);
  });

  it("keeps the checks independent: no generator filters its items with the symmetry check or the audit", () => {
    for (const category of categories) {
      const folder = `core/items/${category.toLowerCase()}`;
      // Solvers and tests are checks: they may use the audit; generators may not.
      const generators = readdirSync(folder).filter(
        (f) => !f.startsWith("solve") && !f.endsWith(".test.ts"),
      );
      for (const file of generators) {
        const source = readFileSync(`${folder}/${file}`, "utf8");
        expect(source, file).not.toMatch(/symmetricChooser|mirrorSymmetric|audit/);
      }
    }
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

  it("balances the answer letters within every category: each 2 or 3 times in 10", () => {
    for (const category of categories) {
      const keys = bank.items.filter((item) => item.category === category).map((i) => i.expect);
      expect(keys, category).toHaveLength(10);
      for (const letter of letters) {
        const count = keys.filter((l) => l === letter).length;
        expect(count, `${category} ${letter}: ${keys.join("")}`).toBeGreaterThanOrEqual(2);
        expect(count, `${category} ${letter}: ${keys.join("")}`).toBeLessThanOrEqual(3);
      }
    }
  });

  it("writes the same bytes for the same seed, and the committed files are up to date", async () => {
    const again = await buildBank(bankSeed);
    expect([...again.images.entries()]).toEqual([...bank.images.entries()]);
    expect(publicBankModule(again)).toBe(publicBankModule(bank));
    expect(readFileSync("core/items/question-bank.generated.ts", "utf8")).toBe(
      publicBankModule(bank),
    );
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
      // The answer's alt must not be the one description that stands out: it is shared
      // with another option, or at least one other option's alt is unique too.
      for (const locale of ["en", "pt-br"] as const) {
        const alts = question.options.map((o) => o.image.alt[locale]);
        const expected = alts[letters.indexOf(bank.answerKey[question.code] as Letter)];
        const count = (alt: string | undefined) => alts.filter((a) => a === alt).length;
        const unique = alts.filter((alt) => count(alt) === 1).length;
        expect(
          count(expected) >= 2 || unique >= 2,
          `${question.code} ${locale}: ${alts.join(" | ")}`,
        ).toBe(true);
      }
    }
  });

  it("gives each option a text alternative of its own, in both languages, that names no answer", () => {
    // A screen reader reads only the alt: two equal alts in one item are two options its
    // user cannot tell apart.
    for (const question of bank.questions) {
      for (const locale of ["en", "pt-br"] as const) {
        const alts = question.options.map((o) => o.image.alt[locale]);
        expect(new Set(alts).size, `${question.code} ${locale}: ${alts.join(" | ")}`).toBe(4);
        for (const alt of alts)
          expect(alt.toLowerCase(), question.code).not.toMatch(
            /correct|right answer|answer|wrong|correta|resposta|errad/,
          );
      }
    }
  });

  it("keeps every text legible from 320 px wide: a font of at least 12 px on screen", () => {
    // A question image spans the 320 px screen; options sit two to a row (about 150 px).
    const shown = new Map<string, number>();
    for (const question of bank.questions) {
      shown.set(question.image.url, 320);
      for (const option of question.options) shown.set(option.image.url, 150);
    }
    for (const [name, svg] of bank.images) {
      const width = Number(svg.match(/<svg[^>]*\swidth="([\d.]+)"/)?.[1]);
      const onScreen = shown.get(`/q/${name}`) as number;
      for (const [, size] of svg.matchAll(/font-size="([\d.]+)"/g))
        expect((Number(size) * onScreen) / width, name).toBeGreaterThanOrEqual(12);
    }
  });
});
