/**
 * RL (logical reasoning): the structured descriptions shared by the generator modules.
 * The solver (solve.ts) declares its own view of these shapes and imports none of this.
 */

/** Two-input overlays combine panels A and B; "xor3" combines A, B and C (odd count). */
export type OverlayOp = "or" | "and" | "xor" | "a-minus-b" | "b-minus-a" | "xor3";

/**
 * Overlay logic: every panel is a set of element ids (0..11, see overlay.ts). `rows` holds
 * two complete example rows (inputs then output) and a third row with the inputs only.
 */
export interface OverlaySpec {
  kind: "overlay";
  op: OverlayOp;
  rows: number[][][];
}

/** A shape standing for an unknown whole number. */
export type Shape = "triangle" | "circle" | "square" | "star";
export type Operator = "+" | "-" | "*";
/** Operands (shapes) and operators alternate: ["triangle", "+", "circle"]. */
export type Expression = string[];

/**
 * Symbol equations: `equations` are shown as "left = right"; the question asks for the
 * value of `question`. Multiplication binds tighter than addition and subtraction.
 */
export interface EquationSpec {
  kind: "equations";
  equations: { left: Expression; right: number }[];
  question: Expression;
}

export type RlSpec = OverlaySpec | EquationSpec;
export type RlOption = { elements: number[] } | { value: number };
