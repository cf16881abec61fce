import { describe, expect, it } from "vitest";
import { optionsOf, renderDraft, verifyDraft } from "../checks/verify.ts";
import type { ItemDraft } from "../model.ts";
import { buildInstance, drawInstance, type Instance, maxTries } from "../pool/draw.ts";
import { type ItemModel, radicalGrid } from "../pool/item-model.ts";
import { generator as bankV2 } from "./generate.ts";
import type { Cell } from "./matrix.ts";
import { models } from "./models.ts";
import type { PoolSpec } from "./pool-models.ts";
import { inferredValues, solver } from "./solve.ts";

type Draft = ItemDraft<PoolSpec<Record<string, unknown>>, Record<string, unknown>>;

const combos = models.flatMap((model) =>
  radicalGrid(model).map((radicals) => ({ model, radicals })),
);

function draw(model: ItemModel, radicals: Record<string, string | number>, seed: string) {
  const result = drawInstance(model, radicals, seed);
  if (!result.instance)
    throw new Error(`${model.id} ${JSON.stringify(radicals)} ${seed}: no instance`);
  return result.instance as Instance & { draft: Draft };
}

const fits = (draft: ItemDraft, option: unknown) =>
  solver.satisfies(JSON.parse(JSON.stringify({ family: draft.family, spec: draft.spec })), option);

/** A model whose drafts are the given one: verifyDraft on a planted instance. */
const withDraft = (draft: Draft): Draft => JSON.parse(JSON.stringify(draft));

describe("RA item models", () => {
  it("are six, with stable ids and radicals from the easiest value first", () => {
    expect(models.map((m) => m.id)).toEqual([
      "ra-one-rule",
      "ra-two-rules",
      "ra-three-rules",
      "ra-four-rules",
      "ra-two-entities",
      "ra-crossed",
    ]);
    for (const model of models.slice(0, 5))
      expect(model.radicals.direction).toEqual(["rows", "columns"]);
    expect(models[5]?.radicals.direction).toEqual(["crossed"]);
  });

  it("make a crossed matrix need both directions: some rule reads only along the rows, another only down the columns", () => {
    const model = models[5] as ItemModel;
    for (const seed of ["x", "y", "z"]) {
      const { draft } = draw(model, { rules: "PA", direction: "crossed" }, seed);
      const levels = (key: string) =>
        [...draft.spec.cells, draft.answer].map((c) => {
          const v = c[key];
          return typeof v === "number"
            ? v
            : ["triangle", "square", "pentagon", "hexagon", "circle"].indexOf(String(v));
        });
      // Per attribute: does the row-wise (resp. column-wise) progression or sum fit?
      const rowsFit = (g: number[], t: (a: number, b: number, c: number) => boolean) =>
        [0, 3, 6].every((i) => t(g[i] as number, g[i + 1] as number, g[i + 2] as number));
      const colsFit = (g: number[], t: (a: number, b: number, c: number) => boolean) =>
        [0, 1, 2].every((i) => t(g[i] as number, g[i + 3] as number, g[i + 6] as number));
      const progression = (a: number, b: number, c: number) => b - a === c - b && b !== a;
      const sum = (a: number, b: number, c: number) => c === a + b || c === a - b;
      const ways = ["type", "size", "fill", "number"].map((key) => {
        const g = levels(key);
        const kind = draft.spec.rules[key];
        const test = kind === "arithmetic" ? sum : progression;
        return kind === "progression" || kind === "arithmetic"
          ? `${rowsFit(g, test) ? "r" : ""}${colsFit(g, test) ? "c" : ""}`
          : "";
      });
      expect(ways.filter((w) => w === "r").length, JSON.stringify(ways)).toBeGreaterThan(0);
      expect(ways.filter((w) => w === "c").length, JSON.stringify(ways)).toBeGreaterThan(0);
    }
  });

  it("give the same draft and the same images for the same model, radicals and seed", () => {
    for (const { model, radicals } of combos.filter((_, i) => i % 4 === 0)) {
      const ref = { model: model.id, radicals, seed: "same" };
      const a = buildInstance(model, ref);
      const b = buildInstance(model, ref);
      expect(a).not.toBeNull();
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      expect(renderDraft(model, a as ItemDraft)).toEqual(renderDraft(model, b as ItemDraft));
    }
  });

  it("draw a passing instance for every radical combination (3 seeds each), mostly at the first try", () => {
    let tries = 0;
    let draws = 0;
    for (const { model, radicals } of combos)
      for (const seed of ["a", "b", "c"]) {
        const result = drawInstance(model, radicals, `every-${seed}`);
        expect(result.instance, `${model.id} ${JSON.stringify(radicals)}`).not.toBeNull();
        expect(result.tries).toBeLessThan(maxTries);
        tries += result.tries;
        draws += 1;
      }
    expect((tries - draws) / tries).toBeLessThan(0.1);
  });

  it("have a solver that accepts the key and rejects every distractor", () => {
    for (const [i, { model, radicals }] of combos.entries()) {
      const { draft } = draw(model, radicals, `solver-${i}`);
      expect(fits(draft, draft.answer)).toBe(true);
      for (const distractor of draft.distractors) expect(fits(draft, distractor)).toBe(false);
    }
  });

  it("span from very easy to harder than bank v2's hardest (b -1.8..+1.8)", () => {
    const bs = combos.map(({ model, radicals }) => draw(model, radicals, "b").parameters.b);
    expect(Math.min(...bs)).toBeLessThanOrEqual(-2.4);
    expect(Math.max(...bs)).toBeGreaterThanOrEqual(2.6);
  });
});

describe("RA instances verified one at a time", () => {
  const base = () => draw(models[1] as ItemModel, { rules: "PD", direction: "rows" }, "planted");
  const model = models[1] as ItemModel;

  it("pass verifyDraft as drawn", () => {
    const { draft } = base();
    expect(verifyDraft(model, draft, solver)).toEqual([]);
  });

  it("fail when a distractor is replaced by an option that fits the rule", () => {
    const draft = withDraft(base().draft);
    draft.distractors[0] = { ...draft.answer };
    const failures = verifyDraft(model, draft, solver);
    expect(failures).toContain("solver: 1 distractor(s) fit the rule too");
    expect(failures).toContain("options: two options are the same");
  });

  it("fail when the grid admits a second reading (two values predicted for one attribute)", () => {
    const draft = withDraft(base().draft);
    // The counts of the pair "same values in every column" (3) / "top minus middle" (1).
    for (const [i, count] of [3, 3, 2, 2, 2, 1, 1, 1].entries())
      (draft.spec.cells[i] as Record<string, unknown>).number = count;
    draft.answer.number = 3;
    draft.distractors[0].number = 1;
    const failures = verifyDraft(model, draft, solver);
    expect(failures).toContain(
      "solver: no option fits (a wrong key, or a question that reads two ways)",
    );
    expect(optionsOf(draft).some((o) => fits(draft, o))).toBe(false);
  });

  it("fail when an attribute of the visible cells follows no rule", () => {
    const draft = withDraft(base().draft);
    // Make the first two rows' shading constant-in-a-row and the third row's two cells
    // differ: no rule fits the shading any more, so no option fits.
    // Two shades no option shows: whatever a broken reading predicts, no option has it.
    const [fillA, fillB] = [0, 1, 2, 3].filter(
      (f) => !optionsOf(draft).some((o) => o.fill === f),
    ) as [number, number];
    for (const [i, cell] of draft.spec.cells.entries())
      cell.fill = i < 6 ? (i < 3 ? fillA : fillB) : i === 6 ? fillA : fillB;
    expect(verifyDraft(model, draft, solver)).toContain(
      "solver: no option fits (a wrong key, or a question that reads two ways)",
    );
  });

  it("fail when a distractor copies a panel of the grid", () => {
    const draft = withDraft(base().draft);
    draft.distractors[1] = { ...(draft.spec.cells[4] as Record<string, unknown>) };
    expect(verifyDraft(model, draft, solver)).toContain(
      "blind: a copy of a panel tells options apart",
    );
  });

  it("fail when two options read the same", () => {
    const { draft } = base();
    const muted: ItemModel = {
      ...model,
      optionAlt: (d, option) =>
        option === (d as Draft).distractors[2]
          ? model.optionAlt(d, (d as Draft).distractors[1])
          : model.optionAlt(d, option),
    };
    const failures = verifyDraft(muted, draft, solver);
    expect(failures.some((f) => f.startsWith("alt: two options read the same"))).toBe(true);
  });

  it("catch bank v2's RA-01..03 leaks (an option ruled out by a value the grid never shows)", () => {
    const v2 = bankV2.generate("lumen-iq-bank-v1") as unknown as Draft[];
    const absent = (name: string) =>
      `blind: a value the question never shows tells options apart (${name})`;
    const [ra01, ra02, ra03] = v2.slice(0, 3).map((item) => verifyDraft(model, item, solver)) as [
      string[],
      string[],
      string[],
    ];
    expect(ra01).toContain(absent("fill"));
    expect(ra02).toContain(absent("type"));
    // RA-03: shape and shade always go together in the grid; only the key shows a pair seen.
    expect(ra03).toContain(absent("fill"));
    expect(ra03).toContain(
      "blind: a pair of values the question never shows together tells options apart (fill and type)",
    );
  });
});

describe("the RA solver infers the rules from the visible cells", () => {
  it("predicts one value where rows and columns agree", () => {
    // Progression +1 along every row, rows starting at 0, 1, 0: only 2 fits.
    expect(inferredValues([0, 1, 2, 1, 2, 3, 0, 1, 0], 0, 4)).toEqual([2]);
  });

  it("predicts two values where two readings of the same cells disagree", () => {
    // Columns 1 and 2 read 3, 2, 1 and column 3 shows 2, 1: "each column holds the same
    // values" leaves 3, "the top minus the middle gives the bottom" gives 1 (and the
    // progression's 0 is no count a cell can show).
    expect(inferredValues([3, 3, 2, 2, 2, 1, 1, 1, 0], 1, 4).sort()).toEqual([1, 3]);
  });

  it("refuses every option of an ambiguous matrix", () => {
    const { draft } = draw(models[0] as ItemModel, { rules: "P", direction: "rows" }, "amb");
    const planted = withDraft(draft);
    // Rows 1 and 2 both constant and rows 1 and 2 also equal to a progression down the
    // columns: no single reading of the type remains.
    const types = ["triangle", "square", "pentagon"];
    for (const [i, cell] of planted.spec.cells.entries())
      cell.type = types[i < 3 ? 0 : i < 6 ? 1 : i === 6 ? 2 : 0];
    for (const option of optionsOf(planted)) expect(fits(planted, option)).toBe(false);
  });

  it("never reads the declared rules: a draft without them is solved the same", () => {
    const { draft } = draw(
      models[2] as ItemModel,
      { rules: "PDA", direction: "columns" },
      "no-rules",
    );
    const bare = withDraft(draft);
    delete (bare.spec as Partial<PoolSpec<unknown>>).rules;
    delete (bare.spec as Partial<PoolSpec<unknown>>).along;
    delete (bare.spec as Partial<PoolSpec<unknown>>).direction;
    expect(optionsOf(bare).map((o) => fits(bare, o))).toEqual([true, false, false, false]);
  });
});

describe("the RA generators", () => {
  it("draw v2's cells with the same function (one-figure cells share bank v2's look)", () => {
    const cell: Cell = { type: "square", size: 1, fill: 2, number: 3 };
    expect(bankV2.optionAlt({} as never, cell)).toEqual(
      (models[0] as ItemModel).optionAlt({} as never, cell),
    );
  });
});
