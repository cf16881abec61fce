/**
 * Item model rl-overlay (issue 28): set logic on figures. Each row combines its input panels
 * element by element by one gate (union, intersection, difference, exclusive or, odd parity
 * of three); two complete rows show the gate, the third asks for its result. Bank v2's
 * overlay items (overlay.ts) are kept as they are; this model builds on their drawing and
 * their gates, with every search capped and a try that cannot be built returning null.
 */
import type { Feature, ItemDraft } from "../model.ts";
import type { Design, ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { explainOverlay } from "./explain-overlay.ts";
import {
  allElements,
  apply,
  arity,
  candidateRules,
  lineElements,
  overlayOptionAlt,
  overlayTitle,
  pinnedOutputs,
  renderOverlayOption,
  renderOverlayQuestion,
} from "./overlay.ts";
import type { OverlayOp, OverlaySpec } from "./types.ts";

export type OverlayRadicals = {
  /** The gate that turns the inputs into the output, easiest first. */
  gate: "or" | "and" | "difference" | "xor" | "xor3";
  /** Lines only (8 elements), or lines and corner dots (12 elements). */
  elements: "lines" | "lines-dots";
};

export type PanelOption = { elements: number[] };
type Item = ItemDraft<OverlaySpec, PanelOption>;

/** How many rows a try draws before it gives up (a try must stay well under 5 ms). */
export const maxRowDraws = 300;

const sizes: Record<OverlayRadicals["gate"], [number, number]> = {
  or: [2, 3],
  and: [3, 5],
  difference: [3, 5],
  xor: [3, 5],
  xor3: [3, 5],
};

function randomPanel(rng: Rng, universe: number[], min: number, max: number): number[] {
  return rng
    .shuffle(universe)
    .slice(0, rng.int(min, max))
    .sort((a, b) => a - b);
}

/**
 * Rows whose two examples show every input pattern (so they pin the gate down among the
 * candidates) and whose third row needs only patterns already seen; null after
 * `maxRowDraws` draws.
 */
function drawRows(
  rng: Rng,
  op: OverlayOp,
  universe: number[],
  [min, max]: [number, number],
): { rows: number[][][]; answer: number[] } | null {
  const k = arity(op);
  for (let attempt = 0; attempt < maxRowDraws; attempt++) {
    const inputs = [0, 1, 2].map(() =>
      Array.from({ length: k }, () => randomPanel(rng, universe, min, max)),
    );
    const outputs = pinnedOutputs(op, inputs);
    if (!outputs) continue;
    // The answer may not look like a panel the question already shows.
    const answer = (outputs[2] as number[]).join();
    if (
      inputs.flat().some((p) => p.join() === answer) ||
      outputs.slice(0, 2).some((o) => o.join() === answer)
    )
      continue;
    return {
      rows: [
        [...(inputs[0] as number[][]), outputs[0] as number[]],
        [...(inputs[1] as number[][]), outputs[1] as number[]],
        inputs[2] as number[][],
      ],
      answer: outputs[2] as number[],
    };
  }
  return null;
}

const toggle = (set: number[], element: number) =>
  (set.includes(element) ? set.filter((e) => e !== element) : [...set, element]).sort(
    (a, b) => a - b,
  );

type Spread = "fewer" | "more" | "mixed";

/**
 * Whether the panel holds, for some two elements, a combination (both drawn, one without the
 * other, neither) that no panel of the question holds.
 */
function unseenPair(elements: number[], panels: Set<number>[]): boolean {
  const has = new Set(elements);
  for (let a = 0; a < allElements.length; a++)
    for (let b = a + 1; b < allElements.length; b++)
      if (!panels.some((p) => p.has(a) === has.has(a) && p.has(b) === has.has(b))) return true;
  return false;
}

/**
 * 2x2 distractors (the answer, with x toggled, with y toggled, with both), x and y chosen
 * among the elements the item shows, those that most wrong gates get wrong first. The
 * spread sets whether x and y are taken away or added, and so the key's rank by count and
 * ink: the most (fewer), the fewest (more) or in the middle (mixed), drawn 1:1:2 so that
 * neither "most" nor "fewest" beats a quarter. Null when the spread cannot be met.
 */
function distractors(
  rng: Rng,
  op: OverlayOp,
  rows: number[][][],
  answer: number[],
  spread: Spread,
): [number[], number[], number[]] | null {
  const k = arity(op);
  const asked = rows[2] as number[][];
  const present = new Set(rows.flat(2));
  const shown = new Set(rows.flat().map((p) => p.join()));
  const panels = rows.flat().map((p) => new Set(p));
  const inThird = new Set(asked.flat());
  const wrongOutputs = Object.entries(candidateRules[k])
    .filter(([name]) => name !== op)
    .map(([, rule]) => new Set(apply(rule, asked)));
  // An element every panel shows reads as "always there": taking it away would be ruled out
  // without the rule.
  const everywhere = (e: number) => panels.every((p) => p.has(e));
  const scored = rng
    .shuffle([...present].filter((e) => !everywhere(e)))
    .map((e) => ({
      e,
      score: wrongOutputs.filter((out) => out.has(e) !== answer.includes(e)).length,
    }))
    // Elements of the third row's inputs first: an element that no input of that row holds
    // is wrong under any set rule, so a distractor showing it would be too easy to rule out.
    .sort((a, b) => Number(inThird.has(b.e)) - Number(inThird.has(a.e)) || b.score - a.score);
  const removed = (e: number) => answer.includes(e);
  const fits = (x: number, y: number) =>
    spread === "fewer"
      ? removed(x) && removed(y)
      : spread === "more"
        ? !removed(x) && !removed(y)
        : removed(x) !== removed(y);
  for (let i = 0; i < scored.length; i++)
    for (let j = i + 1; j < scored.length; j++) {
      const x = (scored[i] as { e: number }).e;
      const y = (scored[j] as { e: number }).e;
      if (!fits(x, y)) continue;
      const options: [number[], number[], number[]] = [
        toggle(answer, x),
        toggle(answer, y),
        toggle(toggle(answer, x), y),
      ];
      if (!options.every((o) => o.length >= 1 && !shown.has(o.join()))) continue;
      // Every option pairs its elements as some panel does, or none does: a combination
      // the question never shows must not tell the options apart.
      const unseen = [answer, ...options].map((o) => unseenPair(o, panels));
      if (!unseen.every((u) => u === unseen[0])) continue;
      // The key may not be the only option drawn from the third row's inputs alone.
      if (!inThird.has(x) && !inThird.has(y)) continue;
      return options;
    }
  return null;
}

export function generateOverlay(radicals: OverlayRadicals, rng: Rng): Item | null {
  const op: OverlayOp =
    radicals.gate === "difference" ? rng.pick(["a-minus-b", "b-minus-a"] as const) : radicals.gate;
  const universe = radicals.elements === "lines" ? lineElements : allElements;
  // A union holds every element of the third row, so "more" could only add elements no
  // input of that row shows (wrong under any set rule): unions take fewer or mixed.
  const spread = rng.pick<Spread>(
    radicals.gate === "or" ? ["fewer", "mixed", "mixed"] : ["fewer", "more", "mixed", "mixed"],
  );
  const drawn = drawRows(rng, op, universe, sizes[radicals.gate]);
  if (!drawn) return null;
  const wrong = distractors(rng, op, drawn.rows, drawn.answer, spread);
  if (!wrong) return null;
  const k = op === "xor3" ? 3 : 2;
  const withDots = drawn.rows.flat(2).some((e) => e >= 8);
  const what = withDots
    ? { en: "lines and dots", pt: "linhas e pontos" }
    : { en: "lines", pt: "linhas" };
  return {
    code: "rl-overlay",
    family: "overlay",
    spec: { kind: "overlay", op, rows: drawn.rows },
    answer: { elements: drawn.answer },
    distractors: [{ elements: wrong[0] }, { elements: wrong[1] }, { elements: wrong[2] }],
    title: overlayTitle,
    alt: {
      en: `Three rows of ${k === 2 ? "three" : "four"} panels with ${what.en}, an arrow before the last panel of each row; the last panel of the third row is missing.`,
      "pt-br": `Três fileiras de ${k === 2 ? "três" : "quatro"} quadros com ${what.pt}, com uma seta antes do último quadro de cada fileira; falta o último quadro da terceira fileira.`,
    },
  };
}

function design(radicals: OverlayRadicals): Design {
  const { gate } = radicals;
  return {
    "overlay:base": 1,
    "gate:and": gate === "and" ? 1 : 0,
    "gate:difference": gate === "difference" ? 1 : 0,
    "gate:xor": gate === "xor" || gate === "xor3" ? 1 : 0,
    "overlay:three-inputs": gate === "xor3" ? 1 : 0,
    "overlay:dots": radicals.elements === "lines-dots" ? 1 : 0,
  };
}

const features = (elements: number[]): Record<string, Feature> =>
  Object.fromEntries(allElements.map((e) => [`e${e}`, elements.includes(e)]));

export const overlayModel: ItemModel<OverlayRadicals, OverlaySpec, PanelOption> = {
  id: "rl-overlay",
  category: "RL",
  summary:
    "Set logic on figures: find the gate (union, intersection, difference, exclusive or, parity of three) that combines each row's panels, and apply it to the third row.",
  radicals: { gate: ["or", "and", "difference", "xor", "xor3"], elements: ["lines", "lines-dots"] },
  incidentals: [
    "which lines (and dots) each input panel holds",
    "which input is taken away from the other (difference)",
    "which two elements the distractors toggle, and whether they take away, add or both (the key's rank by count)",
  ],
  design,
  generate: generateOverlay,
  renderQuestion: (draft) => renderOverlayQuestion(draft.spec),
  renderOption: (_draft, option) => renderOverlayOption(option.elements),
  optionAlt: (_draft, option) => overlayOptionAlt(option.elements),
  explain: (draft) => explainOverlay(draft.spec, draft.answer.elements),
  optionFeatures: (_draft, option) => features(option.elements),
  questionPanels: (draft) => draft.spec.rows.flat().map(features),
};
