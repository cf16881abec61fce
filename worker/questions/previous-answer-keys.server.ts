import type { Letter } from "../../core/items/questions";

/**
 * The answer keys of earlier question bank versions, server only (docs/decisions/0025).
 * Scoring is lazy (a result is computed when its owner first sees it), so a test finished
 * on an earlier bank but first shown after a new one ships must be scored with the key of
 * the bank it was taken on. When `npm run questions` makes a new version, copy the key
 * it replaces here, under its version. Never edit an entry.
 */
export const previousAnswerKeys: Readonly<Record<string, Readonly<Record<string, Letter>>>> = {
  // Bank v1 (issues 4-14), shipped until items v2 (issue 15).
  acc246bf366d: {
    "SM-01": "D",
    "SM-02": "B",
    "SM-03": "A",
    "SM-04": "D",
    "SM-05": "A",
    "SM-06": "C",
    "SM-07": "B",
    "SM-08": "D",
    "SM-09": "D",
    "SM-10": "D",
    "RA-01": "C",
    "RA-02": "C",
    "RA-03": "A",
    "RA-04": "D",
    "RA-05": "C",
    "RA-06": "B",
    "RA-07": "B",
    "RA-08": "D",
    "RA-09": "B",
    "RA-10": "D",
    "RE-01": "C",
    "RE-02": "C",
    "RE-03": "B",
    "RE-04": "C",
    "RE-05": "A",
    "RE-06": "D",
    "RE-07": "A",
    "RE-08": "A",
    "RE-09": "D",
    "RE-10": "B",
    "RL-01": "A",
    "RL-02": "A",
    "RL-03": "C",
    "RL-04": "B",
    "RL-05": "A",
    "RL-06": "B",
    "RL-07": "C",
    "RL-08": "A",
    "RL-09": "C",
    "RL-10": "B",
  },
};
