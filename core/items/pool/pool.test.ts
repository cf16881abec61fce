import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyDraft } from "../checks/verify.ts";
import type { CategorySolver, ItemDraft } from "../model.ts";
import { predictParameters } from "./difficulty.ts";
import { drawInstance, maxTries } from "./draw.ts";
import { type ItemModel, instanceId, radicalGrid } from "./item-model.ts";

/**
 * A toy category for the checks themselves: a question of eight panels, each a shape with
 * a fill; the key is the one option the rule (`spec.key`) names. Each planted defect below
 * must be caught by the check written for it, and a clean instance must pass.
 */
type Cell = { shape: string; fill: string };
type ToySpec = { key: Cell; panels: Cell[]; alts?: Record<string, string> };

const clean: ItemDraft<ToySpec, Cell> = {
  code: "toy",
  family: "toy",
  // Every option's values and pairs appear in the panels, none copies a panel, and each
  // attribute splits the options two to two (a 2x2 design): nothing tells them apart.
  spec: {
    key: { shape: "circle", fill: "dark" },
    panels: [
      { shape: "circle", fill: "light" },
      { shape: "square", fill: "dark" },
      { shape: "circle", fill: "none" },
      { shape: "square", fill: "none" },
      { shape: "triangle", fill: "light" },
      { shape: "triangle", fill: "dark" },
      { shape: "triangle", fill: "none" },
      { shape: "square", fill: "half" },
    ],
  },
  answer: { shape: "circle", fill: "dark" },
  distractors: [
    { shape: "square", fill: "dark" },
    { shape: "circle", fill: "light" },
    { shape: "square", fill: "light" },
  ],
  title: { en: "Which option completes the grid?", "pt-br": "Qual opção completa a grade?" },
  alt: { en: "A grid of eight shapes and a gap", "pt-br": "Uma grade de oito formas e um espaço" },
};
// The clean design's copies: two options copy a panel, with the key among them, so a copy
// is no give-away; the design only needs "square, light" to be no panel of its own.
clean.spec.panels = clean.spec.panels.filter(
  (p) =>
    !(p.shape === "square" && p.fill === "dark") && !(p.shape === "circle" && p.fill === "light"),
);
clean.spec.panels.push({ shape: "square", fill: "half" }, { shape: "circle", fill: "half" });

const toyModel: ItemModel<{ level: number }, ToySpec, Cell> = {
  id: "toy",
  category: "RA",
  summary: "toy",
  radicals: { level: [0, 1] },
  incidentals: [],
  design: () => ({}),
  generate: () => structuredClone(clean),
  renderQuestion: (draft) => `<svg>${draft.spec.panels.length}</svg>`,
  renderOption: (_draft, option) => `<svg>${option.shape}</svg>`,
  optionAlt: (draft, option) => {
    const own = draft.spec.alts?.[`${option.shape} ${option.fill}`];
    return {
      en: own ?? `A ${option.fill} ${option.shape}`,
      "pt-br": own ?? `Um ${option.shape} ${option.fill}`,
    };
  },
  optionFeatures: (_draft, option) => ({ ...option }),
  questionPanels: (draft) => draft.spec.panels.map((panel) => ({ ...panel })),
};

const toySolver: CategorySolver = {
  category: "RA",
  satisfies: (item, option) =>
    JSON.stringify((item.spec as ToySpec).key) === JSON.stringify(option),
};

const planted = (change: (draft: ItemDraft<ToySpec, Cell>) => void) => {
  const draft = structuredClone(clean);
  change(draft);
  return verifyDraft(toyModel, draft, toySolver);
};

describe("the per-instance checks", () => {
  it("pass a clean instance", () => {
    expect(verifyDraft(toyModel, clean, toySolver)).toEqual([]);
  });

  it("fail an instance whose key the solver rejects, or where a distractor fits too", () => {
    expect(planted((d) => (d.spec.key = { shape: "square", fill: "light" }))).toContain(
      "solver: the key does not fit the rule",
    );
    const twoAnswers = {
      ...toySolver,
      satisfies: (_: unknown, o: unknown) => (o as Cell).fill !== "light",
    };
    expect(verifyDraft(toyModel, clean, twoAnswers)).toContain(
      "solver: 1 distractor(s) fit the rule too",
    );
  });

  it("fail an instance whose key alone shows a pair the question shows together (RA-03's leak)", () => {
    const failures = planted((d) => {
      d.spec.panels = [
        { shape: "circle", fill: "dark" },
        { shape: "square", fill: "light" },
        { shape: "triangle", fill: "none" },
      ];
      d.answer = { shape: "circle", fill: "dark" };
      d.distractors = [
        { shape: "circle", fill: "light" },
        { shape: "square", fill: "dark" },
        { shape: "triangle", fill: "light" },
      ];
      d.spec.key = d.answer;
    });
    expect(failures).toContain(
      "blind: a pair of values the question never shows together tells options apart (fill and shape)",
    );
  });

  it("fail an instance whose key alone shows a familiar pair, even when another attribute makes every option new (the auditor's RA case)", () => {
    // Shape and fill go together in the grid (square = dark, circle = light); every option
    // shows a count the grid never pairs with them, which hid the familiar pair when pairs
    // were tested all at once.
    const withCount = {
      ...toyModel,
      optionFeatures: (_d: unknown, option: Cell) => ({ ...option, count: 4 }),
      questionPanels: () => [
        { shape: "square", fill: "dark", count: 1 },
        { shape: "circle", fill: "light", count: 2 },
        { shape: "square", fill: "dark", count: 3 },
        { shape: "circle", fill: "light", count: 4 },
      ],
    } as unknown as typeof toyModel;
    const draft = structuredClone(clean);
    draft.answer = { shape: "square", fill: "dark" };
    draft.spec.key = draft.answer;
    draft.distractors = [
      { shape: "square", fill: "light" },
      { shape: "circle", fill: "dark" },
      { shape: "circle", fill: "none" },
    ];
    expect(verifyDraft(withCount, draft, toySolver)).toContain(
      "blind: a pair of values the question never shows together tells options apart (fill and shape)",
    );
  });

  it("fail an instance where a value the question never shows rules a distractor out", () => {
    expect(planted((d) => (d.distractors[2] = { shape: "star", fill: "light" }))).toContain(
      "blind: a value the question never shows tells options apart (shape)",
    );
  });

  it("fail an instance where only a distractor copies a panel, or only the key does", () => {
    const onlyDistractor = planted((d) => d.spec.panels.push({ shape: "square", fill: "light" }));
    expect(onlyDistractor).toContain("blind: a copy of a panel tells options apart");
    const onlyKey = planted((d) => d.spec.panels.push({ shape: "circle", fill: "dark" }));
    expect(onlyKey).toContain("blind: a copy of a panel tells options apart");
  });

  it("fail an instance where one option is the odd one out", () => {
    const odd = planted((d) => {
      d.distractors = [
        { shape: "circle", fill: "dark" },
        { shape: "circle", fill: "light" },
        { shape: "square", fill: "light" },
      ];
      d.answer = { shape: "circle", fill: "none" };
      d.spec.key = d.answer;
    });
    expect(odd.some((f) => f.includes("splits the options three to one"))).toBe(true);
  });

  it("fail an instance with two options that read the same, or an alt that names an answer", () => {
    expect(
      planted((d) => (d.spec.alts = { "circle dark": "A shape", "square dark": "A shape" })).some(
        (f) => f.startsWith("alt: two options read the same (en)"),
      ),
    ).toBe(true);
    expect(
      planted((d) => (d.spec.alts = { "circle dark": "The correct shape" })).some((f) =>
        f.startsWith("alt: names an answer"),
      ),
    ).toBe(true);
  });

  it("fail an instance whose image is over 8 KB", () => {
    const big = { ...toyModel, renderQuestion: () => `<svg>${"x".repeat(9000)}</svg>` };
    expect(verifyDraft(big, clean, toySolver).some((f) => f.startsWith("image: 9011 bytes"))).toBe(
      true,
    );
  });
});

describe("drawing an instance", () => {
  it("names an instance by model, sorted radicals and seed", () => {
    expect(instanceId({ model: "m", radicals: { b: 2, a: "x" }, seed: "s" })).toBe("m|a=x,b=2|s");
    expect(radicalGrid(toyModel)).toEqual([{ level: 0 }, { level: 1 }]);
  });

  it("keeps the first try that passes, and gives up after a bounded number of tries", () => {
    let calls = 0;
    const flaky = {
      ...toyModel,
      generate: () => (++calls % 3 === 0 ? structuredClone(clean) : null),
    };
    const draw = drawInstance(flaky, { level: 1 }, "seed", { solver: toySolver });
    expect(draw.tries).toBe(3);
    expect(draw.instance?.ref.seed).toBe("seed#2");
    expect(draw.failures).toEqual([null, null]);

    const never = {
      ...toyModel,
      generate: () => ({
        ...structuredClone(clean),
        distractors: [clean.answer, clean.answer, clean.answer] as [Cell, Cell, Cell],
      }),
    };
    const failed = drawInstance(never, { level: 0 }, "seed", { solver: toySolver });
    expect(failed.instance).toBeNull();
    expect(failed.tries).toBe(maxTries);
    expect(failed.failures[0]).toContain("options: two options are the same");
  });

  it("predicts b additively from the design, and refuses a feature without a weight", () => {
    const weights = {
      intercept: -1,
      discrimination: 1.2,
      features: { rules: { weight: 0.5, evidence: "" }, arithmetic: { weight: 0.8, evidence: "" } },
    };
    expect(predictParameters(weights, { rules: 2, arithmetic: 1 })).toEqual({
      a: 1.2,
      b: 0.8,
      c: 0.25,
    });
    expect(() => predictParameters(weights, { colour: 1 })).toThrow(/colour/);
  });
});

/** The files a module imports, followed through relative imports. */
function importClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(/from\s+"(\.[^"]+)"/g))
      visit(join(dirname(file), spec as string));
  };
  visit(entry);
  return seen;
}

describe("the models and the checks stay apart", () => {
  // Each side may share only the kernel's types and helpers (model.ts, rng.ts, svg.ts).
  const kernel = /core\/items\/(model|rng|svg)\.ts$/;

  it("no item model reaches a check, a solver or a solver's helpers through its imports", () => {
    for (const category of ["sm", "ra", "re", "rl"]) {
      const models = importClosure(`core/items/${category}/models.ts`);
      const solverSide = [...importClosure(`core/items/${category}/solve.ts`)].filter(
        (file) => !kernel.test(file),
      );
      const reached = [...models].filter(
        (file) => file.includes("/checks/") || solverSide.includes(file),
      );
      expect(reached, `core/items/${category}/models.ts`).toEqual([]);
      expect(models.size, category).toBeGreaterThan(3);
    }
  });

  it("no solver reaches a generator: it reads the question, never how it was made", () => {
    for (const category of ["sm", "ra", "re", "rl"]) {
      const solverSide = importClosure(`core/items/${category}/solve.ts`);
      const models = [...importClosure(`core/items/${category}/models.ts`)].filter(
        (file) => !kernel.test(file),
      );
      expect(
        models.filter((file) => solverSide.has(file)),
        `core/items/${category}/solve.ts`,
      ).toEqual([]);
      for (const file of solverSide)
        expect(readFileSync(file, "utf8"), file).not.toMatch(/\.answer\b|\.distractors\b/);
    }
  });
});

describe("the parameters' version", () => {
  it("changes with the weights: forms and results keep the version they were priced with", async () => {
    const { sha256 } = await import("@oslojs/crypto/sha2");
    const { encodeHexLowerCase } = await import("@oslojs/encoding");
    const { parameterVersion, weightsByCategory } = await import("./models.ts");
    const hash = encodeHexLowerCase(
      sha256(new TextEncoder().encode(JSON.stringify(weightsByCategory))),
    ).slice(0, 16);
    // A changed weight, intercept or discrimination fails here: give `parameterVersion` a new
    // name (never reuse one) and record the new hash beside it.
    expect({ parameterVersion, hash }).toEqual({
      parameterVersion: "lltm-v1",
      hash: "5134052228a75046",
    });
  });
});

describe("the answer review's explanations (issue 29.2)", () => {
  it("every registered model explains its instances", async () => {
    const { poolModels } = await import("./models.ts");
    const missing = poolModels.filter((model) => typeof model.explain !== "function");
    expect(missing.map((model) => model.id)).toEqual([]);
  });
});
