import { describe, expect, it } from "vitest";
import type { Letter } from "../../core/items/questions.ts";
import { itemStatistics, kr20, type ResponseSet, reliability, scoreMatrix } from "./classical.ts";

// Five takers, four items, a perfect Guttman pattern: computed by hand in the comments.
const guttman = [
  [1, 1, 1, 1],
  [1, 1, 1, 0],
  [1, 1, 0, 0],
  [1, 0, 0, 0],
  [0, 0, 0, 0],
];

describe("KR-20", () => {
  it("matches the hand-computed value", () => {
    // p = .8 .6 .4 .2 -> sum(p*q) = .16 + .24 + .24 + .16 = 0.8; totals 4 3 2 1 0 ->
    // variance 2 (divided by n); KR-20 = 4/3 * (1 - 0.8 / 2) = 0.8.
    expect(kr20(guttman)).toBeCloseTo(0.8, 10);
  });

  it("over chosen columns: items 1 and 2 alone", () => {
    // p = .8 .6 -> sum(p*q) = .4; totals 2 2 2 1 0 -> mean 1.4, variance 0.64;
    // KR-20 = 2 * (1 - .4 / .64) = 0.75.
    expect(kr20(guttman, [0, 1])).toBeCloseTo(0.75, 10);
  });

  it("is zero for items that do not go together and NaN when totals do not vary", () => {
    // Totals 1 and 1: no variance.
    expect(
      kr20([
        [1, 0],
        [0, 1],
      ]),
    ).toBeNaN();
    // p = .5 .5 -> sum(p*q) = .5; totals 1 1 2 0 -> variance .5; KR-20 = 2 * (1 - 1) = 0.
    expect(
      kr20([
        [1, 0],
        [0, 1],
        [1, 1],
        [0, 0],
      ]),
    ).toBeCloseTo(0, 10);
  });
});

/** The Guttman pattern as letters: the key is A everywhere, wrong answers as given. */
function lettersSet(wrong: (Letter | null)[][]): ResponseSet {
  return {
    items: ["SM-01", "SM-02", "RA-01", "RA-02"],
    key: ["A", "A", "A", "A"],
    takers: guttman.map((row, i) => ({
      ageBand: "25-34",
      choices: row.map((right, j) =>
        right === 1 ? "A" : ((wrong[i] as (Letter | null)[])[j] ?? null),
      ),
    })),
  };
}

describe("item statistics", () => {
  const set = lettersSet([
    [null, null, null, null],
    [null, null, null, "B"],
    [null, null, "C", "B"],
    [null, "C", "C", "D"],
    ["B", "D", "D", null],
  ]);
  const stats = itemStatistics(set);

  it("scores the letters against the key, omissions as wrong", () => {
    expect(scoreMatrix(set)).toEqual(guttman);
  });

  it("gives the share right, the omit rate and the point-biserial with the rest score", () => {
    const first = stats[0];
    expect(first?.p).toBeCloseTo(0.8, 10);
    expect(first?.omitRate).toBe(0);
    // item [1 1 1 1 0] against rest [3 2 1 0 0]: sxy 1.2, sxx .8, syy 6.8 -> 1.2 / sqrt(5.44).
    expect(first?.restCorrelation).toBeCloseTo(1.2 / Math.sqrt(5.44), 10);
    expect(stats[3]?.omitRate).toBeCloseTo(0.2, 10);
  });

  it("shows each option's rate and its choosers' mean total against the key's", () => {
    const last = stats[3]?.options;
    expect(last?.map((o) => [o.letter, o.rate, o.meanTotal])).toEqual([
      ["A", 0.2, 4],
      ["B", 0.4, 2.5],
      ["C", 0, null],
      ["D", 0.2, 1],
    ]);
  });

  it("flags a distractor nobody chose, or one that stronger takers do not avoid", () => {
    const flags = (j: number) => stats[j]?.options.filter((o) => o.flagged).map((o) => o.letter);
    // Item 4: C chosen by nobody; B by the 2nd and 3rd strongest (rest scores 3 and 2,
    // above the mean rest 1.8): stronger takers do not avoid it. D, the weakest's, is fine.
    expect(flags(3)).toEqual(["B", "C"]);
    // Item 2: C and D chosen by the two weakest takers; B by nobody.
    expect(flags(1)).toEqual(["B"]);
    const strongWrong: ResponseSet = {
      items: ["SM-01", "SM-02"],
      key: ["A", "A"],
      takers: [
        { ageBand: "x", choices: ["B", "A"] },
        { ageBand: "x", choices: ["A", "B"] },
        { ageBand: "x", choices: ["B", "A"] },
        { ageBand: "x", choices: ["C", "C"] },
      ],
    };
    // Item 1: B is chosen by the takers who got item 2 right, C by the one who did not.
    const first = itemStatistics(strongWrong)[0]?.options;
    expect(first?.find((o) => o.letter === "B")?.flagged).toBe(true);
    expect(first?.find((o) => o.letter === "C")?.flagged).toBe(false);
  });

  it("gives KR-20 per category and in total", () => {
    const { total, byCategory } = reliability(set);
    expect(total).toBeCloseTo(0.8, 10);
    expect(byCategory.SM).toBeCloseTo(0.75, 10);
    expect(Object.keys(byCategory)).toEqual(["SM", "RA"]);
  });
});
