/**
 * The pool's paper-folding model (issue 28): a square sheet folded one to three times
 * along grid lines, then punched through every layer. A fold may halve the paper or fold a
 * narrower flap over (then only part of the paper has two layers, and a hole punched
 * outside the flap stays single). Options (2x2 design): the unfolded sheet, the sheet
 * unfolded with one fold's reflection wrong (the crease moved by one square or turned the
 * other way), and both with one extra hole or one hole missing (the same hole for both,
 * so that no position splits the options three to one), extra or missing half and half so
 * that the key has the most holes as often as the fewest.
 */
import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { ItemModel } from "../pool/item-model.ts";
import type { Rng } from "../rng.ts";
import { n, palette, panel, svgDocument, text } from "../svg.ts";
import { curvedArrow, dashedLine, stepArrow } from "./draw.ts";
import type { SheetOption } from "./types.ts";
import { cellsByRow, countWord } from "./words.ts";

export interface FoldLine {
  /** A vertical crease (at x = `at`) or a horizontal one (at y = `at`), on grid lines. */
  axis: "vertical" | "horizontal";
  at: number;
  /** Which side folds over: the low side (left, top) or the high side (right, bottom). */
  flap: "low" | "high";
}

export interface FoldLinesSpec {
  size: number;
  folds: FoldLine[];
  /** Holes punched through the folded paper, as positions y * size + x on the sheet. */
  punched: number[];
}

export interface FoldRadicals extends Record<string, number | string> {
  folds: 1 | 2 | 3;
  holes: 1 | 2 | 3;
  /** Every fold halves the paper, or one folds a narrower flap over (layers differ). */
  lines: "halves" | "uneven";
}

interface Region {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const sorted = (holes: Iterable<number>) => [...new Set(holes)].sort((a, b) => a - b);

/** The paper left after a fold: the side that stayed. */
function afterFold(r: Region, f: FoldLine): Region {
  if (f.axis === "vertical") return f.flap === "low" ? { ...r, x0: f.at } : { ...r, x1: f.at };
  return f.flap === "low" ? { ...r, y0: f.at } : { ...r, y1: f.at };
}

export function regionsOf(size: number, folds: readonly FoldLine[]): Region[] {
  const out: Region[] = [{ x0: 0, x1: size, y0: 0, y1: size }];
  for (const f of folds) out.push(afterFold(out[out.length - 1] as Region, f));
  return out;
}

const inside = (r: Region, x: number, y: number) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;

/** The reflection of a square across a crease (as a function of the square's x, y). */
type Mirror = (x: number, y: number) => [number, number];
const creaseMirror = (f: FoldLine): Mirror =>
  f.axis === "vertical" ? (x, y) => [2 * f.at - 1 - x, y] : (x, y) => [x, 2 * f.at - 1 - y];

/**
 * The holes once the paper is opened, last fold first: a hole under a flap gets its
 * reflection on the flap. `wrong` replaces one fold's reflection (a distractor).
 */
function unfold(spec: FoldLinesSpec, wrong?: { fold: number; mirror: Mirror }): number[] | null {
  const { size } = spec;
  const regions = regionsOf(size, spec.folds);
  let holes = spec.punched.map((i) => [i % size, Math.floor(i / size)] as [number, number]);
  for (let k = spec.folds.length - 1; k >= 0; k--) {
    const before = regions[k] as Region;
    const fold = spec.folds[k] as FoldLine;
    const right = creaseMirror(fold);
    const next = [...holes];
    for (const [x, y] of holes) {
      const [rx, ry] = right(x, y);
      if (!inside(before, rx, ry)) continue; // no flap over this square
      const [wx, wy] = wrong?.fold === k ? wrong.mirror(x, y) : [rx, ry];
      if (!inside(before, wx, wy)) return null;
      next.push([wx, wy]);
    }
    holes = next;
  }
  const out = holes.map(([x, y]) => y * size + x);
  return new Set(out).size === out.length ? sorted(out) : null;
}

/** The crease's flap lengths allowed on paper `length` long. */
function flapLengths(length: number, halves: boolean): number[] {
  if (halves) return length % 2 === 0 ? [length / 2] : [];
  return Array.from({ length: Math.ceil(length / 2) - 1 }, (_, i) => i + 1);
}

function chooseFolds(rng: Rng, r: FoldRadicals, size: number): FoldLine[] | null {
  const uneven = r.lines === "uneven" ? rng.int(0, r.folds - 1) : -1;
  const folds: FoldLine[] = [];
  let region: Region = { x0: 0, x1: size, y0: 0, y1: size };
  for (let k = 0; k < r.folds; k++) {
    const candidates: FoldLine[] = [];
    for (const axis of ["vertical", "horizontal"] as const) {
      const [lo, hi] = axis === "vertical" ? [region.x0, region.x1] : [region.y0, region.y1];
      for (const d of flapLengths(hi - lo, k !== uneven)) {
        candidates.push({ axis, at: lo + d, flap: "low" }, { axis, at: hi - d, flap: "high" });
      }
    }
    // Turn the paper between folds when it can: two creases the same way read as a strip.
    const last = folds[folds.length - 1];
    const turned = candidates.filter((c) => c.axis !== last?.axis);
    const pool = turned.length > 0 && rng.next() < 0.8 ? turned : candidates;
    if (pool.length === 0) return null;
    const fold = rng.pick(pool);
    folds.push(fold);
    region = afterFold(region, fold);
  }
  return folds;
}

/**
 * The fold that makes the key symmetric, if any: the first crease on a midline of the
 * sheet with only creases the other way before it. Unfolding it mirrors the holes across
 * that midline, and unfolding the earlier creases (the other way) keeps them so.
 */
export function symmetricFold(folds: readonly FoldLine[], size: number): number {
  return folds.findIndex(
    (f, i) => f.at * 2 === size && folds.slice(0, i).every((g) => g.axis !== f.axis),
  );
}

/**
 * The wrong reflections of the folds, in the order to try: the crease one square off, or
 * turned the other way through the middle of the paper. When a fold makes the key
 * symmetric, every other fold may go wrong and the wrong sheet is still mirrored across
 * the same midline: a later fold goes wrong before that midline is unfolded, and an earlier
 * one runs the other way (a crease moved along the midline's axis keeps the sheet's two
 * halves mirror images). Otherwise the crease moves (never onto a midline of the sheet),
 * turned creases last: a sheet built symmetric by accident would stand out.
 */
function wrongMirrors(
  folds: readonly FoldLine[],
  regions: readonly Region[],
  size: number,
  symmetric: number,
  rng: Rng,
): { fold: number; mirror: Mirror }[] {
  const shiftedOut: { fold: number; mirror: Mirror }[] = [];
  const turnedOut: { fold: number; mirror: Mirror }[] = [];
  for (const k of rng.shuffle(folds.map((_, i) => i).filter((i) => i !== symmetric))) {
    const f = folds[k] as FoldLine;
    const before = regions[k] as Region;
    // A crease the other way: through the middle of the paper when the key is symmetric
    // anyway, else through a line next to the middle that is no midline of the sheet.
    const [lo, hi] = f.axis === "vertical" ? [before.y0, before.y1] : [before.x0, before.x1];
    const middle = (lo + hi) / 2;
    const lines =
      symmetric >= 0
        ? [middle]
        : [
            Math.floor(middle),
            Math.ceil(middle),
            Math.floor(middle) - 1,
            Math.ceil(middle) + 1,
          ].filter((c, i, all) => all.indexOf(c) === i && c > lo && c < hi && c * 2 !== size);
    for (const s of rng.shuffle([-1, 1]))
      if (symmetric >= 0 || (f.at + s) * 2 !== size)
        shiftedOut.push({ fold: k, mirror: creaseMirror({ ...f, at: f.at + s }) });
    for (const c of rng.shuffle(lines))
      turnedOut.push({
        fold: k,
        mirror: f.axis === "vertical" ? (x, y) => [x, 2 * c - 1 - y] : (x, y) => [2 * c - 1 - x, y],
      });
  }
  return symmetric >= 0
    ? rng.shuffle([...shiftedOut, ...turnedOut])
    : [...shiftedOut, ...turnedOut];
}

/** How many layers the folded paper has on each of its squares (after every fold). */
function finalLayers(spec: { size: number; folds: FoldLine[] }): Map<number, number> {
  const regions = regionsOf(spec.size, spec.folds);
  const count = new Map<number, number>();
  for (let y = 0; y < spec.size; y++)
    for (let x = 0; x < spec.size; x++) {
      let p: [number, number] = [x, y];
      spec.folds.forEach((f, j) => {
        if (!inside(regions[j + 1] as Region, p[0], p[1])) p = creaseMirror(f)(p[0], p[1]);
      });
      const i = p[1] * spec.size + p[0];
      count.set(i, (count.get(i) ?? 0) + 1);
    }
  return count;
}

function foldItem(r: FoldRadicals, rng: Rng): ItemDraft<FoldLinesSpec, SheetOption> | null {
  const size = r.folds === 3 ? 8 : 6;
  const folds = chooseFolds(rng, r, size);
  if (!folds) return null;
  const regions = regionsOf(size, folds);
  const last = regions[regions.length - 1] as Region;
  const cells: number[] = [];
  for (let y = last.y0; y < last.y1; y++)
    for (let x = last.x0; x < last.x1; x++) cells.push(y * size + x);
  if (cells.length < r.holes + 1) return null;
  // The first hole goes through every layer, so that each fold has a hole to mirror; the
  // others anywhere on the folded paper (under one layer only, perhaps).
  const layered = finalLayers({ size, folds });
  const most = Math.max(...layered.values());
  const first = rng.pick(cells.filter((i) => layered.get(i) === most));
  const rest = rng.shuffle(cells.filter((i) => i !== first)).slice(0, r.holes - 1);
  const spec: FoldLinesSpec = { size, folds, punched: sorted([first, ...rest]) };
  const answer = unfold(spec);
  if (!answer) return null;
  // When a crease lies on a midline of the sheet with only creases the other way before it
  // (symmetricFold), the key mirrors itself across that midline. The wrong sheet is built to mirror itself across it too
  // (another fold unfolded wrongly; with one fold, one pair of the key's holes flipped
  // across the other midline, as if that hole were punched upside down), and the holes
  // added or lost come as a pair mirrored across it: all four sheets are then symmetric,
  // and "pick a symmetric sheet" tells nothing. Otherwise no sheet is built symmetric, and
  // one hole is added or lost.
  const symmetric = symmetricFold(folds, size);
  const midline = symmetric >= 0 ? creaseMirror(folds[symmetric] as FoldLine) : null;
  const flip = (i: number, m: Mirror) => {
    const [mx, my] = m(i % size, Math.floor(i / size));
    return my * size + mx;
  };
  const partner = (i: number) => (midline ? flip(i, midline) : i);
  let wrong: number[] | null = null;
  if (symmetric === 0 && folds.length === 1) {
    // No other fold to unfold wrongly: one pair of holes flipped across the other midline
    // (with one hole, the key's pattern flipped). The other pairs stay where the key has
    // them, so that the second pair of options can lose a pair the key and this sheet share.
    const axis = (folds[0] as FoldLine).axis;
    const other: Mirror =
      axis === "vertical" ? (x, y) => [x, size - 1 - y] : (x, y) => [size - 1 - x, y];
    const movable = answer.filter((i) => !answer.includes(flip(i, other)));
    if (movable.length > 0) {
      const x = rng.pick(movable);
      const moved = new Set([x, partner(x)]);
      wrong = sorted([
        ...answer.filter((i) => !moved.has(i)),
        ...[...moved].map((i) => flip(i, other)),
      ]);
    }
  } else
    for (const w of wrongMirrors(folds, regions, size, symmetric, rng)) {
      const holes = unfold(spec, w);
      if (
        holes &&
        holes.length === answer.length &&
        holes.join() !== answer.join() &&
        (symmetric >= 0 || !symmetricSheet(holes, size))
      ) {
        wrong = holes;
        break;
      }
    }
  if (!wrong) return null;
  const w = wrong;
  const all = Array.from({ length: size * size }, (_, i) => i);
  const shared = all.filter((i) => answer.includes(i) && w.includes(i));
  const free = all.filter((i) => !answer.includes(i) && !w.includes(i));
  const pair = (i: number) => new Set([i, partner(i)]);
  const losses = shared.filter((i) => shared.includes(partner(i))).map(pair);
  const gains = free.filter((i) => free.includes(partner(i))).map(pair);
  // The second pair of options toggles the same squares of the key and of the wrong sheet
  // (so that every square has a hole in two options, or none, or all four). It loses a
  // hole (pair) the two share or adds one neither has, half and half: the key then has the
  // most holes as often as the fewest. They always share the punched holes (and their
  // pairs), except when the key is one pair (one hole, one fold that halves the sheet):
  // there the key's pair moves to a free place (the wrong sheet gets both), as losing it
  // would leave a blank sheet; the key then ties with two others for the fewest holes.
  let toggles: Set<number>[];
  if (losses.length > 0) toggles = rng.next() < 0.5 ? losses : gains;
  else if (answer.length === 2) toggles = gains.map((g) => new Set([...answer, ...g]));
  else return null;
  const change = (holes: readonly number[], c: Set<number>) =>
    all.filter((i) => holes.includes(i) !== c.has(i));
  // Without a symmetric key, no sheet is built symmetric (it would stand out).
  if (symmetric < 0)
    toggles = toggles.filter(
      (c) => !symmetricSheet(change(answer, c), size) && !symmetricSheet(change(w, c), size),
    );
  if (toggles.length === 0) return null;
  const c = rng.pick(toggles);
  return {
    code: "re-fold",
    family: "paper-fold-lines",
    spec,
    answer: { holes: answer },
    distractors: [{ holes: w }, { holes: change(answer, c) }, { holes: change(w, c) }],
    title: {
      en: "Which option shows the sheet unfolded?",
      "pt-br": "Qual opção mostra a folha desdobrada?",
    },
    alt: questionAlt(spec),
  };
}

// ---------------------------------------------------------------- words

function foldWords(f: FoldLine, before: Region): { en: string; pt: string } {
  const vertical = f.axis === "vertical";
  const [lo, hi] = vertical ? [before.x0, before.x1] : [before.y0, before.y1];
  const d = f.flap === "low" ? f.at - lo : hi - f.at;
  const half = d * 2 === hi - lo;
  const sideEn = vertical
    ? f.flap === "low"
      ? "left"
      : "right"
    : f.flap === "low"
      ? "top"
      : "bottom";
  const sidePt = vertical
    ? f.flap === "low"
      ? "esquerda"
      : "direita"
    : f.flap === "low"
      ? "de cima"
      : "de baixo";
  if (half)
    return {
      en: `the ${sideEn} half over the other`,
      pt: `a metade ${sidePt} sobre a outra`,
    };
  const unitEn = vertical ? "column" : "row";
  const unitPt = vertical ? "coluna" : "fileira";
  const ptCount = d === 1 ? "a" : d === 2 ? "as duas" : `as ${countWord(d, "pt-br")}`;
  return {
    en: `the ${d === 1 ? "" : `${countWord(d, "en")} `}${sideEn} ${unitEn}${d === 1 ? "" : "s"} over the rest`,
    pt: `${ptCount} ${unitPt}${d === 1 ? "" : "s"} ${vertical ? "da" : ""} ${sidePt} sobre o resto`
      .replace("  ", " ")
      .replace("da de", "de"),
  };
}

function questionAlt(spec: FoldLinesSpec): LocalizedText {
  const regions = regionsOf(spec.size, spec.folds);
  const steps = spec.folds.map((f, k) => foldWords(f, regions[k] as Region));
  const ordinalsEn = ["first", "then", "then"];
  const ordinalsPt = ["primeiro", "depois", "depois"];
  const one = steps.length === 1;
  const en = one
    ? `along the dashed line, ${steps[0]?.en}`
    : `along the dashed lines: ${steps.map((s, k) => `${ordinalsEn[k]} ${s.en}`).join(", ")}`;
  const pt = one
    ? `na linha tracejada, ${steps[0]?.pt}`
    : `nas linhas tracejadas: ${steps.map((s, k) => `${ordinalsPt[k]} ${s.pt}`).join(", ")}`;
  const count = spec.punched.length;
  const timesEn = ["once", "twice", "three times"][spec.folds.length - 1];
  const timesPt = ["uma vez", "duas vezes", "três vezes"][spec.folds.length - 1];
  return {
    en: `A square sheet of ${spec.size} by ${spec.size} squares is folded ${timesEn} ${en}. ${count === 1 ? "One hole is" : `${countWord(count, "en")[0]?.toUpperCase()}${countWord(count, "en").slice(1)} holes are`} punched through all the layers.`,
    "pt-br": `Uma folha quadrada de ${spec.size} por ${spec.size} quadradinhos é dobrada ${timesPt} ${pt}. ${count === 1 ? "Um furo atravessa" : `${count === 2 ? "Dois" : "Três"} furos atravessam`} todas as camadas.`,
  };
}

/**
 * The worked explanation (issue 29.2, the answer review): the folds undone from the last,
 * each hole appearing again mirrored across each line, and how many layers each punch went
 * through, which is how many holes it leaves.
 */
export function explainFold(spec: FoldLinesSpec, answer: SheetOption): LocalizedText {
  const regions = regionsOf(spec.size, spec.folds);
  const steps = spec.folds.map((f, k) => foldWords(f, regions[k] as Region));
  const layers = finalLayers(spec);
  const throughs = spec.punched.map((p) => layers.get(p) ?? 1);
  const total = throughs.reduce((sum, n) => sum + n, 0);
  if (total !== answer.holes.length)
    throw new Error("re-fold: the layers punched do not add up to the key's holes");
  const last = steps.at(-1) as { en: string; pt: string };
  const reverse =
    steps.length === 1
      ? {
          en: `Undo the fold (${last.en}): every hole appears again, mirrored across the dashed line.`,
          "pt-br": `Desfaça a dobra (${last.pt}): cada furo aparece de novo, espelhado na linha tracejada.`,
        }
      : {
          en: `Undo the folds from the last one (${last.en}) back to the first: each time, every hole in the folded part appears again, mirrored across that fold's line.`,
          "pt-br": `Desfaça as dobras da última (${last.pt}) até a primeira: a cada vez, cada furo da parte dobrada aparece de novo, espelhado na linha daquela dobra.`,
        };
  const count = spec.punched.length;
  const same = throughs.every((n) => n === throughs[0]);
  const layersEn = (n: number) => `${countWord(n, "en")} ${n === 1 ? "layer" : "layers"}`;
  const layersPt = (n: number) =>
    `${n === 1 ? "uma" : n === 2 ? "duas" : countWord(n, "pt-br")} ${n === 1 ? "camada" : "camadas"}`;
  const series = (items: string[], and: string) =>
    `${items.slice(0, -1).join(", ")}${and}${items.at(-1)}`;
  const went = {
    en:
      count === 1
        ? `the punch went through ${layersEn(throughs[0] ?? 1)}`
        : same
          ? `each of the ${countWord(count, "en")} punches went through ${layersEn(throughs[0] ?? 1)}`
          : `the punches went through ${series(throughs.map(layersEn), " and ")}`,
    pt:
      count === 1
        ? `o furo passou por ${layersPt(throughs[0] ?? 1)}`
        : same
          ? `cada um dos ${countWord(count, "pt-br")} furos passou por ${layersPt(throughs[0] ?? 1)}`
          : `os furos passaram por ${series(throughs.map(layersPt), " e ")}`,
  };
  return {
    en: `${reverse.en} A punch makes a hole in every layer it goes through: ${went.en}, so the open sheet has ${countWord(total, "en")} ${total === 1 ? "hole" : "holes"}, placed as in the right option.`,
    "pt-br": `${reverse["pt-br"]} Cada furo atravessa todas as camadas por onde passa: ${went.pt}, então a folha aberta tem ${countWord(total, "pt-br")} ${total === 1 ? "furo" : "furos"}, na posição da alternativa certa.`,
  };
}

function sheetAlt(spec: FoldLinesSpec, option: SheetOption): LocalizedText {
  const count = option.holes.length;
  const where = cellsByRow(option.holes.map((i) => [i % spec.size, Math.floor(i / spec.size)]));
  return count === 1
    ? {
        en: `A sheet with one hole; ${where.en}`,
        "pt-br": `Uma folha com um furo; ${where["pt-br"]}`,
      }
    : {
        en: `A sheet with ${countWord(count, "en")} holes; ${where.en}`,
        "pt-br": `Uma folha com ${countWord(count, "pt-br")} furos; ${where["pt-br"]}`,
      };
}

/** True when the holes are their own mirror image across a midline of the sheet. */
function symmetricSheet(holes: readonly number[], size: number): boolean {
  const set = new Set(holes);
  const across = (map: (x: number, y: number) => number) =>
    holes.every((i) => set.has(map(i % size, Math.floor(i / size))));
  return across((x, y) => y * size + (size - 1 - x)) || across((x, y) => (size - 1 - y) * size + x);
}

/**
 * What a taker sees in an option: each square with or without a hole, and whether the
 * sheet looks mirror-symmetric (an unfolded sheet often is, so "the symmetric one" must
 * never single the key out: the checks see this flag like any other attribute).
 */
function sheetFeatures(spec: FoldLinesSpec, option: SheetOption): Record<string, Feature> {
  const features: Record<string, Feature> = { symmetric: symmetricSheet(option.holes, spec.size) };
  for (let i = 0; i < spec.size * spec.size; i++) features[`h${i}`] = option.holes.includes(i);
  return features;
}

// ---------------------------------------------------------------- drawing

function holeMark(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${palette.panel}" stroke="${palette.ink}" stroke-width="2"/>`;
}

function squaresPath(squares: [number, number][], sx: number, sy: number, g: number): string {
  // One rectangle per run of squares along a row, relative moves between them: short paths.
  const runs: [number, number, number][] = [];
  const sortedSquares = [...squares].sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  for (const [x, y] of sortedSquares) {
    const last = runs[runs.length - 1];
    if (last && last[1] === y && last[0] + last[2] === x) last[2]++;
    else runs.push([x, y, 1]);
  }
  let d = "";
  let at: [number, number] | null = null;
  for (const [x, y, length] of runs) {
    const px = Number(n(sx + x * g));
    const py = Number(n(sy + y * g));
    d += at ? `m${n(px - at[0])} ${n(py - at[1])}` : `M${n(px)} ${n(py)}`;
    d += `h${n(length * g)}v${n(g)}h${n(-length * g)}z`;
    at = [px, py];
  }
  return d;
}

/** Faint dots at the squares without a hole, to help place the holes. */
function dots(squares: [number, number][], sx: number, sy: number, g: number): string {
  if (squares.length === 0) return "";
  // Relative moves from dot to dot keep the path short (an 8x8 sheet has 64 dots a panel).
  let d = "";
  let at: [number, number] | null = null;
  for (const [x, y] of squares) {
    const px = Number(n(sx + (x + 0.5) * g));
    const py = Number(n(sy + (y + 0.5) * g));
    d += at ? `m${n(px - at[0])} ${n(py - at[1])}h0` : `M${n(px)} ${n(py)}h0`;
    at = [px, py];
  }
  return `<path d="${d}" stroke="${palette.muted}" stroke-width="${n(Math.max(3, g * 0.14))}" stroke-linecap="round"/>`;
}

/** How many layers of paper lie on each square of the paper after the first `k` folds. */
function layers(spec: FoldLinesSpec, k: number): Map<string, number> {
  const regions = regionsOf(spec.size, spec.folds);
  const count = new Map<string, number>();
  for (let y = 0; y < spec.size; y++)
    for (let x = 0; x < spec.size; x++) {
      let p: [number, number] = [x, y];
      for (let j = 0; j < k; j++) {
        const after = regions[j + 1] as Region;
        if (!inside(after, p[0], p[1])) p = creaseMirror(spec.folds[j] as FoldLine)(p[0], p[1]);
      }
      count.set(`${p[0]},${p[1]}`, (count.get(`${p[0]},${p[1]}`) ?? 0) + 1);
    }
  return count;
}

/** The paper after `k` folds: one shade per layer count, so thicker parts look thicker. */
function paper(spec: FoldLinesSpec, k: number, sx: number, sy: number, g: number): string {
  const r = regionsOf(spec.size, spec.folds)[k] as Region;
  let body = `<rect x="${n(sx + r.x0 * g)}" y="${n(sy + r.y0 * g)}" width="${n((r.x1 - r.x0) * g)}" height="${n((r.y1 - r.y0) * g)}" fill="${palette.fills[1]}"/>`;
  const counts = layers(spec, k);
  const levels = [...new Set(counts.values())].filter((c) => c > 1).sort((a, b) => a - b);
  for (const level of levels) {
    const squares = [...counts.entries()]
      .filter(([, c]) => c === level)
      .map(([p]) => p.split(",").map(Number) as [number, number]);
    body += `<path d="${squaresPath(squares, sx, sy, g)}" fill="${palette.fills[2]}" fill-opacity="${Math.min(0.6, 0.2 * (level - 1))}"/>`;
  }
  body += `<rect x="${n(sx + r.x0 * g)}" y="${n(sy + r.y0 * g)}" width="${n((r.x1 - r.x0) * g)}" height="${n((r.y1 - r.y0) * g)}" fill="none" stroke="${palette.ink}" stroke-width="2.5" stroke-linejoin="round"/>`;
  return body;
}

function regionSquares(r: Region): [number, number][] {
  const out: [number, number][] = [];
  for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) out.push([x, y]);
  return out;
}

function renderFoldLinesQuestion(spec: FoldLinesSpec): string {
  const steps = spec.folds.length + 1;
  const cols = steps <= 3 ? steps : 2;
  const rows = Math.ceil(steps / cols);
  const gap = 36;
  const pw = (720 - gap * (cols - 1)) / cols;
  const sheet = Math.min(260, pw - 28);
  const g = sheet / spec.size;
  const label = 30;
  const ph = label + 24 + sheet + 22;
  const regions = regionsOf(spec.size, spec.folds);
  let body = "";
  for (let s = 0; s < steps; s++) {
    const px = (s % cols) * (pw + gap);
    const py = Math.floor(s / cols) * (ph + 16);
    const sx = px + (pw - sheet) / 2;
    const sy = py + label + 24;
    body += panel(px + 2, py + 2, pw - 4, ph - 4, 14);
    body += text(px + 18, py + 6 + label / 2 + 2, String(s + 1), {
      size: label,
      weight: 700,
      fill: palette.muted,
      anchor: "start",
    });
    if (s % cols > 0) body += stepArrow(px - gap + 8, py + ph / 2, gap - 16);
    if (s > 0)
      body += `<rect x="${n(sx)}" y="${n(sy)}" width="${n(sheet)}" height="${n(sheet)}" fill="none" stroke="${palette.muted}" stroke-width="1.5" stroke-dasharray="6 6"/>`;
    body += paper(spec, s, sx, sy, g);
    const region = regions[s] as Region;
    const fold = spec.folds[s];
    if (fold) {
      body += dots(regionSquares(region), sx, sy, g);
      const flapEnd = fold.flap === "low" ? 1 : -1;
      if (fold.axis === "vertical") {
        const x = sx + fold.at * g;
        const lo = fold.flap === "low" ? region.x0 : region.x1;
        const from = sx + ((lo + fold.at) / 2) * g;
        const to = x + (x - from);
        const my = sy + ((region.y0 + region.y1) / 2) * g;
        body += dashedLine(x, sy + region.y0 * g - 8, x, sy + region.y1 * g + 8, palette.ink);
        body += curvedArrow(from, my, to, my, flapEnd * 36, palette.accent);
      } else {
        const y = sy + fold.at * g;
        const lo = fold.flap === "low" ? region.y0 : region.y1;
        const from = sy + ((lo + fold.at) / 2) * g;
        const to = y + (y - from);
        const mx = sx + ((region.x0 + region.x1) / 2) * g;
        body += dashedLine(sx + region.x0 * g - 8, y, sx + region.x1 * g + 8, y, palette.ink);
        body += curvedArrow(mx, from, mx, to, -flapEnd * 36, palette.accent);
      }
    } else {
      const punched = new Set(spec.punched);
      body += dots(
        regionSquares(region).filter(([x, y]) => !punched.has(y * spec.size + x)),
        sx,
        sy,
        g,
      );
      for (const i of spec.punched)
        body += holeMark(
          sx + ((i % spec.size) + 0.5) * g,
          sy + (Math.floor(i / spec.size) + 0.5) * g,
          g * 0.3,
        );
    }
  }
  return svgDocument(720, rows * ph + (rows - 1) * 16, body);
}

function renderFoldLinesOption(spec: FoldLinesSpec, option: SheetOption): string {
  const sheet = 196;
  const g = sheet / spec.size;
  const s0 = 22;
  const holes = new Set(option.holes);
  const all = regionSquares({ x0: 0, x1: spec.size, y0: 0, y1: spec.size });
  let body = `${panel(2, 2, 236, 236, 18)}<rect x="${s0}" y="${s0}" width="${sheet}" height="${sheet}" fill="${palette.fills[1]}" stroke="${palette.ink}" stroke-width="2.5"/>`;
  body += dots(
    all.filter(([x, y]) => !holes.has(y * spec.size + x)),
    s0,
    s0,
    g,
  );
  for (const i of option.holes)
    body += holeMark(
      s0 + ((i % spec.size) + 0.5) * g,
      s0 + (Math.floor(i / spec.size) + 0.5) * g,
      g * 0.32,
    );
  return svgDocument(240, 240, body);
}

export const foldModel: ItemModel<FoldRadicals, FoldLinesSpec, SheetOption> = {
  id: "re-fold",
  category: "RE",
  summary:
    "A sheet is folded one to three times and punched: which option shows it unfolded? The others unfold one crease the wrong way (with one fold, a pair of holes flipped), or have a hole too many or too few (with one hole through one fold that halves the sheet, moved).",
  radicals: { folds: [1, 2, 3], holes: [1, 2, 3], lines: ["halves", "uneven"] },
  incidentals: [
    "which sides fold over, and in which order (the paper turns between folds most of the time)",
    "where the holes are punched",
    "which fold is unfolded wrongly in two distractors, and how (crease shifted or turned)",
    "whether the other two distractors add a hole or lose one (half and half; with one hole through one halving fold, the key's pair moves instead)",
    "the sheet: 6 x 6 squares for one or two folds, 8 x 8 for three",
  ],
  design: (r) => ({
    "task:fold": 1,
    "fold:extra-fold": r.folds - 1,
    "fold:extra-hole": r.holes - 1,
    "fold:uneven": r.lines === "uneven" ? 1 : 0,
  }),
  generate: foldItem,
  renderQuestion: (draft) => renderFoldLinesQuestion(draft.spec),
  renderOption: (draft, option) => renderFoldLinesOption(draft.spec, option),
  optionAlt: (draft, option) => sheetAlt(draft.spec, option),
  optionFeatures: (draft, option) => sheetFeatures(draft.spec, option),
  // The folded paper shows only the punched squares; comparing them with a sheet is the rule.
  questionPanels: () => [],
  explain: (draft) => explainFold(draft.spec, draft.answer),
};
