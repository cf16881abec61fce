import type { V2Design } from "../pool/item-model.ts";

/**
 * Bank v2's items as the pool's models describe them (issue 28.4).
 *
 * Each RL item of bank v2 (generate.ts, seed lumen-iq-bank-v1) is given the pool model and the
 * radicals whose design row matches its structure (gate, element set, number of unknowns, how the
 * system is solved, operations), so that its b is predicted by the same weights (weights.ts) as
 * the pool's instances. Seven of the ten items are exactly a cell the pool's model generates; the
 * notes say where an item differs from its cell in ways the design row does not see, and in which
 * direction that should move its difficulty. Bank v2 assumed b = -1.8 + 0.4 * (n - 1).
 */
export const v2Designs: Record<string, V2Design> = {
  "RL-01": {
    model: "rl-overlay",
    radicals: { gate: "or", elements: "lines" },
    note: "Union of two panels of lines, 2-3 lines per input panel: v2's recipe is the cell's (same gate, element set and panel sizes). Looser than the cell in one way: two of its three distractors add the horizontal midline, which no input of the third row holds, so they are ruled out without the rule (the issue's 'RL-01 narrowed to two options'; the pool's model forbids such distractors). Easier than predicted.",
  },
  "RL-02": {
    model: "rl-equations",
    radicals: { unknowns: 2, solving: "substitute", operations: "add" },
    note: "X + X, X + Y, asked Y + Y: two shapes, one found alone, additions only: exactly the pool's easiest equations cell. The asked expression uses the last shape alone (doubled), where the pool's always mixes it with another; no change in steps.",
  },
  "RL-03": {
    model: "rl-overlay",
    radicals: { gate: "and", elements: "lines" },
    note: "Intersection of two panels of lines, 3-5 lines per input panel: the cell's recipe exactly. Fit exact.",
  },
  "RL-04": {
    model: "rl-overlay",
    radicals: { gate: "difference", elements: "lines-dots" },
    note: "A minus B over lines and corner dots, 3-5 elements per input panel: the cell's recipe exactly (the pool's difference draws A minus B or B minus A at random). Fit exact.",
  },
  "RL-05": {
    model: "rl-equations",
    radicals: { unknowns: 3, solving: "substitute", operations: "subtract" },
    note: "X + X + X, X + Y, Y - Z, asked X + Z + Z: three shapes found one at a time, one subtraction: exactly a system the cell generates. v2 shows the equations in solving order, where the pool shuffles all but the first: slightly easier than the cell's average instance.",
  },
  "RL-06": {
    model: "rl-overlay",
    radicals: { gate: "xor", elements: "lines-dots" },
    note: "Exclusive or over lines and corner dots, 3-5 elements per input panel: the cell's recipe exactly. Looser than the cell: two of its distractors add the diagonal no input of the third row holds, so they are ruled out without the rule and the item is a choice between the key and the union's lure (the issue's 'RL-06 narrowed to two options'). Easier than predicted.",
  },
  "RL-07": {
    model: "rl-equations",
    radicals: { unknowns: 3, solving: "eliminate", operations: "multiply" },
    note: "X + Y, X + X + Y (subtract the two to find X), then Y x Z, asked X x Z + Y: exactly a system the cell generates (pair a+a+b / a+b, a product to bring in the third shape, the question a product plus a shape). The multiply cell also carries operation:subtract though this item has no minus sign (the cell allows but does not require one), and a+a+b / a+b is the most transparent elimination pair. Both make it somewhat easier than the 1.65 predicted, which is well above v2's assumed 0.6.",
  },
  "RL-08": {
    model: "rl-overlay",
    radicals: { gate: "difference", elements: "lines-dots" },
    note: "B minus A over lines and corner dots: nearest cell, same gate and element set, but v2's input panels hold 4-7 elements where the cell's hold 3-5 (its third row has a 7-element panel). Denser panels mean more elements to put in correspondence, so harder than predicted; the pool has no radical for panel density. Still, the same rule as RL-04 in mirror, far from v2's assumed 1.0.",
  },
  "RL-09": {
    model: "rl-overlay",
    radicals: { gate: "xor3", elements: "lines-dots" },
    note: "Odd parity of three panels of lines and corner dots, 3-5 elements per input panel: the cell's recipe exactly, the pool's hardest overlay cell. Fit exact.",
  },
  "RL-10": {
    model: "rl-equations",
    radicals: { unknowns: 3, solving: "eliminate", operations: "multiply" },
    note: "X + Y, Y + Z, Z + X (add all three and halve), asked X x Y - Z: exactly a system the cell generates (its pairwise-sum opening, with the product carried by the question because no equation has one). The product and the minus sign are only in the asked expression, once the values are known, so operation:multiply and operation:subtract may overprice it against RL-07 (products inside the system); the issue judged RL-10 medium. Probably easier than predicted.",
  },
};
