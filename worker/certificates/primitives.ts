/**
 * The certificate's drawing primitives (design.ts lays them out): satori boxes, the
 * palette, the brand mark and the frame's ornaments.
 */

export interface SatoriElement {
  type: string;
  props: { style?: Record<string, unknown>; children?: SatoriChild | SatoriChild[] };
}
export type SatoriChild = SatoriElement | string;

export function box(style: Record<string, unknown>, ...children: SatoriChild[]): SatoriElement {
  return { type: "div", props: { style: { display: "flex", ...style }, children } };
}

export const ink = "#0f1630";
export const muted = "#5a6386";
export const paper = "#fbfaf6";
export const rule = "#d6dbea";
export const periwinkle = "#8ea8ff";
export const mint = "#4fe0c2";
export const deepBlue = "#3550c4";
export const gradient = `linear-gradient(90deg, ${periwinkle} 0%, #6fc4e0 50%, ${mint} 100%)`;

/** The brand mark of app/components/logo.tsx, in boxes: a ring and three rising bars. */
export function logoMark(size: number): SatoriElement {
  const s = size / 32;
  const bar = (left: number, top: number, height: number, color: string) =>
    box({
      position: "absolute",
      left: left * s,
      top: top * s,
      width: 3 * s,
      height: height * s,
      borderRadius: 1.5 * s,
      background: color,
    });
  return box(
    { position: "relative", width: size, height: size },
    box(
      {
        position: "absolute",
        left: 2 * s,
        top: 2 * s,
        width: 28 * s,
        height: 28 * s,
        borderRadius: "50%",
        backgroundImage: `linear-gradient(135deg, ${periwinkle}, ${mint})`,
        padding: 3 * s,
      },
      box({ width: "100%", height: "100%", borderRadius: "50%", background: paper }),
    ),
    bar(9.5, 16, 7, periwinkle),
    bar(14.5, 12, 11, "#6fc4e0"),
    bar(19.5, 8, 15, mint),
  );
}

/** A thin rule with a small diamond in the middle. */
export function ornament(width: number): SatoriElement {
  const line = box({ width: (width - 34) / 2, height: 2, background: rule });
  return box(
    { alignItems: "center", gap: 8 },
    line,
    box({
      width: 12,
      height: 12,
      transform: "rotate(45deg)",
      backgroundImage: `linear-gradient(135deg, ${periwinkle}, ${mint})`,
    }),
    line,
  );
}

/** A diamond in each corner of the inner frame (nested squares: borders cost resvg a clip). */
export function corner(position: Record<string, number>): SatoriElement {
  return box(
    {
      position: "absolute",
      ...position,
      width: 16,
      height: 16,
      transform: "rotate(45deg)",
      background: deepBlue,
      padding: 2,
    },
    box({ width: "100%", height: "100%", background: paper }),
  );
}

/** A straight line, drawn as a filled box (cheaper for resvg than a border). */
export function line(style: Record<string, unknown>): SatoriElement {
  return box({ position: "absolute", background: rule, ...style });
}
