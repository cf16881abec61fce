import type { V2Design } from "../pool/item-model.ts";

/**
 * Bank v2's items as the pool's models describe them (issue 28.4): for each RA item of bank
 * v2 (version 7353ef32f75a, recipes in ./generate.ts), the pool model and radicals whose
 * design row matches its structure most closely, so that its difficulty is predicted by the
 * same weights as the pool's (./weights.ts) rather than by its position (-1.8..+1.8).
 * Every v2 RA rule runs along the rows; no v2 item has a second entity or crossed rules.
 * Where no cell fits exactly, `note` says how the v2 item differs and which way that moves
 * its difficulty. What the formula cannot see either way: RA-01..03 let a taker rule out two
 * options by a value the grid never shows (they fail the pool's per-instance check 2), so
 * they are nearer two-option items than the formula's c = 0.25 assumes.
 */
export const v2Designs: Record<string, V2Design> = {
  "RA-01": {
    model: "ra-one-rule",
    radicals: { rules: "P", direction: "rows" },
    note: "Shape progresses one step along each row (rows start at different shapes); shade constant in each row, size and count constant everywhere: exactly the cell. Easier in practice than its b: two options show a shade (dark) the grid never shows, so a taker can narrow to two without the rule.",
  },
  "RA-02": {
    model: "ra-one-rule",
    radicals: { rules: "P", direction: "rows" },
    note: "Count progresses +1 along each row (rows 1 and 3 both 1-2-3); shape constant in each row, size and shade constant everywhere: exactly the cell. Easier in practice than its b: two options show a shape (square) the grid never shows, so a taker can narrow to two without the rule; and row 3 repeats row 1's counts.",
  },
  "RA-03": {
    model: "ra-one-rule",
    radicals: { rules: "P", direction: "rows" },
    note: "Loose: one rule, but a distribution of three on shape (each row the same three shapes, shifted), which the pool never asks alone (no fair option design exists; ADR 0037). Nearest cell: one rule along the rows. By the same weights a lone distribution would be 0.4 harder (b -2.1, D 0.8 against P 0.4); but v2's item is easier than either: the key is the only option whose shape and shade both appear in the grid (the three others show a hexagon, a dark shade or both, never shown), the leak the pool's check 2 rejects.",
  },
  "RA-04": {
    model: "ra-two-rules",
    radicals: { rules: "PD", direction: "rows" },
    note: "Size progresses (large, medium, small in every row: three sizes leave one start, as in the pool) and shade is distributed over three values; shape constant in each row, count constant: exactly the cell. Same predicted b as RA-05 and RA-06: v2's order 04 < 05 < 06 has no structural ground.",
  },
  "RA-05": {
    model: "ra-two-rules",
    radicals: { rules: "PD", direction: "rows" },
    note: "Count progresses -1 along each row (rows start at 4, 3, 4) and shape is distributed over three values; shade constant in each row, size constant: exactly the cell.",
  },
  "RA-06": {
    model: "ra-two-rules",
    radicals: { rules: "PD", direction: "rows" },
    note: "Shade progresses +1 along each row (row 1 unfilled, dark, mid-tone; rows 2-3 dark, mid-tone, light) and count is distributed over three values; shape constant in each row, size constant: exactly the cell (the pool's shade progressions may also run through 'unfilled').",
  },
  "RA-07": {
    model: "ra-three-rules",
    radicals: { rules: "PDA", direction: "rows" },
    note: "Shape distributed over three values, size progresses (small, medium, large in every row), count is the sum of the first two; shade constant in each row: exactly the cell.",
  },
  "RA-08": {
    model: "ra-three-rules",
    radicals: { rules: "PDA", direction: "rows" },
    note: "Shape progresses by two sides (circle, pentagon, triangle, the same in every row), shade distributed over three values, count is the difference of the first two; size constant in each row. Near the cell: the pool's progressions step by one, but here the identical rows make shape constant down each column, so the step of two need not be found at all; if anything slightly easier than the cell.",
  },
  "RA-09": {
    model: "ra-three-rules",
    radicals: { rules: "DDA", direction: "rows" },
    note: "Loose: shape and size each distributed over three values (a Graeco-Latin square) and the third cell's shade is the 'sum' of the first two (dark + dark = mid-tone, dark + mid-tone = light); count constant. The pool puts arithmetic on counts only; a sum of shade levels is not a quantity a taker sees, so this item is harder than the DDA cell predicts (its shade rule may go unfound, leaving a guess between the two shades the options offer).",
  },
  "RA-10": {
    model: "ra-four-rules",
    radicals: { rules: "PDDA", direction: "rows" },
    note: "Shape progresses +1 (rows start at different shapes), size and shade each distributed over three values, count is the sum of the first two: exactly the cell (docs/items/ra.md). v2's hardest RA item, still below the pool's top (+2.8).",
  },
};
