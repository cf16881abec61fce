/**
 * A form of its own for every attempt (issue 28.4, docs/decisions/0037-item-models.md):
 * 40 verified instances, 10 per category, each category's ten aimed at difficulties spread
 * from easy to harder than bank v2's hardest and ordered by predicted difficulty, answer
 * letters two or three times each per category, and nothing the person has seen before.
 * Deterministic from the form's seed and what the person has seen.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { ItemParameters } from "../../scoring/irt.ts";
import { measures } from "../checks/audit.ts";
import { answerLetters } from "../letters.ts";
import { type Category, categories, type ItemDraft, type Letter, letters } from "../model.ts";
import { createRng, type Rng } from "../rng.ts";
import { predictParameters } from "./difficulty.ts";
import { drawInstance, type Instance } from "./draw.ts";
import { type InstanceRef, type ItemModel, type Radicals, radicalGrid } from "./item-model.ts";
import { modelsByCategory, weightsByCategory } from "./models.ts";

export const formVersion = "form-v1";
export const itemsPerCategory = 10;

/**
 * The difficulty each position of a category aims at, easiest first: from well below
 * average to well above bank v2's hardest, so that a 40/40 is rare and earned.
 */
export const targetDifficulty: readonly number[] = [
  -2.2, -1.6, -1.1, -0.6, -0.1, 0.4, 0.9, 1.5, 2.1, 2.7,
];

/** How far a cell's predicted b may sit from its target before the next is tried. */
export const tolerance = 0.35;

export interface FormItem {
  /** The position shown to the taker: "SM-01" .. "RL-10". */
  code: string;
  instance: InstanceRef;
  /** The letter of the key. */
  key: Letter;
  /** Options in letter order, as indices into [answer, ...distractors]. */
  order: number[];
  parameters: ItemParameters;
  /** The question and its options, hashed: the same item drawn from another seed has the same. */
  content: string;
}

export interface Form {
  version: string;
  items: FormItem[];
}

export interface Cell {
  model: ItemModel;
  radicals: Radicals;
  b: number;
}

const cellsByCategory = new Map<Category, Cell[]>();

/** Every (model, radicals) of a category with its predicted b. */
export function cellsOf(category: Category): Cell[] {
  const known = cellsByCategory.get(category);
  if (known) return known;
  const cells = modelsByCategory[category].flatMap((model) =>
    radicalGrid(model).map((radicals) => ({
      model,
      radicals,
      b: predictParameters(weightsByCategory[category], model.design(radicals)).b,
    })),
  );
  cellsByCategory.set(category, cells);
  return cells;
}

/** The hash of what a taker sees of an instance: its question and its set of options. */
export function contentOf(draft: ItemDraft): string {
  const options = [draft.answer, ...draft.distractors].map((o) => JSON.stringify(o)).sort();
  const text = JSON.stringify([draft.family, draft.spec, options]);
  return encodeHexLowerCase(sha256(new TextEncoder().encode(text))).slice(0, 20);
}

/**
 * The cell for one position: among the cells within the tolerance of the target (widened
 * until some are), one of a model the category has not used yet when there is one.
 */
export function pickCell(
  rng: Rng,
  cells: readonly Cell[],
  target: number,
  used: Set<string>,
): Cell {
  if (cells.length === 0) throw new Error("a category without item models");
  for (let width = tolerance; ; width += tolerance) {
    const near = cells.filter((cell) => Math.abs(cell.b - target) <= width);
    if (near.length === 0) continue;
    const fresh = near.filter((cell) => !used.has(cell.model.id));
    return rng.pick(fresh.length > 0 ? fresh : near);
  }
}

/** The key's rank among four numbers (or counts): 0 smallest .. 3 largest; null otherwise. */
function keyRank(draft: ItemDraft): number | null {
  const sizes = [draft.answer, ...draft.distractors].map((option) => {
    const m = measures(option);
    return m.value ?? m.count;
  });
  if (sizes.some((s) => s === null) || new Set(sizes).size < 4) return null;
  return (sizes as number[]).filter((s) => s < (sizes[0] as number)).length;
}

/** How many times an instance may be drawn again for a position (a repeat, a rank quota). */
const maxRedraws = 12;
/** Within a category, the key is the smallest (or the largest, ...) of four numbers at most this often. */
const maxSameRank = 4;

function drawCategory(
  seed: string,
  category: Category,
  seen: ReadonlySet<string>,
  taken: Set<string>,
): { instance: Instance; content: string }[] {
  const rng = createRng(`${seed}:${category}:cells`);
  const cells = cellsOf(category);
  const used = new Set<string>();
  const ranks = [0, 0, 0, 0];
  const drawn: { instance: Instance; content: string }[] = [];
  targetDifficulty.forEach((target, position) => {
    const cell = pickCell(rng, cells, target, used);
    used.add(cell.model.id);
    for (let k = 0; k <= maxRedraws; k++) {
      const { instance } = drawInstance(
        cell.model,
        cell.radicals,
        `${seed}:${category}:${position}:${k}`,
      );
      if (!instance) continue;
      const content = contentOf(instance.draft);
      if (seen.has(content) || taken.has(content)) continue;
      const rank = keyRank(instance.draft);
      if (rank !== null && (ranks[rank] as number) >= maxSameRank && k < maxRedraws) continue;
      if (rank !== null) ranks[rank] = (ranks[rank] as number) + 1;
      taken.add(content);
      drawn.push({ instance, content });
      return;
    }
    throw new Error(`no fresh instance of ${cell.model.id} for ${category} ${position + 1}`);
  });
  // Shown from the easiest to the hardest, as the page promises.
  return drawn.sort((x, y) => x.instance.parameters.b - y.instance.parameters.b);
}

/** A drawn form with the drafts of its items (same order): what the attempt renders from. */
export interface DrawnForm {
  form: Form;
  drafts: ItemDraft[];
}

/**
 * The form of an attempt with its items' drafts. `seen` holds the content hashes of every
 * item the person met in earlier attempts: none comes back.
 */
export function drawFormWithDrafts(seed: string, seen: ReadonlySet<string> = new Set()): DrawnForm {
  const key = answerLetters(seed);
  const taken = new Set<string>();
  const drafts: ItemDraft[] = [];
  const items = categories.flatMap((category, c) =>
    drawCategory(seed, category, seen, taken).map(({ instance, content }, position): FormItem => {
      const letter = key[c * itemsPerCategory + position] as Letter;
      const rng = createRng(`${seed}:${category}:${position}:order`);
      const others = rng.shuffle([1, 2, 3]);
      drafts.push(instance.draft);
      return {
        code: `${category}-${String(position + 1).padStart(2, "0")}`,
        instance: instance.ref,
        key: letter,
        order: letters.map((l) => (l === letter ? 0 : (others.shift() as number))),
        parameters: instance.parameters,
        content,
      };
    }),
  );
  return { form: { version: formVersion, items }, drafts };
}

/** The form of an attempt (see `drawFormWithDrafts`). */
export function drawForm(seed: string, seen: ReadonlySet<string> = new Set()): Form {
  return drawFormWithDrafts(seed, seen).form;
}
