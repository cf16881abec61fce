import type { ItemDraft, LocalizedText } from "../model.ts";
import type { Rng } from "../rng.ts";
import { missingMark, n, palette, panel, svgDocument } from "../svg.ts";
import type { OverlayOp, OverlaySpec, RlOption, RlSpec } from "./types.ts";

/**
 * Overlay logic. A panel shows a subset of twelve elements placed on an inner square:
 * e0..e3 its sides (top, right, bottom, left), e4 and e5 its diagonals ("\" and "/"),
 * e6 and e7 its midlines (vertical, horizontal), e8..e11 dots on its corners (top-left,
 * top-right, bottom-right, bottom-left). Each row combines its input panels by one set
 * operation; the two example rows identify the operation uniquely.
 */

export const elementCount = 12;
export const lineElements = [0, 1, 2, 3, 4, 5, 6, 7];
export const allElements = Array.from({ length: elementCount }, (_, i) => i);

type Bits = boolean[];
type Rule = (bits: Bits) => boolean;

/** Candidate rules a solver would consider, by number of inputs. */
export const candidateRules: Record<2 | 3, Record<string, Rule>> = {
  2: {
    or: ([a, b]) => Boolean(a || b),
    and: ([a, b]) => Boolean(a && b),
    xor: ([a, b]) => a !== b,
    "a-minus-b": ([a, b]) => Boolean(a && !b),
    "b-minus-a": ([a, b]) => Boolean(b && !a),
    "copy-a": ([a]) => Boolean(a),
    "copy-b": ([, b]) => Boolean(b),
  },
  3: {
    or: (bits) => bits.some(Boolean),
    and: (bits) => bits.every(Boolean),
    xor3: (bits) => bits.filter(Boolean).length % 2 === 1,
    "exactly-one": (bits) => bits.filter(Boolean).length === 1,
    "exactly-two": (bits) => bits.filter(Boolean).length === 2,
    "at-least-two": (bits) => bits.filter(Boolean).length >= 2,
    "a-xor-b": ([a, b]) => a !== b,
    "a-xor-c": ([a, , c]) => a !== c,
    "b-xor-c": ([, b, c]) => b !== c,
    "a-only": ([a, b, c]) => Boolean(a && !b && !c),
  },
};

export const arity = (op: OverlayOp): 2 | 3 => (op === "xor3" ? 3 : 2);

export function apply(rule: Rule, inputs: number[][]): number[] {
  const sets = inputs.map((panelElements) => new Set(panelElements));
  return allElements.filter((e) => rule(sets.map((s) => s.has(e))));
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The input pattern of an element in a row, e.g. "101" (in A and C, not in B). */
function patterns(inputs: number[][]): Set<string> {
  const sets = inputs.map((p) => new Set(p));
  const found = new Set<string>();
  for (const e of allElements) {
    const key = sets.map((s) => (s.has(e) ? "1" : "0")).join("");
    if (key.includes("1")) found.add(key);
  }
  return found;
}

export interface OverlayRecipe {
  op: OverlayOp;
  /** The elements this item may use. */
  universe: number[];
  /** Elements per input panel. */
  min: number;
  max: number;
  /**
   * How the distractors differ from the answer in size: all with fewer elements (the
   * answer has the most), all with more (the answer has the fewest), or one fewer, one
   * more and one as many. The category spreads these so that counting or weighing ink
   * does not find the key (ADR 0025).
   */
  spread: "fewer" | "more" | "mixed";
}

/**
 * The outputs of three rows of inputs under `op`, when the rows make a fair item: panels in
 * a row differ, outputs are neither empty nor a copy of an input, no input panel repeats
 * anywhere, the two example rows show every input pattern and pin `op` down among the
 * candidate gates, and the third row needs only patterns already seen, among them one that
 * every input holds and one that only one holds. Null otherwise.
 */
export function pinnedOutputs(op: OverlayOp, inputs: number[][][]): number[][] | null {
  const k = arity(op);
  const rules = candidateRules[k];
  const outputs = inputs.map((row) => apply(rules[op] as Rule, row));
  const clear = inputs.every(
    (row, r) =>
      new Set(row.map((p) => p.join())).size === k &&
      (outputs[r] as number[]).length >= 2 &&
      (outputs[r] as number[]).length <= 8 &&
      row.every((p) => !same(p, outputs[r] as number[])),
  );
  if (!clear) return null;
  if (new Set(inputs.flat().map((p) => p.join())).size !== 3 * k) return null;
  const seen = new Set([
    ...patterns(inputs[0] as number[][]),
    ...patterns(inputs[1] as number[][]),
  ]);
  const everyPattern = Array.from({ length: 2 ** k - 1 }, (_, i) =>
    (i + 1).toString(2).padStart(k, "0"),
  );
  if (!everyPattern.every((p) => seen.has(p))) return null;
  const asked = patterns(inputs[2] as number[][]);
  if (![...asked].every((p) => seen.has(p))) return null;
  if (!asked.has("1".repeat(k)) || ![...asked].some((p) => p.split("1").length === 2)) return null;
  const fitting = Object.entries(rules).filter(([, candidate]) =>
    [0, 1].every((r) => same(apply(candidate, inputs[r] as number[][]), outputs[r] as number[])),
  );
  return fitting.length === 1 && fitting[0]?.[0] === op ? outputs : null;
}

function randomPanel(rng: Rng, recipe: OverlayRecipe): number[] {
  const count = rng.int(recipe.min, recipe.max);
  return rng
    .shuffle(recipe.universe)
    .slice(0, count)
    .sort((a, b) => a - b);
}

/** Draws rows until the examples pin the rule down and the third row only needs seen patterns. */
function drawRows(rng: Rng, recipe: OverlayRecipe): { rows: number[][][]; answer: number[] } {
  const k = arity(recipe.op);
  for (let attempt = 0; attempt < 200000; attempt++) {
    const inputs = [0, 1, 2].map(() => Array.from({ length: k }, () => randomPanel(rng, recipe)));
    const outputs = pinnedOutputs(recipe.op, inputs);
    if (!outputs) continue;
    const rows = [
      [...(inputs[0] as number[][]), outputs[0] as number[]],
      [...(inputs[1] as number[][]), outputs[1] as number[]],
      inputs[2] as number[][],
    ];
    return { rows, answer: outputs[2] as number[] };
  }
  throw new Error(`no overlay rows found for ${recipe.op}`);
}

const toggle = (set: number[], element: number) =>
  (set.includes(element) ? set.filter((e) => e !== element) : [...set, element]).sort(
    (a, b) => a - b,
  );

/**
 * 2x2 distractors: S, S with x toggled, S with y toggled, S with both, where x and y are
 * elements of the item that the most wrong rules would get wrong on the third row: each
 * distractor is (close to) the answer of a plausible wrong rule. Whether x and y are taken
 * away or added follows the recipe's spread; no distractor copies a panel of the question.
 */
function distractors(
  rng: Rng,
  recipe: OverlayRecipe,
  rows: number[][][],
  answer: number[],
): [number[], number[], number[]] {
  const k = arity(recipe.op);
  const asked = rows[2] as number[][];
  const present = new Set(rows.flat(2));
  const shown = new Set(rows.flat().map((p) => p.join()));
  const wrongOutputs = Object.entries(candidateRules[k])
    .filter(([name]) => name !== recipe.op)
    .map(([, rule]) => new Set(apply(rule, asked)));
  const scored = rng
    .shuffle([...present])
    .map((e) => ({
      e,
      score: wrongOutputs.filter((out) => out.has(e) !== answer.includes(e)).length,
    }))
    .sort((a, b) => b.score - a.score);
  const removed = (e: number) => answer.includes(e);
  const fits = (x: number, y: number) =>
    recipe.spread === "fewer"
      ? removed(x) && removed(y)
      : recipe.spread === "more"
        ? !removed(x) && !removed(y)
        : removed(x) !== removed(y);
  for (let i = 0; i < scored.length; i++) {
    for (let j = i + 1; j < scored.length; j++) {
      const x = (scored[i] as { e: number }).e;
      const y = (scored[j] as { e: number }).e;
      if (!fits(x, y)) continue;
      const options: [number[], number[], number[]] = [
        toggle(answer, x),
        toggle(answer, y),
        toggle(toggle(answer, x), y),
      ];
      if (options.every((o) => o.length >= 1 && !shown.has(o.join()))) return options;
    }
  }
  throw new Error(`no overlay distractors (${recipe.op}, ${recipe.spread})`);
}

const familyOf: Record<OverlayOp, string> = {
  or: "or",
  and: "and",
  xor: "xor",
  "a-minus-b": "difference",
  "b-minus-a": "difference",
  xor3: "xor3",
};

export const overlayTitle: LocalizedText = {
  en: "Which panel completes the third row by the same rule?",
  "pt-br": "Qual quadro completa a terceira fileira seguindo a mesma regra?",
};

export function overlayItem(
  code: string,
  rng: Rng,
  recipe: OverlayRecipe,
): ItemDraft<RlSpec, RlOption> {
  const { rows, answer } = drawRows(rng, recipe);
  const wrong = distractors(rng, recipe, rows, answer);
  const withDots = rows.flat(2).some((e) => e >= 8);
  const k = arity(recipe.op);
  const what = withDots
    ? { en: "lines and dots", pt: "linhas e pontos" }
    : { en: "lines", pt: "linhas" };
  return {
    code,
    family: familyOf[recipe.op],
    spec: { kind: "overlay", op: recipe.op, rows },
    answer: { elements: answer },
    distractors: [{ elements: wrong[0] }, { elements: wrong[1] }, { elements: wrong[2] }],
    title: overlayTitle,
    alt: {
      en: `Three rows of ${k === 2 ? "three" : "four"} panels with ${what.en}, an arrow before the last panel of each row; the last panel of the third row is missing.`,
      "pt-br": `Três fileiras de ${k === 2 ? "três" : "quatro"} quadros com ${what.pt}, com uma seta antes do último quadro de cada fileira; falta o último quadro da terceira fileira.`,
    },
  };
}

/* ---------- drawing ---------- */

/** Line segments (unit square) and dot centres of the twelve elements. */
const lo = 0.2;
const hi = 0.8;
const mid = 0.5;
const segments: Record<number, [number, number, number, number]> = {
  0: [lo, lo, hi, lo],
  1: [hi, lo, hi, hi],
  2: [lo, hi, hi, hi],
  3: [lo, lo, lo, hi],
  4: [lo, lo, hi, hi],
  5: [hi, lo, lo, hi],
  6: [mid, lo, mid, hi],
  7: [lo, mid, hi, mid],
};
const dots: Record<number, [number, number]> = {
  8: [lo, lo],
  9: [hi, lo],
  10: [hi, hi],
  11: [lo, hi],
};

interface Ink {
  lines: string;
  dots: string;
}

/** Adds the elements of one panel at (x, y) of side `size` to the shared paths. */
function drawElements(ink: Ink, elements: number[], x: number, y: number, size: number): void {
  const r = size * 0.055;
  for (const e of elements) {
    const seg = segments[e];
    if (seg) {
      ink.lines += `M${n(x + seg[0] * size)} ${n(y + seg[1] * size)}L${n(x + seg[2] * size)} ${n(y + seg[3] * size)}`;
      continue;
    }
    const dot = dots[e];
    if (dot) {
      const cx = x + dot[0] * size;
      const cy = y + dot[1] * size;
      // Round the radius first so that the two arcs meet exactly: a circle, not an oval.
      const radius = Math.round(r * 10) / 10;
      ink.dots += `M${n(cx - radius)} ${n(cy)}a${n(radius)} ${n(radius)} 0 1 0 ${n(2 * radius)} 0a${n(radius)} ${n(radius)} 0 1 0 ${n(-2 * radius)} 0`;
    }
  }
}

function inkPaths(ink: Ink, strokeWidth: number): string {
  return (
    (ink.lines
      ? `<path d="${ink.lines}" fill="none" stroke="${palette.ink}" stroke-width="${n(strokeWidth)}" stroke-linecap="round"/>`
      : "") + (ink.dots ? `<path d="${ink.dots}" fill="${palette.ink}"/>` : "")
  );
}

export function renderOverlayQuestion(spec: OverlaySpec): string {
  const k = arity(spec.op);
  const size = k === 2 ? 176 : 146;
  const inputGap = k === 2 ? 20 : 16;
  const arrowWidth = k === 2 ? 76 : 70;
  const rowGap = 22;
  const margin = 16;
  const rowWidth = (k + 1) * size + (k - 1) * inputGap + arrowWidth;
  const left = (720 - rowWidth) / 2;
  const height = 2 * margin + 3 * size + 2 * rowGap;
  const ink: Ink = { lines: "", dots: "" };
  let body = "";
  let arrows = "";
  spec.rows.forEach((row, r) => {
    const y = margin + r * (size + rowGap);
    for (let p = 0; p <= k; p++) {
      const x = left + p * (size + inputGap) + (p === k ? arrowWidth - inputGap : 0);
      const elements = row[p];
      if (elements) {
        body += panel(x, y, size, size);
        drawElements(ink, elements, x, y, size);
      } else {
        body += missingMark(x, y, size, size);
      }
    }
    const ax = left + k * (size + inputGap) - inputGap;
    const ay = y + size / 2;
    const a0 = ax + 14;
    const a1 = ax + arrowWidth - 14;
    arrows += `M${n(a0)} ${n(ay)}H${n(a1)}m-12 -11l12 11l-12 11`;
  });
  body += inkPaths(ink, size * 0.03);
  body += `<path d="${arrows}" fill="none" stroke="${palette.muted}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`;
  return svgDocument(720, height, body);
}

export function renderOverlayOption(elements: number[]): string {
  const ink: Ink = { lines: "", dots: "" };
  drawElements(ink, elements, 4, 4, 232);
  return svgDocument(240, 240, panel(4, 4, 232, 232) + inkPaths(ink, 232 * 0.03));
}

/** The elements' names, in element order (see the top of this module). */
export const elementNames: Record<number, { en: string; pt: string }> = {
  0: { en: "top side", pt: "lado de cima" },
  1: { en: "right side", pt: "lado direito" },
  2: { en: "bottom side", pt: "lado de baixo" },
  3: { en: "left side", pt: "lado esquerdo" },
  4: {
    en: "diagonal from top left to bottom right",
    pt: "diagonal do alto à esquerda até embaixo à direita",
  },
  5: {
    en: "diagonal from top right to bottom left",
    pt: "diagonal do alto à direita até embaixo à esquerda",
  },
  6: { en: "vertical middle line", pt: "linha vertical do meio" },
  7: { en: "horizontal middle line", pt: "linha horizontal do meio" },
  8: { en: "dot at top left", pt: "ponto no alto à esquerda" },
  9: { en: "dot at top right", pt: "ponto no alto à direita" },
  10: { en: "dot at bottom right", pt: "ponto embaixo à direita" },
  11: { en: "dot at bottom left", pt: "ponto embaixo à esquerda" },
};

/**
 * Names every element drawn, so that two different panels never read the same (the
 * distractors differ from the answer by single elements). The order is the elements'
 * fixed order, the same in every option: it says what is drawn, not what is right.
 */
export function overlayOptionAlt(elements: number[]): LocalizedText {
  const names = [...elements].sort((a, b) => a - b).map((e) => elementNames[e]);
  if (names.some((name) => !name)) throw new Error(`unknown overlay element in ${elements}`);
  const named = names as { en: string; pt: string }[];
  return {
    en: `A panel with ${named.length} ${named.length === 1 ? "element" : "elements"}: ${named.map((m) => m.en).join(", ")}`,
    "pt-br": `Um quadro com ${named.length} ${named.length === 1 ? "elemento" : "elementos"}: ${named.map((m) => m.pt).join(", ")}`,
  };
}
