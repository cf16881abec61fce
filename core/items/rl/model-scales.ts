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
import { saidHeavier, saidLevel, theShape } from "./words.ts";

export type ScalesRadicals = {
  /**
   * Shapes the options are drawn from. An end or a second: the shapes to order (premises: one
   * fewer). A "complete" item shows one shape more, the one on its last scale, which is never
   * offered (premises: as many as `shapes`): with four shapes in all, the four options would
   * have to include it, and it would balance, which logic rules out at once.
   */
  shapes: 4 | 5 | 6;
  /**
   * extreme: the heaviest or the lightest; second: the second heaviest or lightest;
   * complete: a last scale shows one shape against an empty pan, tipped one way; which shape
   * on the empty pan makes it tip so: one option does, the three others provably do not, and
   * the shape shown is never offered (from five options on, the key is two or more scales away).
   */
  ask: "extreme" | "second" | "complete";
  /**
   * ordered: the scales follow the chain, heavier pan always on the left; scrambled: shown in
   * random order with the heavier pan on either side (and, for an end or a second, the
   * comparisons form a random tree hanging from the asked end).
   */
  layout: "ordered" | "scrambled";
  /**
   * none: every scale tips; level: two shapes weigh the same and one scale between them
   * stays level, so what is known of one holds for the other (never at or above the asked
   * rank, where "second heaviest" would lose its meaning).
   */
  balance: "none" | "level";
};

export type Asked = "heaviest" | "lightest" | "second-heaviest" | "second-lightest" | "complete";
export type Scale = { left: string; right: string; heavier: "left" | "right" | "level" };
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

/** Ends and seconds draw from the first six; a "complete" item of six options shows a seventh. */
export const scaleShapes = [
  "circle",
  "square",
  "triangle",
  "star",
  "diamond",
  "hexagon",
  "cross",
] as const;

/** Shapes that a level scale says weigh the same, by a representative of their group. */
function groupsOf(shapes: string[], scales: Scale[]): Map<string, string> {
  const head = new Map(shapes.map((s) => [s, s]));
  const find = (s: string): string => {
    const up = head.get(s) as string;
    return up === s ? s : find(up);
  };
  for (const sc of scales) if (sc.heavier === "level") head.set(find(sc.left), find(sc.right));
  return new Map(shapes.map((s) => [s, find(s)]));
}

/**
 * Every order of the groups of equal shapes (heaviest first) that the scales allow, each
 * group as the list of its shapes.
 */
function ordersAllowed(shapes: string[], scales: Scale[]): string[][][] {
  const group = groupsOf(shapes, scales);
  const heads = [...new Set(group.values())];
  const members = (h: string) => shapes.filter((s) => group.get(s) === h);
  const strict = scales
    .filter((sc) => sc.heavier !== "level")
    .map((sc) => {
      const heavy = sc.heavier === "left" ? sc.left : sc.right;
      const light = sc.heavier === "left" ? sc.right : sc.left;
      return { heavy: group.get(heavy) as string, light: group.get(light) as string };
    });
  if (strict.some((e) => e.heavy === e.light)) return [];
  const found: string[][][] = [];
  const walk = (prefix: string[], rest: string[]) => {
    if (rest.length === 0) {
      found.push(prefix.map(members));
      return;
    }
    // h goes next (heavier than every group after it): no scale may say a remaining group outweighs h.
    for (const h of rest)
      if (!strict.some((e) => e.light === h && rest.includes(e.heavy)))
        walk(
          [...prefix, h],
          rest.filter((r) => r !== h),
        );
  };
  walk([], heads);
  return found;
}

const rankOf: Record<Exclude<Asked, "complete">, (count: number) => number> = {
  heaviest: () => 0,
  lightest: (count) => count - 1,
  "second-heaviest": () => 1,
  "second-lightest": (count) => count - 2,
};

/** A comparison over the hidden order: `a` heavier than `b`, or as heavy when `level`. */
type Pair = { a: string; b: string; level: boolean };

/**
 * Comparisons over the hidden order (heaviest first; `order[tie]` and `order[tie + 1]` weigh
 * the same). Ordered, or any layout of a "complete" item: the chain of neighbours, which fixes
 * the whole order. Scrambled ends and seconds: a random tree hanging from the asked end (each
 * shape compared with the one just before it half the time, else with a random one nearer
 * that end; for a second the first two compared and the tree hanging from the second); the
 * tied shape always hangs from its twin.
 */
function comparisons(
  rng: Rng,
  order: string[],
  tie: number | null,
  layout: ScalesRadicals["layout"],
  ask: Asked,
): Pair[] {
  if (layout === "ordered" || ask === "complete")
    return order.slice(1).map((s, i) => ({ a: order[i] as string, b: s, level: i === tie }));
  const fromTop = ask === "heaviest" || ask === "second-heaviest";
  const line = fromTop ? order : [...order].reverse();
  const lineTie = tie === null ? null : fromTop ? tie : order.length - 2 - tie;
  const second = ask === "second-heaviest" || ask === "second-lightest";
  const edges: Pair[] = line.slice(1).map((s, i) => {
    const parent =
      i === lineTie || rng.next() < 0.5 ? i : second && i > 0 ? rng.int(1, i) : rng.int(0, i);
    return { a: line[parent] as string, b: s, level: i === lineTie };
  });
  return fromTop ? edges : edges.map((e) => ({ a: e.b, b: e.a, level: e.level }));
}

interface Built {
  answer: string;
  wrong: string[];
  query?: Query;
}

/**
 * The shape at `rank` from the asked end in every allowed order, or null when it differs
 * between orders or when a group of equal shapes sits at or above it (no single answer).
 */
function rankAnswer(
  shapes: string[],
  scales: Scale[],
  ask: Exclude<Asked, "complete">,
): string | null {
  const rank = ask === "heaviest" || ask === "lightest" ? 0 : 1;
  const fromTop = ask === "heaviest" || ask === "second-heaviest";
  const possible = new Set<string>();
  for (const groups of ordersAllowed(shapes, scales)) {
    const line = fromTop ? groups : [...groups].reverse();
    const top = line.slice(0, rank + 1);
    if (top.some((g) => g.length !== 1)) return null;
    possible.add(top[rank]?.[0] as string);
  }
  return possible.size === 1 ? ([...possible][0] as string) : null;
}

/** An end or a second: the shape every allowed order puts there; the shapes nearest it as distractors. */
function rankItem(
  rng: Rng,
  order: string[],
  shown: Scale[],
  ask: Exclude<Asked, "complete">,
): Built | null {
  const answer = rankAnswer(order, shown, ask);
  if (!answer) return null;
  const rank = rankOf[ask](order.length);
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
 * A last scale with one shape X against an empty pan, over a chain of `order` (heaviest
 * first; `order[tie]` and `order[tie + 1]` weigh the same). X and the way the scale tips are
 * chosen so that exactly one offered shape tips it and three offered shapes cannot: the key
 * is on the tipping side of X, the three distractors on the other side or as heavy as X (its
 * twin on a level scale). X itself is never offered: it would balance, which logic rules out
 * at once. The key is two or more steps from X when the order allows (from six shapes on).
 * The premises: the chain of neighbours (ordered), or a random tree hanging from X on both
 * sides (scrambled: each shape compared with X a third of the time, with its neighbour nearer
 * X a third, else with a random shape nearer X; the key never with X itself when it is two
 * steps away or more),
 * so every shape is proved heavier than X, lighter than X or as heavy.
 */
function completeItem(
  rng: Rng,
  order: string[],
  tie: number | null,
  layout: ScalesRadicals["layout"],
): (Built & { pairs: Pair[] }) | null {
  const level = (i: number) => (tie !== null && i > tie ? i - 1 : i);
  type Choice = { at: number; lighter: boolean; keys: number[]; wrong: number[]; far: boolean };
  const choices: Choice[] = [];
  for (let at = 0; at < order.length; at++)
    for (const lighter of [true, false]) {
      const here = level(at);
      const dist = (i: number) => (lighter ? level(i) - here : here - level(i));
      const keys = order.flatMap((_, i) => (dist(i) > 0 ? [i] : []));
      const wrong = order.flatMap((_, i) => (i !== at && dist(i) <= 0 ? [i] : []));
      if (keys.length < 1 || wrong.length < 3) continue;
      const far = keys.some((i) => dist(i) >= 2);
      choices.push({ at, lighter, keys, wrong, far });
    }
  const farChoices = choices.filter((c) => c.far);
  if (choices.length === 0) return null;
  const { at, lighter, keys, wrong } = rng.pick(farChoices.length > 0 ? farChoices : choices);
  const here = level(at);
  const dist = (i: number) => Math.abs(level(i) - here);
  const farKeys = keys.filter((i) => dist(i) >= 2);
  const key = rng.pick(farKeys.length > 0 ? farKeys : keys);
  const offered = rng.shuffle(wrong).slice(0, 3);
  let pairs: Pair[];
  if (layout === "ordered")
    pairs = order.slice(1).map((s, i) => ({ a: order[i] as string, b: s, level: i === tie }));
  else {
    pairs = [];
    // Outward from X on each side; a tied pair: the second reached hangs level from the first.
    const reached = [at];
    const sides = order
      .map((_, i) => i)
      .filter((i) => i !== at)
      .sort((p, q) => dist(p) - dist(q) || Math.abs(p - at) - Math.abs(q - at));
    for (const i of sides) {
      const up = i < at;
      const twin = reached.find((j) => j !== at && level(j) === level(i));
      const sameSide = (j: number) => j === at || (up ? j < at : j > at) || level(j) === here;
      let parent: number;
      if (twin !== undefined) parent = twin;
      else if (level(i) === here) parent = at;
      else {
        const nearer = reached.filter((j) => sameSide(j) && dist(j) < dist(i));
        const neighbour = nearer.filter((j) => dist(j) === dist(i) - 1);
        const allowed = i === key && dist(i) >= 2 ? nearer.filter((j) => j !== at) : nearer;
        // X itself a third of the time (more shapes seen once: counting appearances tells less).
        const roll = rng.next();
        const pool = allowed.filter((j) =>
          roll < 1 / 3 ? j === at : roll < 2 / 3 ? neighbour.includes(j) : true,
        );
        parent = rng.pick(pool.length > 0 ? pool : allowed);
      }
      const levelPair = level(parent) === level(i);
      const [a, b] = parent < i ? [parent, i] : [i, parent];
      pairs.push({ a: order[a] as string, b: order[b] as string, level: levelPair });
      reached.push(i);
    }
  }
  const pan = rng.pick(["left", "right"] as const);
  const away = pan === "left" ? "right" : "left";
  // The shown shape outweighs the empty pan's shape when the key is lighter.
  const heavier = lighter ? pan : away;
  return {
    answer: order[key] as string,
    wrong: offered.map((i) => order[i] as string),
    query: { shape: order[at] as string, side: pan, heavier },
    pairs,
  };
}

export function generateScales(radicals: ScalesRadicals, rng: Rng): Item | null {
  const ask: Asked =
    radicals.ask === "extreme"
      ? rng.pick(["heaviest", "lightest"] as const)
      : radicals.ask === "second"
        ? rng.pick(["second-heaviest", "second-lightest"] as const)
        : "complete";
  // The options come from `shapes` shapes; a "complete" item shows one more, on its last scale.
  const n = radicals.shapes + (ask === "complete" ? 1 : 0);
  const order = rng.shuffle(n > 6 ? scaleShapes : scaleShapes.slice(0, 6)).slice(0, n);
  // The level pair sits below the asked rank (two steps from the asked end for a second).
  const below = ask === "complete" ? 0 : ask === "heaviest" || ask === "lightest" ? 1 : 2;
  const lineTie = radicals.balance === "level" ? rng.int(below, n - 2) : null;
  const fromBottom = ask === "lightest" || ask === "second-lightest";
  const tie = lineTie === null ? null : fromBottom ? n - 2 - lineTie : lineTie;
  const completed = ask === "complete" ? completeItem(rng, order, tie, radicals.layout) : null;
  if (ask === "complete" && !completed) return null;
  const pairs = completed ? completed.pairs : comparisons(rng, order, tie, radicals.layout, ask);
  const scales: Scale[] = pairs.map(({ a, b, level }) =>
    radicals.layout === "ordered" || rng.next() < 0.5
      ? { left: a, right: b, heavier: level ? "level" : "left" }
      : { left: b, right: a, heavier: level ? "level" : "right" },
  );
  // The ordered layout reads top to bottom from the heavy end of the chain, whichever end is asked.
  const shown = radicals.layout === "ordered" ? scales : rng.shuffle(scales);
  const built =
    ask === "complete" ? completed : rankItem(rng, order, shown, ask as Exclude<Asked, "complete">);
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
    title: titleOf(ask, radicals.balance === "level"),
    alt: altOf(count ?? { en: "", pt: "" }, spec),
  };
}

const leads = {
  tip: {
    en: "Each scale tips toward the heavier shape.",
    pt: "Cada balança pende para o lado da forma mais pesada.",
  },
  level: {
    en: "Each scale tips toward the heavier shape, and stays level when both weigh the same.",
    pt: "Cada balança pende para o lado da forma mais pesada e fica equilibrada quando as duas pesam o mesmo.",
  },
};

const questions: Record<Asked, { en: string; pt: string }> = {
  heaviest: {
    en: "Which shape is the heaviest of all?",
    pt: "Qual forma é a mais pesada de todas?",
  },
  lightest: { en: "Which shape is the lightest of all?", pt: "Qual forma é a mais leve de todas?" },
  "second-heaviest": {
    en: "Which shape is the second heaviest?",
    pt: "Qual forma é a segunda mais pesada?",
  },
  "second-lightest": {
    en: "Which shape is the second lightest?",
    pt: "Qual forma é a segunda mais leve?",
  },
  complete: {
    en: "Which shape, put on the empty pan, makes the last scale tip the way it does?",
    pt: "Qual forma, colocada no prato vazio, faz a última balança pender como mostrado?",
  },
};

function titleOf(ask: Asked, level: boolean): LocalizedText {
  const lead = level ? leads.level : leads.tip;
  return { en: `${lead.en} ${questions[ask].en}`, "pt-br": `${lead.pt} ${questions[ask].pt}` };
}

/** The question said in full: what each scale shows, then the last scale if any. */
function altOf(count: { en: string; pt: string }, spec: ScalesSpec): LocalizedText {
  const said = spec.scales.map((scale) =>
    scale.heavier === "level"
      ? saidLevel(scale.left, scale.right)
      : scale.heavier === "left"
        ? saidHeavier(scale.left, scale.right)
        : saidHeavier(scale.right, scale.left),
  );
  const level = spec.scales.some((scale) => scale.heavier === "level");
  const en = `${count.en} balance scales, each with one shape on each pan and tipped toward the heavier one${level ? " (or level when they weigh the same)" : ""}: ${said.map((s) => s.en).join("; ")}`;
  const pt = `${count.pt} balanças, cada uma com uma forma em cada prato, inclinadas para a mais pesada${level ? " (ou equilibradas quando pesam o mesmo)" : ""}: ${said.map((s) => s["pt-br"]).join("; ")}`;
  const query = spec.query;
  if (!query) return { en: `${en}.`, "pt-br": `${pt}.` };
  const shape = theShape(query.shape);
  const side = {
    en: query.side === "left" ? "left" : "right",
    pt: query.side === "left" ? "esquerdo" : "direito",
  };
  const down = {
    en: query.heavier === "left" ? "left" : "right",
    pt: query.heavier === "left" ? "esquerda" : "direita",
  };
  return {
    en: `${en}. Then a last scale with ${shape.en} on the ${side.en} pan and the other pan empty, tipped down on the ${down.en}.`,
    "pt-br": `${pt}. Depois, uma última balança com ${shape["pt-br"]} no prato ${side.pt} e o outro prato vazio, inclinada para a ${down.pt}.`,
  };
}

const countWords: Record<number, { en: string; pt: string }> = {
  3: { en: "Three", pt: "Três" },
  4: { en: "Four", pt: "Quatro" },
  5: { en: "Five", pt: "Cinco" },
  6: { en: "Six", pt: "Seis" },
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
  heavier: Scale["heavier"],
  x: number,
  y: number,
): string {
  const cx = x + cellWidth / 2;
  const pivotY = y + 52;
  const beam = 112;
  const tilt = heavier === "left" ? -0.2 : heavier === "right" ? 0.2 : 0;
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
  const cells: [string | null, string | null, Scale["heavier"]][] = spec.scales.map((sc) => [
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
  cross: { en: "A cross", "pt-br": "Uma cruz" },
};

function design(radicals: ScalesRadicals): Design {
  return {
    "scales:base": 1,
    // A "complete" item has one scale more than an end or a second with as many options to choose from.
    "scales:premise": radicals.shapes - 4 + (radicals.ask === "complete" ? 1 : 0),
    "scales:second": radicals.ask === "second" ? 1 : 0,
    "scales:complete": radicals.ask === "complete" ? 1 : 0,
    "scales:scrambled": radicals.layout === "scrambled" ? 1 : 0,
    "scales:level": radicals.balance === "level" ? 1 : 0,
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
    balance: ["none", "level"],
  },
  incidentals: [
    "which shapes, and their hidden order",
    "level: which two neighbours in the order weigh the same (below the asked rank)",
    "heaviest or lightest (second heaviest or second lightest)",
    "scrambled: which comparisons form the tree, their order and the side of the heavier pan",
    "which three other shapes are offered",
    "complete: the shape on the last scale, the way it tips (the key heavier or lighter), its pan",
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
