import { describe, expect, it } from "vitest";
import { encodeQr, qrPath } from "./qr-code";

/**
 * The encoder (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md). The matrix
 * below was read back by an independent decoder (jsQR) when this test was written, as were
 * codes of 40, 178 (a Pix code), 300 and 1,200 bytes and non-ASCII text: it pins every step
 * (data, Reed-Solomon, interleaving, placement, mask choice, format bits).
 */
const hello = [
  "#######.##.#..#######",
  "#.....#..##.#.#.....#",
  "#.###.#..####.#.###.#",
  "#.###.#.#..#..#.###.#",
  "#.###.#.#...#.#.###.#",
  "#.....#.#.##..#.....#",
  "#######.#.#.#.#######",
  "........#####........",
  "#...#.######.#####..#",
  "...###..#.###..#.####",
  "#.##..#.#.##..###..#.",
  "###..#...#...##.#....",
  "..#.###..#..###...##.",
  "........###.###..#.##",
  "#######.##..##...#.#.",
  "#.....#....##..#...#.",
  "#.###.#.#..#..###.#.#",
  "#.###.#....##....#.##",
  "#.###.#..###..####...",
  "#.....#..#...##......",
  "#######.#...#####.#.#",
];

const picture = (modules: boolean[][]) =>
  modules.map((row) => row.map((dark) => (dark ? "#" : ".")).join(""));

describe("encodeQr", () => {
  it("draws HELLO as the decoder-checked version 1 code", () => {
    const code = encodeQr("HELLO");
    expect(code.size).toBe(21);
    expect(picture(code.modules)).toEqual(hello);
  });

  it("grows the version with the text: a Pix code fits version 9 or so, 1,200 bytes version 27", () => {
    expect(encodeQr("a".repeat(40)).size).toBe(29);
    expect(encodeQr("y".repeat(1200)).size).toBe(133);
  });

  it("refuses text no QR code can hold", () => {
    expect(() => encodeQr("z".repeat(3000))).toThrow(RangeError);
  });

  it("puts the three finder patterns in their corners, whatever the mask", () => {
    const { modules, size } = encodeQr("x".repeat(300));
    const finder = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"];
    const corners: [number, number][] = [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ];
    for (const [x0, y0] of corners) {
      const square = modules.slice(y0, y0 + 7).map((row) => row.slice(x0, x0 + 7));
      expect(picture(square)).toEqual(finder);
    }
  });
});

describe("qrPath", () => {
  it("draws one rectangle per run of dark modules, inside the quiet zone", () => {
    const { d, side } = qrPath({
      size: 3,
      modules: [
        [true, true, false],
        [false, false, false],
        [false, false, true],
      ],
    });
    expect(side).toBe(11);
    expect(d).toBe("M4 4h2v1h-2zM6 6h1v1h-1z");
  });
});
