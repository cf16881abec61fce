/**
 * The pool's cube-net model (issue 28): all eleven nets of the cube, each in any of its
 * eight orientations, six of seven symbols that look the same however a face is turned.
 * The radical is how far apart in the flat net the three faces lie that meet at the corner
 * the key shows: the steps along the net between each pair of them, summed (4: two pairs
 * share an edge in the net and the third is one corner away; 10: faces at the far ends of
 * the net must be brought together). Options (2x2 design, as in bank v2): a possible view,
 * the same three faces in mirrored order, and two views that show two faces that are
 * opposite on the cube.
 */
import type { ItemDraft } from "../model.ts";
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { type CubeView, isValidNet, type NetFace, type SymbolName, validViews } from "./cube.ts";
import {
  cubeFeatures,
  cubeOptionAlt,
  impossibleViews,
  renderCubeOption,
  renderNetQuestion,
} from "./cube-net.ts";
import { type Cell, flipX, rotate, size } from "./polyomino.ts";
import type { NetSpec } from "./types.ts";

/** The eleven nets of the cube (every hexomino that folds into one), up to turning and flipping. */
export const cubeNets: Cell[][] = [
  [
    [1, 0],
    [1, 1],
    [1, 2],
    [0, 3],
    [1, 3],
    [2, 3],
  ],
  [
    [1, 0],
    [1, 1],
    [0, 2],
    [1, 2],
    [1, 3],
    [2, 3],
  ],
  [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [1, 3],
    [2, 3],
  ],
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [1, 2],
    [1, 3],
    [2, 3],
  ],
  [
    [1, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [1, 2],
    [1, 3],
  ],
  [
    [1, 0],
    [1, 1],
    [2, 1],
    [0, 2],
    [1, 2],
    [1, 3],
  ],
  [
    [2, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [2, 2],
    [3, 2],
  ],
  [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [2, 2],
    [2, 3],
  ],
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [1, 2],
    [2, 2],
    [2, 3],
  ],
  [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 2],
    [1, 3],
    [1, 4],
  ],
  [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 2],
    [2, 2],
    [2, 3],
  ],
];

export interface CubeRadicals extends Record<string, number | string> {
  /** Steps along the net between the three shown faces, pair by pair, summed. */
  distance: 4 | 6 | 8 | 10;
}

export const symbols: SymbolName[] = [
  "dot",
  "ring",
  "bullseye",
  "square",
  "frame",
  "fourDots",
  "fiveDots",
];

/** Steps from one square of the net to another, moving across shared edges. */
export function netSteps(faces: readonly NetFace[], from: SymbolName, to: SymbolName): number {
  const start = faces.find((f) => f.symbol === from) as NetFace;
  const steps = new Map<NetFace, number>([[start, 0]]);
  const queue = [start];
  while (queue.length > 0) {
    const f = queue.shift() as NetFace;
    for (const g of faces)
      if (!steps.has(g) && Math.abs(g.x - f.x) + Math.abs(g.y - f.y) === 1) {
        steps.set(g, (steps.get(f) as number) + 1);
        queue.push(g);
      }
  }
  return steps.get(faces.find((f) => f.symbol === to) as NetFace) ?? 99;
}

export function viewDistance(faces: readonly NetFace[], v: CubeView): number {
  return (
    netSteps(faces, v.top, v.left) +
    netSteps(faces, v.top, v.right) +
    netSteps(faces, v.left, v.right)
  );
}

/** The distances a net allows (the same in every orientation and with any symbols), cached. */
const distanceCache = new Map<number, Set<number>>();
export function distancesOf(index: number): Set<number> {
  const cached = distanceCache.get(index);
  if (cached) return cached;
  const faces = (cubeNets[index] as Cell[]).map(([x, y], i) => ({
    x,
    y,
    symbol: symbols[i] as SymbolName,
  }));
  const found = new Set(validViews(faces).map((v) => viewDistance(faces, v)));
  distanceCache.set(index, found);
  return found;
}

function cubeItem(r: CubeRadicals, rng: Rng): ItemDraft<NetSpec, CubeView> | null {
  const chosen = rng.pick(symbols.map((_, i) => i)) as number;
  const six = rng.shuffle(symbols.filter((_, i) => i !== chosen));
  const nets = cubeNets.filter((_, i) => distancesOf(i).has(r.distance));
  for (const base of rng.shuffle(nets).slice(0, 2)) {
    // A random orientation of the net, kept at least as wide as tall.
    const turned = rng
      .shuffle([0, 1, 2, 3].flatMap((t) => [rotate(base, t), rotate(flipX(base), t)]))
      .find((cells) => size(cells).width >= size(cells).height) as Cell[];
    const faces: NetFace[] = turned.map(([x, y], i) => ({ x, y, symbol: six[i] as SymbolName }));
    if (!isValidNet(faces)) return null;
    const views = validViews(faces).filter((v) => viewDistance(faces, v) === r.distance);
    if (views.length === 0) continue;
    const answer = rng.pick(views);
    const distractors = impossibleViews(rng, faces, answer);
    const possible = new Set(validViews(faces).map((v) => JSON.stringify(v)));
    if (distractors.some((d) => possible.has(JSON.stringify(d)))) return null;
    return {
      code: "re-cube",
      family: "cube-net",
      spec: { faces },
      answer,
      distractors,
      title: {
        en: "Which cube can be made from this net?",
        "pt-br": "Qual cubo pode ser montado com esta planificação?",
      },
      alt: netAlt(faces),
    };
  }
  return null;
}

export const symbolWords: Record<SymbolName, { en: string; pt: string }> = {
  dot: { en: "a dot", pt: "um ponto" },
  ring: { en: "a ring", pt: "um anel" },
  bullseye: { en: "a ring with a dot", pt: "um anel com um ponto" },
  square: { en: "a filled square", pt: "um quadrado cheio" },
  frame: { en: "an empty square", pt: "um quadrado vazio" },
  fourDots: { en: "four small dots", pt: "quatro pontinhos" },
  fiveDots: { en: "five small dots", pt: "cinco pontinhos" },
};

/** The net square by square, with where each square is (row and column), for a screen reader. */
function netAlt(faces: readonly NetFace[]) {
  const reading = [...faces].sort((a, b) => a.y - b.y || a.x - b.x);
  const en = reading.map((f) => `row ${f.y + 1}, column ${f.x + 1}: ${symbolWords[f.symbol].en}`);
  const pt = reading.map(
    (f) => `fileira ${f.y + 1}, coluna ${f.x + 1}: ${symbolWords[f.symbol].pt}`,
  );
  return {
    en: `A net of six squares that folds into a cube, each square with a symbol; ${en.join("; ")}.`,
    "pt-br": `Uma planificação de seis quadrados que forma um cubo, cada quadrado com um símbolo; ${pt.join("; ")}.`,
  };
}

export const cubeModel: ItemModel<CubeRadicals, NetSpec, CubeView> = {
  id: "re-cube",
  category: "RE",
  summary:
    "Which cube can be folded from the net? The others show the right faces in mirrored order or two faces that are opposite on the cube; the faces to bring together lie near or far apart in the net.",
  radicals: { distance: [4, 6, 8, 10] },
  incidentals: [
    "which of the eleven nets (those that allow the distance), and its orientation (eight)",
    "which six of seven symbols, and where",
    "which possible view of the cube is the key, and which mistakes the distractors make",
  ],
  design: (r) => ({ "task:cube": 1, "cube:net-distance": (r.distance - 4) / 2 }),
  generate: cubeItem,
  renderQuestion: (draft) => renderNetQuestion(draft.spec),
  renderOption: (_draft, option) => renderCubeOption(option),
  optionAlt: (_draft, option) => cubeOptionAlt(option),
  optionFeatures: (_draft, option) => cubeFeatures(option),
  // The net shows every symbol once; an option shows three of them: comparing which
  // faces can meet is the rule itself, and no option shows a symbol the net lacks.
  questionPanels: () => [],
};
