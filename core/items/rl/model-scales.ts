/**
 * Item model rl-scales (issue 28): transitive inference pictured with balance scales. Each
 * scale holds one shape on each pan and tips toward the heavier one; from these premises
 * the taker orders the shapes and names the heaviest, the lightest, the second heaviest or
 * lightest, or the shape that makes a last, half-empty scale tip as shown. Nothing in the
 * picture is a word or a number (a question mark marks the empty pan): the title asks the
 * question. A try is kept only when the premises fix the answer in every order they allow.
 */
import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { Design, ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { n, palette, panel, polygonPoints, svgDocument, text } from "../svg.ts";
import { drawShape } from "./equations.ts";

export type ScalesRadicals = {
  /** Shapes to order (premises: one fewer). */
  shapes: 4 | 5 | 6;
  /**
   * extreme: the heaviest or the lightest; second: the second heaviest or lightest;
   * complete: a last scale shows one shape against an empty pan, tipped one way; which shape
   * on the empty pan makes it tip so (the key is linked to that shape only through the chain).
   */
  ask: "extreme" | "second" | "complete";
  /**
   * ordered: the scales follow the chain, heavier pan always on the left; scrambled: shown in
   * random order with the heavier pan on either side (and, for an end or a second, the
   * comparisons form a random tree hanging from the asked end).
   */
  layout: "ordered" | "scrambled";
};

export type Asked = "heaviest" | "lightest" | "second-heaviest" | "second-lightest" | "complete";
export type Scale = { left: string; right: string; heavier: "left" | "right" };
/** The last scale of a "complete" item: `shape` on the pan `side`, the other pan empty. */
export type Query = { shape: string; side: "left" | "right"; heavier: "left" | "right" };
export interface ScalesSpec {
  kind: "scales";
  ask: Asked;
  scales: Scale[];
  query?: Query;
}
export type ShapeOption = { shape: string };
type Item = ItemDraft<ScalesSpec, ShapeOption>;

export const scaleShapes = ["circle", "square", "triangle", "star", "diamond", "hexagon"] as const;

/** Every order of the shapes (heaviest first) that the scales allow. */
function ordersAllowed(shapes: string[], scales: Scale[]): string[][] {
  const found: string[][] = [];
  const walk = (prefix: string[], rest: string[]) => {
    if (rest.length === 0) {
      found.push(prefix);
      return;
    }
    for (const s of rest) {
      // s goes next (heavier than everything after it): no scale may say a remaining shape outweighs s.
      const blocked = scales.some((sc) => {
        const heavy = sc.heavier === "left" ? sc.left : sc.right;
        const light = sc.heavier === "left" ? sc.right : sc.left;
        return light === s && rest.includes(heavy) && heavy !== s;
      });
      if (!blocked)
        walk(
          [...prefix, s],
          rest.filter((r) => r !== s),
        );
    }
  };
  walk([], shapes);
  return found;
}

const rankOf: Record<Exclude<Asked, "complete">, (count: number) => number> = {
  heaviest: () => 0,
  lightest: (count) => count - 1,
  "second-heaviest": () => 1,
  "second-lightest": (count) => count - 2,
};

/**
 * Comparisons (heavier, lighter) over the hidden order (heaviest first). Ordered, or any
 * layout of a "complete" item: the chain of neighbours, which fixes the whole order.
 * Scrambled ends and seconds: a random tree hanging from the asked end (each shape compared
 * with a random one nearer that end), for a second the first two compared and the tree
 * hanging from the second.
 */
function comparisons(
  rng: Rng,
  order: string[],
  layout: ScalesRadicals["layout"],
  ask: Asked,
): [string, string][] {
  if (layout === "ordered" || ask === "complete")
    return order.slice(1).map((s, i) => [order[i] as string, s]);
  const fromTop = ask === "heaviest" || ask === "second-heaviest";
  const line = fromTop ? order : [...order].reverse();
  const second = ask === "second-heaviest" || ask === "second-lightest";
  // Each shape hangs from the one just before it half the time (a chain), else from any
  // earlier one (a branch): the root does not collect most of the comparisons.
  const edges: [string, string][] = line
    .slice(1)
    .map((s, i) => [
      line[rng.next() < 0.5 ? i : second && i > 0 ? rng.int(1, i) : rng.int(0, i)] as string,
      s,
    ]);
  return fromTop ? edges : edges.map(([a, b]) => [b, a]);
}

interface Built {
  answer: string;
  wrong: string[];
  query?: Query;
}

/** An end or a second: the shape every allowed order puts there; the shapes nearest it as distractors. */
function rankItem(
  rng: Rng,
  order: string[],
  shown: Scale[],
  ask: Exclude<Asked, "complete">,
): Built | null {
  const rank = rankOf[ask](order.length);
  const possible = new Set(ordersAllowed(order, shown).map((o) => o[rank] as string));
  if (possible.size !== 1) return null;
  const answer = [...possible][0] as string;
  const near = order
    .filter((s) => s !== answer)
    .map((s) => ({ s, d: Math.abs(order.indexOf(s) - rank), t: rng.next() }))
    .sort((a, b) => a.d - b.d || a.t - b.t)
    .map(({ s }) => s);
  // An end asked: the other end too (heavy and light read the wrong way round).
  const opposite = order[ask === "heaviest" ? order.length - 1 : 0] as string;
  const wrong =
    ask === "heaviest" || ask === "lightest"
      ? [opposite, ...near.filter((s) => s !== opposite).slice(0, 2)]
      : near.slice(0, 3);
  return { answer, wrong };
}

/**
 * A last scale with one shape against an empty pan: the key is on the tipping side of that
 * shape in the order, two or more steps away from it when the order allows (so that it is
 * found by chaining premises, not read off one scale); the distractors are the shape itself
 * (it would balance) and the two shapes nearest it on the other side.
 */
function completeItem(rng: Rng, order: string[]): Built | null {
  const n = order.length;
  const choices: { at: number; lighter: boolean }[] = [];
  for (let at = 1; at < n - 1; at++) {
    if (at >= 2) choices.push({ at, lighter: true });
    if (at <= n - 3) choices.push({ at, lighter: false });
  }
  if (choices.length === 0) return null;
  const { at, lighter } = rng.pick(choices);
  const shape = order[at] as string;
  const side = lighter ? order.slice(at + 1) : order.slice(0, at).reverse();
  const far = side.filter((_, i) => i >= 1);
  const answer = rng.pick(far.length > 0 ? far : side);
  const other = lighter ? order.slice(0, at).reverse() : order.slice(at + 1);
  const pan = rng.pick(["left", "right"] as const);
  const away = pan === "left" ? "right" : "left";
  // The shown shape outweighs the empty pan's shape when the key is lighter.
  const heavier = lighter ? pan : away;
  // The nearest and the farthest on the other side.
  const wrong = [shape, other[0] as string, other.at(-1) as string];
  return { answer, wrong, query: { shape, side: pan, heavier } };
}

export function generateScales(radicals: ScalesRadicals, rng: Rng): Item | null {
  const order = rng.shuffle(scaleShapes).slice(0, radicals.shapes);
  const ask: Asked =
    radicals.ask === "extreme"
      ? rng.pick(["heaviest", "lightest"] as const)
      : radicals.ask === "second"
        ? rng.pick(["second-heaviest", "second-lightest"] as const)
        : "complete";
  const scales: Scale[] = comparisons(rng, order, radicals.layout, ask).map(([heavy, light]) =>
    radicals.layout === "ordered" || rng.next() < 0.5
      ? { left: heavy, right: light, heavier: "left" }
      : { left: light, right: heavy, heavier: "right" },
  );
  // The ordered layout reads top to bottom from the heavy end of the chain, whichever end is asked.
  const shown = radicals.layout === "ordered" ? scales : rng.shuffle(scales);
  const built = ask === "complete" ? completeItem(rng, order) : rankItem(rng, order, shown, ask);
  if (!built || new Set(built.wrong).size !== 3) return null;
  // How often a shape appears on the scales may not single the key out (the ends of a
  // chain appear once, the root of a tree often): a taker could count instead of reason.
  const appearances = [built.answer, ...built.wrong].map(
    (s) =>
      shown.filter((sc) => sc.left === s || sc.right === s).length +
      (built.query?.shape === s ? 1 : 0),
  );
  const key = appearances[0] as number;
  const others = appearances.slice(1);
  if (others.every((a) => a < key) || others.every((a) => a > key)) return null;
  const wrong = rng.shuffle(built.wrong);
  const spec: ScalesSpec = { kind: "scales", ask, scales: shown };
  if (built.query) spec.query = built.query;
  const count = countWords[shown.length];
  return {
    code: "rl-scales",
    family: "scales",
    spec,
    answer: { shape: built.answer },
    distractors: [
      { shape: wrong[0] as string },
      { shape: wrong[1] as string },
      { shape: wrong[2] as string },
    ],
    title: titles[ask],
    alt: built.query
      ? {
          en: `${count?.en} balance scales, each with one shape on each pan, tipped toward the heavier shape; then a last scale with one shape and one empty pan.`,
          "pt-br": `${count?.pt} balanças, cada uma com uma forma em cada prato, inclinadas para o lado da forma mais pesada; depois uma última balança com uma forma e um prato vazio.`,
        }
      : {
          en: `${count?.en} balance scales, each with one shape on each pan, tipped toward the heavier shape.`,
          "pt-br": `${count?.pt} balanças, cada uma com uma forma em cada prato, inclinadas para o lado da forma mais pesada.`,
        },
  };
}

const lead = {
  en: "Each scale tips toward the heavier shape.",
  pt: "Cada balança pende para o lado da forma mais pesada.",
};

const titles: Record<Asked, LocalizedText> = {
  heaviest: {
    en: `${lead.en} Which shape is the heaviest of all?`,
    "pt-br": `${lead.pt} Qual forma é a mais pesada de todas?`,
  },
  lightest: {
    en: `${lead.en} Which shape is the lightest of all?`,
    "pt-br": `${lead.pt} Qual forma é a mais leve de todas?`,
  },
  "second-heaviest": {
    en: `${lead.en} Which shape is the second heaviest?`,
    "pt-br": `${lead.pt} Qual forma é a segunda mais pesada?`,
  },
  "second-lightest": {
    en: `${lead.en} Which shape is the second lightest?`,
    "pt-br": `${lead.pt} Qual forma é a segunda mais leve?`,
  },
  complete: {
    en: `${lead.en} Which shape, put on the empty pan, makes the last scale tip the way it does?`,
    "pt-br": `${lead.pt} Qual forma, colocada no prato vazio, faz a última balança pender como mostrado?`,
  },
};

const countWords: Record<number, { en: string; pt: string }> = {
  3: { en: "Three", pt: "Três" },
  4: { en: "Four", pt: "Quatro" },
  5: { en: "Five", pt: "Cinco" },
};

/* ---------- drawing ---------- */

/** The six shapes (equations.ts draws them for both models). */
export function drawScaleShape(shape: string, cx: number, cy: number, r: number): string {
  return drawShape(shape, cx, cy, r);
}

const cellWidth = 344;
const cellHeight = 158;

/**
 * One balance scale in a cell at (x, y): post, beam tipped toward the heavier pan, two pans
 * hanging from the beam's ends. A null shape leaves its pan empty under a question mark
 * (the last scale of a "complete" item, framed like the missing cell of other items).
 */
function drawScale(
  left: string | null,
  right: string | null,
  heavier: "left" | "right",
  x: number,
  y: number,
): string {
  const cx = x + cellWidth / 2;
  const pivotY = y + 52;
  const beam = 112;
  const tilt = (heavier === "left" ? -1 : 1) * 0.2;
  const ends = [-1, 1].map((side) => ({
    x: cx + side * beam * Math.cos(tilt),
    y: pivotY + side * beam * Math.sin(tilt),
  }));
  const foot = y + cellHeight - 10;
  let lines = `M${n(cx)} ${n(pivotY)}V${n(foot)}M${n(cx - 34)} ${n(foot)}H${n(cx + 34)}`;
  lines += `M${n(ends[0]?.x ?? 0)} ${n(ends[0]?.y ?? 0)}L${n(ends[1]?.x ?? 0)} ${n(ends[1]?.y ?? 0)}`;
  let shapes = "";
  const empty = left === null || right === null;
  for (const [i, end] of ends.entries()) {
    const panY = end.y + 70;
    lines += `M${n(end.x)} ${n(end.y)}L${n(end.x - 48)} ${n(panY)}M${n(end.x)} ${n(end.y)}L${n(end.x + 48)} ${n(panY)}M${n(end.x - 54)} ${n(panY)}H${n(end.x + 54)}`;
    const shape = i === 0 ? left : right;
    shapes += shape
      ? drawScaleShape(shape, end.x, panY - 20, 19)
      : text(end.x, panY - 24, "?", { size: 36, weight: 700, fill: palette.accent });
  }
  const pivot = `<polygon points="${polygonPoints(cx, pivotY + 6, 9, 3)}" fill="${palette.muted}"/>`;
  const frame = empty
    ? `<rect x="${n(x)}" y="${n(y)}" width="${cellWidth}" height="${cellHeight}" rx="12" fill="${palette.panel}" stroke="${palette.accent}" stroke-width="2.5" stroke-dasharray="8 6"/>`
    : panel(x, y, cellWidth, cellHeight);
  return `${frame}<path d="${lines}" fill="none" stroke="${palette.muted}" stroke-width="3.5" stroke-linecap="round"/>${pivot}${shapes}`;
}

export function renderScalesQuestion(spec: ScalesSpec): string {
  const gap = 12;
  const margin = 10;
  const cells: [string | null, string | null, "left" | "right"][] = spec.scales.map((sc) => [
    sc.left,
    sc.right,
    sc.heavier,
  ]);
  const { query } = spec;
  if (query)
    cells.push(
      query.side === "left"
        ? [query.shape, null, query.heavier]
        : [null, query.shape, query.heavier],
    );
  const rows = Math.ceil(cells.length / 2);
  const height = 2 * margin + rows * cellHeight + (rows - 1) * gap;
  let body = "";
  cells.forEach(([left, right, heavier], i) => {
    const row = Math.floor(i / 2);
    const col = i % 2;
    // An odd last scale sits in the middle of its row.
    const lone = i === cells.length - 1 && col === 0;
    const x = lone ? (720 - cellWidth) / 2 : margin + col * (cellWidth + gap);
    body += drawScale(left, right, heavier, x, margin + row * (cellHeight + gap));
  });
  return svgDocument(720, height, body);
}

export function renderShapeOption(shape: string): string {
  return svgDocument(240, 240, panel(4, 4, 232, 232) + drawScaleShape(shape, 120, 122, 62));
}

const shapeNames: Record<string, LocalizedText> = {
  circle: { en: "A circle", "pt-br": "Um círculo" },
  square: { en: "A square", "pt-br": "Um quadrado" },
  triangle: { en: "A triangle", "pt-br": "Um triângulo" },
  star: { en: "A star", "pt-br": "Uma estrela" },
  diamond: { en: "A diamond (a square standing on a corner)", "pt-br": "Um losango" },
  hexagon: { en: "A hexagon", "pt-br": "Um hexágono" },
};

function design(radicals: ScalesRadicals): Design {
  return {
    "scales:base": 1,
    "scales:premise": radicals.shapes - 4,
    "scales:second": radicals.ask === "second" ? 1 : 0,
    "scales:complete": radicals.ask === "complete" ? 1 : 0,
    "scales:scrambled": radicals.layout === "scrambled" ? 1 : 0,
  };
}

export const scalesModel: ItemModel<ScalesRadicals, ScalesSpec, ShapeOption> = {
  id: "rl-scales",
  category: "RL",
  summary:
    "Transitive inference: balance scales compare shapes two at a time; order them and name the heaviest, the lightest, the second of either, or the shape that makes a last scale tip as shown.",
  radicals: {
    shapes: [4, 5, 6],
    ask: ["extreme", "second", "complete"],
    layout: ["ordered", "scrambled"],
  },
  incidentals: [
    "which shapes, and their hidden order",
    "heaviest or lightest (second heaviest or second lightest)",
    "scrambled: which comparisons form the tree, their order and the side of the heavier pan",
    "which three other shapes are offered",
  ],
  design,
  generate: generateScales,
  renderQuestion: (draft) => renderScalesQuestion(draft.spec),
  renderOption: (_draft, option) => renderShapeOption(option.shape),
  optionAlt: (_draft, option) =>
    shapeNames[option.shape] ?? { en: option.shape, "pt-br": option.shape },
  optionFeatures: (_draft, option): Record<string, Feature> => ({ shape: option.shape }),
  questionPanels: (draft) =>
    [...new Set(draft.spec.scales.flatMap((s) => [s.left, s.right]))].map((shape) => ({ shape })),
};
