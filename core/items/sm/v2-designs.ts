import type { V2Design } from "../pool/item-model.ts";

/**
 * Bank v2's items as the pool's models describe them (issue 28.4): each v2 item (seed
 * lumen-iq-bank-v1, recipes in `generate.ts`) gets the pool model and radicals whose design
 * row matches its structure most closely, so that its b is predicted by the same SM weights
 * as the pool's instances (not v2's b by position, -1.8 + 0.4 * (n - 1)).
 */
export const v2Designs: Record<string, V2Design> = {
  "SM-01": {
    model: "sm-arithmetic",
    radicals: { magnitude: "small", direction: "up", visible: 5 },
    note: "7, 12, 17, 22, 27 -> 32: add 5, five terms shown, all under 99. Exact cell (small steps are 2-9).",
  },
  "SM-02": {
    model: "sm-arithmetic",
    radicals: { magnitude: "small", direction: "down", visible: 5 },
    note: "93, 86, 79, 72, 65 -> 58: take away 7, five terms, two-digit numbers. Exact cell.",
  },
  "SM-03": {
    model: "sm-geometric",
    radicals: { ratio: "double", magnitude: "small", terms: "more" },
    note: "3, 6, 12, 24, 48 -> 96: doubling, five terms (the pool's fuller count for x2), every number under 999. Exact cell. The recipe could also have drawn x3 with five terms; the seed drew x2.",
  },
  "SM-04": {
    model: "sm-interleaved",
    radicals: { pairing: "opposite-directions", magnitude: "small", visible: 7 },
    note: "6, 37, 11, 35, 16, 33, 21 -> 31: odd places +5, even places -2, seven terms, numbers under 40. Exact cell.",
  },
  "SM-05": {
    model: "sm-second-order",
    radicals: { pattern: "growing", magnitude: "small", terms: "more" },
    note: "2, 5, 10, 17, 26, 37 -> 50: differences 3, 5, 7, 9, 11 grow by 2, six terms. Exact cell, but the terms are the squares plus 1 (1..36 + 1): a taker who knows the squares sees it at once, so it is likely easier than the cell's average instance (the cell draws the change from 1 to 5; only a change of 2 gives squares plus an offset). The formula cannot see this.",
  },
  "SM-06": {
    model: "sm-second-order",
    radicals: { pattern: "growing", magnitude: "small", terms: "fewer" },
    note: "8, 15, 24, 35, 48 -> 63: squares minus 1 (3² - 1 .. 7² - 1), differences 7, 9, 11, 13 grow by 2, five terms. As a design it is a growing second-order rule with one term fewer than the fullest, so this cell; v2 built it from squares, so like SM-05 it is likely easier than the cell's average (recognised squares), and it is SM-05's rule again (squares with an offset) with one term fewer.",
  },
  "SM-07": {
    model: "sm-combined",
    radicals: { operation: "sum-of-two", magnitude: "small", visible: 6 },
    note: "2, 3, 5, 8, 13, 21, 34 -> 55: the textbook Fibonacci sequence itself, seven terms. Loose fit, easier than predicted: it shows one term more than the pool's fullest (6), and its first terms 2, 3 are the famous sequence, which the pool avoids on purpose (its two first terms are drawn 1-15 and differ, so most instances are not recognisable). Known by heart, it needs no induction: issue 28 calls it easy for its place.",
  },
  "SM-08": {
    model: "sm-combined",
    radicals: { operation: "multiply-add", magnitude: "small", visible: 5 },
    note: "5, 9, 17, 33, 65 -> 129: times 2 minus 1, five terms, key under 999. Exact cell (the small band draws factor 2-3 and an addend of -9..9). As in every multiply-add instance, the differences 4, 8, 16, 32 double, a second route to the key.",
  },
  "SM-09": {
    model: "sm-combined",
    radicals: { operation: "alternating", magnitude: "small", visible: 6 },
    note: "3, 6, 8, 16, 18, 36 -> 38: times 2 and plus 2 take turns, six terms, asks the addition. Exact cell; with x2 and +2 it is at the easy end of the cell's factor (2-3) and addend (-9..9) bands.",
  },
  "SM-10": {
    model: "sm-combined",
    radicals: { operation: "sum-of-three", magnitude: "small", visible: 6 },
    note: "2, 2, 4, 8, 14, 26, 48 -> 88: each term the sum of the three before, seven terms. Nearest cell: it shows one term more than the pool's fullest (6), so slightly easier than predicted (by the weights' own fewer-terms size, about 0.4 lower).",
  },
};
