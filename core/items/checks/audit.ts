/**
 * The audit of a built item as a test-taker who reads only the four options would do it
 * (issue 15): measures read from the options' structured content (the number shown, how
 * many elements are drawn, roughly how much ink, which options copy something the question
 * already shows) and context-blind choosers over them. A check only: no generator may
 * import this module, or the checks could never fail (bank.test.ts makes sure).
 * The thresholds and the reasons are in docs/decisions/0025-items-v2.md.
 */

import type { Category, Feature, Letter } from "../model.ts";
import { letters } from "../model.ts";
import { expectedHit, mostCommonValueChooser, mostSimilarChooser } from "./blind.ts";

/** What the audit needs of a built item (bank.ts's BuiltItem has it). */
export interface AuditedItem {
  code: string;
  category: Category;
  draft: { family: string; spec: unknown };
  expect: Letter;
  options: unknown[];
  features: Record<string, Feature>[];
}

/** Per option: the number it shows, its element count, its ink; null where it has none. */
export interface OptionMeasures {
  value: number | null;
  count: number | null;
  ink: number | null;
}

/** Ink of an overlay element: sides and midlines 0.6 of the panel, diagonals 0.85, dots 0.1. */
const overlayInk = (e: number) => (e === 4 || e === 5 ? 0.85 : e < 8 ? 0.6 : 0.1);

export function measures(option: unknown): OptionMeasures {
  if (typeof option === "number") return { value: option, count: null, ink: null };
  const o = option as {
    value?: number;
    elements?: number[];
    cells?: unknown[];
    holes?: number[];
    number?: number;
    size?: number;
    fill?: number;
  };
  if (typeof o.value === "number") return { value: o.value, count: null, ink: null };
  if (Array.isArray(o.elements))
    return {
      value: null,
      count: o.elements.length,
      ink: o.elements.reduce((sum, e) => sum + overlayInk(e), 0),
    };
  if (Array.isArray(o.cells)) return { value: null, count: o.cells.length, ink: o.cells.length };
  if (Array.isArray(o.holes)) return { value: null, count: o.holes.length, ink: o.holes.length };
  if (typeof o.number === "number") {
    // Area drawn: size levels 0..2 scale the side; an unfilled outline inks about a quarter.
    const side = (o.size ?? 0) + 1;
    return { value: null, count: o.number, ink: o.number * side * side * (o.fill ? 1 : 0.25) };
  }
  return { value: null, count: null, ink: null };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Per option, whether it copies something the question shows: a number of a sequence or
 * of an equation, a panel of a matrix or of an overlay, the figure to be turned or mirrored.
 */
export function stemCopies(item: AuditedItem): boolean[] {
  const spec = item.draft.spec as {
    terms?: number[];
    cells?: unknown[];
    rows?: number[][][];
    figure?: unknown;
    equations?: { left: string[]; right: number }[];
  };
  const shown: unknown[] = [];
  const numbers: number[] = [];
  if (spec.terms) numbers.push(...spec.terms);
  if (spec.equations)
    for (const { left, right } of spec.equations) {
      numbers.push(right);
      for (const token of left) if (/^\d+$/.test(token)) numbers.push(Number(token));
    }
  if (spec.cells) shown.push(...spec.cells);
  if (spec.rows) shown.push(...spec.rows.flat().map((elements) => ({ elements })));
  if (spec.figure) shown.push({ cells: spec.figure });
  return item.options.map((option) => {
    const value = typeof option === "number" ? option : (option as { value?: number }).value;
    if (typeof value === "number") return numbers.includes(value);
    return shown.some((panel) => same(panel, option));
  });
}

type Chooser = (item: AuditedItem) => number[];

const all = [0, 1, 2, 3];

/** The options whose score is the best, ties included; all four when no option has one. */
function extreme(scores: (number | null)[], better: (a: number, b: number) => boolean): number[] {
  const known = scores.filter((s): s is number => s !== null);
  if (known.length < scores.length) return all;
  let top = known[0] as number;
  for (const s of known) if (better(s, top)) top = s;
  const picked = scores.flatMap((s, i) => (s !== null && Math.abs(s - top) < 1e-9 ? [i] : []));
  return picked;
}

const of = (item: AuditedItem, key: keyof OptionMeasures) =>
  item.options.map((option) => measures(option)[key]);

/** Numbers: the value nearest the mean of the four ("the one in the middle of the others"). */
function nearestMean(item: AuditedItem): number[] {
  const values = of(item, "value");
  if (values.some((v) => v === null)) return all;
  const mean = (values as number[]).reduce((a, b) => a + b, 0) / 4;
  return extreme(
    (values as number[]).map((v) => Math.abs(v - mean)),
    (a, b) => a < b,
  );
}

/** Numbers: the value with the closest neighbours (smallest sum of its two nearest gaps). */
function closestNeighbours(item: AuditedItem): number[] {
  const values = of(item, "value");
  if (values.some((v) => v === null)) return all;
  const v = values as number[];
  return extreme(
    v.map((x, i) => {
      const gaps = v
        .filter((_, j) => j !== i)
        .map((y) => Math.abs(x - y))
        .sort((a, b) => a - b);
      return (gaps[0] as number) + (gaps[1] as number);
    }),
    (a, b) => a < b,
  );
}

/** Picks the options that copy nothing of the question, when some do. */
function notACopy(item: AuditedItem): number[] {
  const copies = stemCopies(item);
  const fresh = copies.flatMap((c, i) => (c ? [] : [i]));
  return fresh.length > 0 && fresh.length < 4 ? fresh : all;
}

/**
 * Overlays: the options drawn only with elements the third row's panels hold, when some
 * are and some are not (an option with an element no input of its row shows "looks wrong").
 */
function fromThirdRowOnly(item: AuditedItem): number[] {
  const rows = (item.draft.spec as { rows?: number[][][] }).rows;
  const inputs = rows?.[2];
  if (!inputs) return all;
  const shown = new Set(inputs.flat());
  const flags = item.options.map((option) => {
    const elements = (option as { elements?: number[] }).elements;
    return Array.isArray(elements) && elements.every((e) => shown.has(e));
  });
  const picked = flags.flatMap((flag, i) => (flag ? [i] : []));
  return picked.length > 0 && picked.length < 4 ? picked : all;
}

/** Balance scales: how many times each option's shape appears on the scales. */
function timesOnScales(item: AuditedItem): (number | null)[] {
  const spec = item.draft.spec as {
    scales?: { left: string; right: string }[];
    query?: { shape: string };
  };
  if (!spec.scales) return item.options.map(() => null);
  const seen = [
    ...spec.scales.flatMap((s) => [s.left, s.right]),
    ...(spec.query ? [spec.query.shape] : []),
  ];
  return item.options.map((option) => {
    const shape = (option as { shape?: string }).shape;
    return typeof shape === "string" ? seen.filter((s) => s === shape).length : null;
  });
}

/** Every context-blind chooser of the audit, by name. */
export const choosers: Record<string, Chooser> = {
  "most common value per attribute": (item) => mostCommonValueChooser(item.features),
  "most similar to the others": (item) => mostSimilarChooser(item.features),
  "number nearest the mean": nearestMean,
  "number with the closest neighbours": closestNeighbours,
  "largest number": (item) => extreme(of(item, "value"), (a, b) => a > b),
  "smallest number": (item) => extreme(of(item, "value"), (a, b) => a < b),
  "most elements": (item) => extreme(of(item, "count"), (a, b) => a > b),
  "fewest elements": (item) => extreme(of(item, "count"), (a, b) => a < b),
  "most ink": (item) => extreme(of(item, "ink"), (a, b) => a > b),
  "least ink": (item) => extreme(of(item, "ink"), (a, b) => a < b),
  "no copy of the question": notACopy,
  "built only from the third row's panels": fromThirdRowOnly,
  "shape seen most often on the scales": (item) => extreme(timesOnScales(item), (a, b) => a > b),
  "shape seen least often on the scales": (item) => extreme(timesOnScales(item), (a, b) => a < b),
};

/** A chooser's expected hit on one item: 1/ties when its pick includes the key. */
export function hitOf(chooser: Chooser, item: AuditedItem): number {
  return expectedHit(chooser(item), letters.indexOf(item.expect));
}

/** Per chooser, its expected accuracy over the items given (chance is 0.25). */
export function rates(items: readonly AuditedItem[]): Record<string, number> {
  return Object.fromEntries(
    Object.entries(choosers).map(([name, chooser]) => [
      name,
      items.reduce((sum, item) => sum + hitOf(chooser, item), 0) / items.length,
    ]),
  );
}
