/**
 * Bank v2's ten RE items described by the pool's item models (issue 28.4): for each item, the
 * model and the radicals whose design row matches its structure most closely, so that its b is
 * predicted by the same weights (weights.ts) as the pool's instances, not assumed from its
 * position. The values were read off bank v2 as built (seed lumen-iq-bank-v1, recipes in
 * generate.ts): the key's turn, the squares, how far the moved square travels (the shortest
 * move that turns the figure into the moved distractor), the axis, the lure's turn, the folds
 * and holes, and the net distance of the key's view. v2-designs.test.ts checks them against the
 * built items.
 */
import type { V2Design } from "../pool/item-model.ts";

/** Bank v2's items as the pool's models describe them (issue 28.4). */
export const v2Designs: Record<string, V2Design> = {
  "RE-01": {
    model: "re-rotation",
    radicals: { angle: 180, squares: 5, change: "near" },
    note: "Five squares; the key is turned by a half turn (v2 draws the key's turn at random, here 180). The recipe let the square move any distance, but the moved distractors are one square moved two places away, which is what 'near' describes (the pool's own 'far' cell at five squares moves at most two places in about 78 % of its draws, so the two cells differ little here). A little easier than the cell: each moved distractor can also be read as the figure with a square moved in the figure's own orientation (upright), so a direct comparison without turning finds the change (the pool never shows a distractor upright); their box (2x3) differs from the key's (3x3), an outline cue the pool allows too. Fit: close, predicted b perhaps a little high.",
  },
  "RE-02": {
    model: "re-rotation",
    radicals: { angle: 90, squares: 6, change: "near" },
    note: "Six squares, the key a quarter turn, the moved square two places away (the recipe allowed three). Easier than the cell: v2 may show a distractor upright and does here, the figure with one square moved in the figure's own orientation, so it is rejected by a direct comparison without turning anything; the pool never shows a distractor upright. Predicted b is therefore a little high for this item.",
  },
  "RE-03": {
    model: "re-rotation",
    radicals: { angle: 90, squares: 8, change: "near" },
    note: "Eight squares in a 4x4 box, the key a quarter turn, the moved square two places away (recipe maxMove 2: the pool's 'near'). Easier than the cell for the same reason as RE-02: the moved distractor is shown upright, in the figure's orientation, and falls to a direct comparison. Predicted b a little high.",
  },
  "RE-04": {
    model: "re-mirror",
    radicals: { axis: "vertical", squares: 6, lure: "quarter" },
    note: "Reflection of six squares across a vertical line; the turned distractors are turned by a quarter (recipe turns 1 or 3, here 3). Harder than the cell in one respect: the moved square travels two places (recipe maxMove 3), while the pool's mirror model always lets it move any distance and has no design feature for a near change (its own draws at six squares move at most two places in about two thirds of cases, so the gap is small). Fit: close.",
  },
  "RE-05": {
    model: "re-mirror",
    radicals: { axis: "horizontal", squares: 7, lure: "half" },
    note: "Reflection of seven squares across a horizontal line, the turned distractors turned by a half turn (recipe turns [2]): the pool's hardest mirror cell except for squares (8). Slightly harder than the cell: the moved square travels two places (recipe maxMove 2), which the mirror model does not represent (about +0.5 by the rotation model's near-change weight, if it applied). Predicted b may be a little low.",
  },
  "RE-06": {
    model: "re-fold",
    radicals: { folds: 1, holes: 2, lines: "halves" },
    note: "One fold halving a 4x4 sheet, two holes punched through both layers (the pool: 6x6). Wrong sheet: the holes mirrored across the other midline (the pool with one halving fold and two holes flips one of the key's two pairs across the other midline: a nearer wrong sheet). Easier than the cell: v2 adds a single extra hole to two options, which breaks their symmetry, so 'the unfolded sheet is symmetric' leaves two options (the pool adds or removes holes as a mirrored pair, half and half, all four sheets symmetric); the 4x4 sheet has few places for the holes, and here the key is one full row. Predicted b is high for this item.",
  },
  "RE-07": {
    model: "re-fold",
    radicals: { folds: 2, holes: 1, lines: "halves" },
    note: "Two folds halving a 4x4 sheet (the paper turned between them), one hole: four holes once unfolded. Wrong sheet: the hole mirrored inside the folded quarter, then unfolded (the pool moves or turns a later crease). Easier than the cell: two options lose one hole and are no longer symmetric, so symmetry and 'four holes' leave two options (the pool keeps all four sheets symmetric); the folded quarter is 2x2, four places for the hole (the pool's 6x6 sheet gives nine). Predicted b is high for this item.",
  },
  "RE-08": {
    model: "re-cube",
    radicals: { distance: 4 },
    note: "The cross net (1-4-1); the key's three faces: two pairs share an edge in the net and the third is one corner away (distance 4, the recipe's two net-adjacent pairs). Options as in the pool (the same three views around the key: mirrored order, a face replaced by the one opposite another shown face). Exact cell; v2 draws from 3 nets, the pool from 11.",
  },
  "RE-09": {
    model: "re-cube",
    radicals: { distance: 8 },
    note: "A 1-3-2 net; the key's faces: one pair shares an edge in the net, the others meet only once folded (distance 8; the recipe, one net-adjacent pair, allowed 6, 8 or 10 on this net and drew 8). Same options as the pool's cube model. Exact cell (v2's net is one of the pool's 11).",
  },
  "RE-10": {
    model: "re-cube",
    radicals: { distance: 8 },
    note: "The staircase net (2-2-2); the key's faces share no edge in the net (distance 8; the recipe, at most one net-adjacent pair, allowed 8 or 10 on this net and drew 8). Same options as the pool's cube model. Exact cell; the same predicted b as RE-09, although v2 placed it last (no arrow, no distance 10: the pool's cube-arrow and distance-10 cells are harder than anything in v2's RE).",
  },
};
