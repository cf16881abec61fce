import type { CubeView, NetFace } from "./cube.ts";
import type { Cell } from "./polyomino.ts";

/**
 * RE (spatial reasoning): the structured descriptions shared by the generator modules.
 * The solver (solve.ts) declares its own view of these shapes and imports none of this.
 */

export type Flap = "left" | "right" | "top" | "bottom";

export interface RotationSpec {
  figure: Cell[];
}
export interface MirrorSpec {
  figure: Cell[];
  /** The dashed line the figure is reflected across. */
  axis: "vertical" | "horizontal";
}
export interface FoldSpec {
  /** Hole positions per side; position index = row * size + column. */
  size: number;
  /** The folds in order: which half is folded over the other, along the current midline. */
  folds: Flap[];
  /** Holes punched through the folded paper, as positions on the sheet. */
  punched: number[];
}
export interface NetSpec {
  faces: NetFace[];
}
export type ReSpec = RotationSpec | MirrorSpec | FoldSpec | NetSpec;

export interface ShapeOption {
  cells: Cell[];
}
export interface SheetOption {
  holes: number[];
}
export type ReOption = ShapeOption | SheetOption | CubeView;
