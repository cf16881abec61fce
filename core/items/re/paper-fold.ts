import type { Feature, ItemDraft, LocalizedText } from "../model.ts";
import type { Rng } from "../rng.ts";
import { n, palette, panel, svgDocument, text } from "../svg.ts";
import { curvedArrow, dashedLine, stepArrow } from "./draw.ts";
import type { Flap, FoldSpec, ReOption, ReSpec, SheetOption } from "./types.ts";
import { cellsByRow, numbersEn, numbersPt } from "./words.ts";

/**
 * Paper folding: a 4x4 sheet folded once or twice and punched. Options (2x2 design): the
 * unfolded sheet and the sheet unfolded across a wrong axis (as mirror-symmetric as the
 * right one, so symmetry alone does not pick it), each with and without one extra or one
 * missing hole.
 */

const side = 4;
const at = (x: number, y: number) => y * side + x;
const xy = (i: number): [number, number] => [i % side, Math.floor(i / side)];
const vertical = (i: number) => {
  const [x, y] = xy(i);
  return at(side - 1 - x, y);
};
const horizontal = (i: number) => {
  const [x, y] = xy(i);
  return at(x, side - 1 - y);
};
const reflectFor = (flap: Flap) => (flap === "left" || flap === "right" ? vertical : horizontal);
const sorted = (holes: Iterable<number>) => [...new Set(holes)].sort((a, b) => a - b);

interface Region {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The part of the sheet left after folding `flap` over the other half. */
function afterFold(region: Region, flap: Flap): Region {
  const mx = (region.x0 + region.x1) / 2;
  const my = (region.y0 + region.y1) / 2;
  if (flap === "left") return { ...region, x0: mx };
  if (flap === "right") return { ...region, x1: mx };
  if (flap === "top") return { ...region, y0: my };
  return { ...region, y1: my };
}

function foldedRegion(folds: Flap[]): Region {
  return folds.reduce(afterFold, { x0: 0, x1: side, y0: 0, y1: side });
}

function positionsIn(region: Region): number[] {
  const out: number[] = [];
  for (let y = region.y0; y < region.y1; y++)
    for (let x = region.x0; x < region.x1; x++) out.push(at(x, y));
  return out;
}

const flapText: Record<Flap, { en: string; pt: string }> = {
  left: { en: "the left half over the right half", pt: "a metade esquerda sobre a direita" },
  right: { en: "the right half over the left half", pt: "a metade direita sobre a esquerda" },
  top: { en: "the top half over the bottom half", pt: "a metade de cima sobre a de baixo" },
  bottom: { en: "the bottom half over the top half", pt: "a metade de baixo sobre a de cima" },
};

const foldTitle: LocalizedText = {
  en: "Which option shows the sheet unfolded?",
  "pt-br": "Qual opção mostra a folha desdobrada?",
};

/**
 * One fold, two holes punched. Distractors (2x2 design over axis x extra hole): the holes
 * unfolded across the other midline, the one that was not folded (a wrong axis that is a
 * real fold line, so that sheet is as symmetric as the right one), and both with one
 * extra hole.
 */
export function foldOnceItem(code: string, rng: Rng): ItemDraft<ReSpec, ReOption> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const flap = rng.pick<Flap>(["left", "right", "top", "bottom"]);
    const mirror = reflectFor(flap);
    const otherAxis = mirror === vertical ? horizontal : vertical;
    const punched = sorted(rng.shuffle(positionsIn(foldedRegion([flap]))).slice(0, 2));
    const images = punched.map(mirror);
    const wrongImages = punched.map(otherAxis);
    if (new Set([...punched, ...images, ...wrongImages]).size !== 6) continue;
    const answer = sorted([...punched, ...images]);
    const wrong = sorted([...punched, ...wrongImages]);
    const free = rng.shuffle(
      Array.from({ length: 16 }, (_, i) => i).filter(
        (i) => !answer.includes(i) && !wrong.includes(i),
      ),
    );
    const extra = free[0] as number;
    return {
      code,
      family: "paper-fold",
      spec: { size: side, folds: [flap], punched },
      answer: { holes: answer },
      distractors: [
        { holes: wrong },
        { holes: sorted([...answer, extra]) },
        { holes: sorted([...wrong, extra]) },
      ],
      title: foldTitle,
      alt: {
        en: `A square sheet is folded in half along the dashed line, ${flapText[flap].en}, and two holes are punched through both layers.`,
        "pt-br": `Uma folha quadrada é dobrada ao meio na linha tracejada, com ${flapText[flap].pt}, e dois furos atravessam as duas camadas.`,
      },
    };
  }
  throw new Error(`${code}: no fold item`);
}

/**
 * Two folds, one hole. Both midlines are creases here, and any reflection across them
 * keeps the holes inside the right pattern, so the wrong axis is a line parallel to the
 * last crease through the middle of the folded square: the hole mirrored there, then
 * unfolded properly, gives four holes as symmetric as the right ones (the right rows,
 * the wrong columns, or the other way round). 2x2 design: axis x one hole missing.
 */
export function foldTwiceItem(code: string, rng: Rng): ItemDraft<ReSpec, ReOption> {
  const first = rng.pick<Flap>(["left", "right", "top", "bottom"]);
  const second =
    first === "left" || first === "right"
      ? rng.pick<Flap>(["top", "bottom"])
      : rng.pick<Flap>(["left", "right"]);
  const folds = [first, second];
  const quarter = foldedRegion(folds);
  const hole = rng.pick(positionsIn(quarter));
  const [x, y] = xy(hole);
  const misplaced =
    second === "left" || second === "right"
      ? at(quarter.x0 + quarter.x1 - 1 - x, y)
      : at(x, quarter.y0 + quarter.y1 - 1 - y);
  // The same unfolded image of the hole goes missing from both patterns.
  const image = rng.pick([vertical, horizontal, (i: number) => vertical(horizontal(i))]);
  const unfold = (i: number) => sorted([i, vertical(i), horizontal(i), vertical(horizontal(i))]);
  const answer = unfold(hole);
  const wrong = unfold(misplaced);
  const without = (holes: number[], missing: number) => holes.filter((i) => i !== missing);
  const [a, b] = folds.map((f) => flapText[f]) as [
    (typeof flapText)[Flap],
    (typeof flapText)[Flap],
  ];
  return {
    code,
    family: "paper-fold",
    spec: { size: side, folds, punched: [hole] },
    answer: { holes: answer },
    distractors: [
      { holes: wrong },
      { holes: without(answer, image(hole)) },
      { holes: without(wrong, image(misplaced)) },
    ],
    title: foldTitle,
    alt: {
      en: `A square sheet is folded in half twice along the dashed lines: first ${a.en}, then ${b.en}. One hole is punched through all the layers.`,
      "pt-br": `Uma folha quadrada é dobrada ao meio duas vezes nas linhas tracejadas: primeiro ${a.pt}, depois ${b.pt}. Um furo atravessa todas as camadas.`,
    },
  };
}

function hole(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${palette.panel}" stroke="${palette.ink}" stroke-width="2.5"/>`;
}

/** Faint marks at the positions of the region that have no hole, to help place the holes. */
function marks(sx: number, sy: number, g: number, positions: number[]): string {
  if (positions.length === 0) return "";
  const d = positions
    .map((i) => {
      const [x, y] = xy(i);
      return `M${n(sx + (x + 0.5) * g)} ${n(sy + (y + 0.5) * g)}h0`;
    })
    .join("");
  return `<path d="${d}" stroke="${palette.muted}" stroke-width="6" stroke-linecap="round"/>`;
}

function paper(sx: number, sy: number, g: number, r: Region): string {
  return `<rect x="${n(sx + r.x0 * g)}" y="${n(sy + r.y0 * g)}" width="${n((r.x1 - r.x0) * g)}" height="${n((r.y1 - r.y0) * g)}" fill="${palette.fills[1]}" stroke="${palette.ink}" stroke-width="2.5" stroke-linejoin="round"/>`;
}

function ghost(sx: number, sy: number, g: number): string {
  return `<rect x="${n(sx)}" y="${n(sy)}" width="${n(side * g)}" height="${n(side * g)}" fill="none" stroke="${palette.muted}" stroke-width="1.5" stroke-dasharray="6 6"/>`;
}

export function renderFoldQuestion(spec: FoldSpec): string {
  const steps = spec.folds.length + 1;
  const gap = 36;
  const pw = (720 - gap * (steps - 1)) / steps;
  const sheet = Math.min(232, pw - 28);
  const g = sheet / side;
  // Step numbers 30 units high: 13 px on a 320 px screen, in a band above the sheets.
  const label = 30;
  const sy = label + 24;
  const ph = sy + sheet + 22;
  let body = "";
  let region: Region = { x0: 0, x1: side, y0: 0, y1: side };
  for (let s = 0; s < steps; s++) {
    const px = s * (pw + gap);
    const sx = px + (pw - sheet) / 2;
    body += panel(px + 2, 2, pw - 4, ph - 4, 14);
    body += text(px + 18, 6 + label / 2 + 2, String(s + 1), {
      size: label,
      weight: 700,
      fill: palette.muted,
      anchor: "start",
    });
    if (s > 0) body += stepArrow(px - gap + 8, ph / 2, gap - 16);
    if (s > 0) body += ghost(sx, sy, g);
    body += paper(sx, sy, g, region);
    const flap = spec.folds[s];
    if (flap) {
      body += marks(sx, sy, g, positionsIn(region));
      const mx = sx + ((region.x0 + region.x1) / 2) * g;
      const my = sy + ((region.y0 + region.y1) / 2) * g;
      const qx = ((region.x1 - region.x0) / 4) * g;
      const qy = ((region.y1 - region.y0) / 4) * g;
      if (flap === "left" || flap === "right") {
        const dir = flap === "left" ? 1 : -1;
        body += dashedLine(mx, sy + region.y0 * g - 8, mx, sy + region.y1 * g + 8, palette.ink);
        body += curvedArrow(mx - dir * qx, my, mx + dir * qx, my, dir * 40, palette.accent);
      } else {
        const dir = flap === "top" ? 1 : -1;
        body += dashedLine(sx + region.x0 * g - 8, my, sx + region.x1 * g + 8, my, palette.ink);
        body += curvedArrow(mx, my - dir * qy, mx, my + dir * qy, -dir * 40, palette.accent);
      }
      region = afterFold(region, flap);
    } else {
      body += marks(
        sx,
        sy,
        g,
        positionsIn(region).filter((i) => !spec.punched.includes(i)),
      );
      for (const i of spec.punched) {
        const [x, y] = xy(i);
        body += hole(sx + (x + 0.5) * g, sy + (y + 0.5) * g, g * 0.26);
      }
    }
  }
  return svgDocument(720, ph, body);
}

export function renderSheetOption(option: SheetOption): string {
  const sheet = 176;
  const g = sheet / side;
  const s0 = 32;
  let body = panel(2, 2, 236, 236, 18) + paper(s0, s0, g, { x0: 0, x1: side, y0: 0, y1: side });
  body += marks(
    s0,
    s0,
    g,
    Array.from({ length: 16 }, (_, i) => i).filter((i) => !option.holes.includes(i)),
  );
  for (const i of option.holes) {
    const [x, y] = xy(i);
    body += hole(s0 + (x + 0.5) * g, s0 + (y + 0.5) * g, g * 0.27);
  }
  return svgDocument(240, 240, body);
}

export function sheetOptionAlt(option: SheetOption): LocalizedText {
  const count = option.holes.length;
  const where = cellsByRow(option.holes.map(xy));
  return count === 1
    ? {
        en: `A sheet with one hole; ${where.en}`,
        "pt-br": `Uma folha com um furo; ${where["pt-br"]}`,
      }
    : {
        en: `A sheet with ${numbersEn[count]} holes; ${where.en}`,
        "pt-br": `Uma folha com ${numbersPt[count]} furos; ${where["pt-br"]}`,
      };
}

export function sheetFeatures(option: SheetOption): Record<string, Feature> {
  const features: Record<string, Feature> = {};
  for (let i = 0; i < side * side; i++) features[`h${i}`] = option.holes.includes(i);
  return features;
}
