/**
 * Item model rl-scales (issue 28): transitive inference pictured with balance scales. Each
 * scale holds one shape on each pan and tips toward the heavier one; from these premises
 * the taker orders the shapes and names the heaviest, the lightest, or the second heaviest
 * or lightest. Nothing in the picture is a word or a number: the title asks the question.
 * A try is kept only when the premises fix the asked shape in every order they allow.
 */
import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { Design, ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { n, palette, panel, polygonPoints, svgDocument } from "../svg.ts";
import { drawShape } from "./equations.ts";

export type ScalesRadicals = {
  /** Shapes to order (premises: one fewer). */
  shapes: 4 | 5 | 6;
  /** The heaviest or lightest, or the second heaviest or second lightest. */
  ask: "extreme" | "second";
  /**
   * ordered: the scales follow the chain, heavier pan always on the left; scrambled: the
   * comparisons form any tree, shown in random order with the heavier pan on either side.
   */
  layout: "ordered" | "scrambled";
};

export type Asked = "heaviest" | "lightest" | "second-heaviest" | "second-lightest";
export type Scale = { left: string; right: string; heavier: "left" | "right" };
export interface ScalesSpec {
  kind: "scales";
  ask: Asked;
  scales: Scale[];
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

const rankOf: Record<Asked, (count: number) => number> = {
  heaviest: () => 0,
  lightest: (count) => count - 1,
  "second-heaviest": () => 1,
  "second-lightest": (count) => count - 2,
};

/** The shapes that hold the asked rank in at least one allowed order. */
function possibleAnswers(shapes: string[], scales: Scale[], ask: Asked): Set<string> {
  return new Set(
    ordersAllowed(shapes, scales).map((order) => order[rankOf[ask](shapes.length)] as string),
  );
}

/**
 * Comparisons (heavier, lighter) that pin the asked rank, over the hidden order (heaviest
 * first). Ordered: the chain of neighbours. Scrambled: a random tree hanging from the asked
 * end (each shape compared with a random one nearer that end), for a second the first two
 * compared and the tree hanging from the second.
 */
function comparisons(
  rng: Rng,
  order: string[],
  layout: ScalesRadicals["layout"],
  ask: Asked,
): [string, string][] {
  if (layout === "ordered") return order.slice(1).map((s, i) => [order[i] as string, s]);
  const fromTop = ask === "heaviest" || ask === "second-heaviest";
  const line = fromTop ? order : [...order].reverse();
  const second = ask === "second-heaviest" || ask === "second-lightest";
  const edges: [string, string][] = line
    .slice(1)
    .map((s, i) => [line[second && i > 0 ? rng.int(1, i) : rng.int(0, i)] as string, s]);
  return fromTop ? edges : edges.map(([a, b]) => [b, a]);
}

export function generateScales(radicals: ScalesRadicals, rng: Rng): Item | null {
  const shapes = rng.shuffle(scaleShapes).slice(0, radicals.shapes);
  const ask: Asked =
    radicals.ask === "extreme"
      ? rng.pick(["heaviest", "lightest"] as const)
      : rng.pick(["second-heaviest", "second-lightest"] as const);
  const pairs = comparisons(rng, shapes, radicals.layout, ask);
  const scales: Scale[] = pairs.map(([heavy, light]) =>
    radicals.layout === "ordered" || rng.next() < 0.5
      ? { left: heavy, right: light, heavier: "left" }
      : { left: light, right: heavy, heavier: "right" },
  );
  // The ordered layout reads top to bottom from the heavy end of the chain, whichever end is asked.
  const shown = radicals.layout === "ordered" ? scales : rng.shuffle(scales);
  const possible = possibleAnswers(shapes, shown, ask);
  if (possible.size !== 1) return null;
  const answer = [...possible][0] as string;
  // Distractors: the shapes next to the answer in the order first (the plausible slips).
  const rank = rankOf[ask](shapes.length);
  const near = shapes
    .filter((s) => s !== answer)
    .map((s) => ({ s, d: Math.abs(shapes.indexOf(s) - rank), t: rng.next() }))
    .sort((a, b) => a.d - b.d || a.t - b.t)
    .map(({ s }) => s);
  const wrong = rng.shuffle(near.slice(0, 3));
  return {
    code: "rl-scales",
    family: "scales",
    spec: { kind: "scales", ask, scales: shown },
    answer: { shape: answer },
    distractors: [
      { shape: wrong[0] as string },
      { shape: wrong[1] as string },
      { shape: wrong[2] as string },
    ],
    title: titles[ask],
    alt: {
      en: `${countWords[shown.length]?.en} balance scales, each with one shape on each pan, tipped toward the heavier shape.`,
      "pt-br": `${countWords[shown.length]?.pt} balanças, cada uma com uma forma em cada prato, inclinadas para o lado da forma mais pesada.`,
    },
  };
}

const titles: Record<Asked, LocalizedText> = {
  heaviest: {
    en: "Each scale tips toward the heavier shape. Which shape is the heaviest of all?",
    "pt-br":
      "Cada balança pende para o lado da forma mais pesada. Qual forma é a mais pesada de todas?",
  },
  lightest: {
    en: "Each scale tips toward the heavier shape. Which shape is the lightest of all?",
    "pt-br":
      "Cada balança pende para o lado da forma mais pesada. Qual forma é a mais leve de todas?",
  },
  "second-heaviest": {
    en: "Each scale tips toward the heavier shape. Which shape is the second heaviest?",
    "pt-br":
      "Cada balança pende para o lado da forma mais pesada. Qual forma é a segunda mais pesada?",
  },
  "second-lightest": {
    en: "Each scale tips toward the heavier shape. Which shape is the second lightest?",
    "pt-br":
      "Cada balança pende para o lado da forma mais pesada. Qual forma é a segunda mais leve?",
  },
};

const countWords: Record<number, { en: string; pt: string }> = {
  3: { en: "Three", pt: "Três" },
  4: { en: "Four", pt: "Quatro" },
  5: { en: "Five", pt: "Cinco" },
};

/* ---------- drawing ---------- */

const fill = palette.fills[2];

/** The six shapes: four from the equations' drawing, a diamond and a hexagon. */
export function drawScaleShape(shape: string, cx: number, cy: number, r: number): string {
  if (shape === "diamond")
    return `<polygon points="${polygonPoints(cx, cy, r * 1.15, 4)}" fill="${fill}"/>`;
  if (shape === "hexagon")
    return `<polygon points="${polygonPoints(cx, cy, r * 1.05, 6)}" fill="${fill}"/>`;
  return drawShape(shape, cx, cy, r);
}

const cellWidth = 344;
const cellHeight = 150;

/** One balance scale in a cell at (x, y): post, beam tipped toward the heavier pan, two pans. */
function drawScale(scale: Scale, x: number, y: number): string {
  const cx = x + cellWidth / 2;
  const pivotY = y + 62;
  const beam = 118;
  const tilt = (scale.heavier === "left" ? -1 : 1) * 0.2;
  const ends = [-1, 1].map((side) => ({
    x: cx + side * beam * Math.cos(tilt),
    y: pivotY + side * beam * Math.sin(tilt),
  }));
  let lines = `M${n(cx)} ${n(pivotY)}V${n(y + cellHeight - 14)}M${n(cx - 34)} ${n(y + cellHeight - 14)}H${n(cx + 34)}`;
  lines += `M${n(ends[0]?.x ?? 0)} ${n(ends[0]?.y ?? 0)}L${n(ends[1]?.x ?? 0)} ${n(ends[1]?.y ?? 0)}`;
  let shapes = "";
  for (const [i, end] of ends.entries()) {
    const panY = end.y + 52;
    lines += `M${n(end.x)} ${n(end.y)}L${n(end.x - 34)} ${n(panY)}M${n(end.x)} ${n(end.y)}L${n(end.x + 34)} ${n(panY)}M${n(end.x - 40)} ${n(panY)}H${n(end.x + 40)}`;
    shapes += drawScaleShape(i === 0 ? scale.left : scale.right, end.x, panY - 19, 16);
  }
  const pivot = `<polygon points="${polygonPoints(cx, pivotY + 6, 9, 3)}" fill="${palette.muted}"/>`;
  return `${panel(x, y, cellWidth, cellHeight)}<path d="${lines}" fill="none" stroke="${palette.muted}" stroke-width="3.5" stroke-linecap="round"/>${pivot}${shapes}`;
}

export function renderScalesQuestion(spec: ScalesSpec): string {
  const gap = 12;
  const margin = 10;
  const rows = Math.ceil(spec.scales.length / 2);
  const height = 2 * margin + rows * cellHeight + (rows - 1) * gap;
  let body = "";
  spec.scales.forEach((scale, i) => {
    const row = Math.floor(i / 2);
    const col = i % 2;
    // An odd last scale sits in the middle of its row.
    const lone = i === spec.scales.length - 1 && col === 0;
    const x = lone ? (720 - cellWidth) / 2 : margin + col * (cellWidth + gap);
    body += drawScale(scale, x, margin + row * (cellHeight + gap));
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
    "scales:scrambled": radicals.layout === "scrambled" ? 1 : 0,
  };
}

export const scalesModel: ItemModel<ScalesRadicals, ScalesSpec, ShapeOption> = {
  id: "rl-scales",
  category: "RL",
  summary:
    "Transitive inference: balance scales compare shapes two at a time; order them and name the heaviest, the lightest, or the second of either.",
  radicals: { shapes: [4, 5, 6], ask: ["extreme", "second"], layout: ["ordered", "scrambled"] },
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
