/**
 * A QR code encoder (ISO/IEC 18004), small on purpose: byte mode, error correction level M
 * (what Pix codes use), versions 1 to 40, the mask with the lowest penalty. It draws the
 * Pix "copia e cola" code of a pending payment as an inline SVG path
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md), so no image is fetched from
 * the provider's host or anyone else's. The algorithm follows the standard's steps in the
 * order of Project Nayuki's well-known description; the tables are the standard's.
 */

/** Error correction codewords per block, level M, by version (index 0 unused). */
const eccPerBlock = [
  -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
/** Error correction blocks, level M, by version (index 0 unused). */
const blockCount = [
  -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
  26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
/** Level M's two format bits. */
const levelMBits = 0;

export interface QrCode {
  /** Modules per side (without the quiet zone). */
  size: number;
  /** `modules[y][x]`: true for a dark module. */
  modules: boolean[][];
}

/** The QR code of `text` (UTF-8, byte mode, level M); throws when it is too long for one. */
export function encodeQr(text: string): QrCode {
  const bytes = [...new TextEncoder().encode(text)];
  let version = 1;
  for (; version <= 40; version++) {
    const countBits = version < 10 ? 8 : 16;
    if (4 + countBits + bytes.length * 8 <= dataCodewords(version) * 8) break;
  }
  if (version > 40) throw new RangeError("qr: text too long for a QR code");
  const size = version * 4 + 17;
  const grid = new Grid(size);
  drawFunctionPatterns(grid, version);
  const codewords = interleaveWithEcc(dataOf(bytes, version), version);
  drawCodewords(grid, codewords);

  let best = -1;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 8; mask++) {
    applyMask(grid, mask);
    drawFormatBits(grid, mask);
    const penalty = penaltyOf(grid);
    if (penalty < bestPenalty) {
      best = mask;
      bestPenalty = penalty;
    }
    applyMask(grid, mask); // undoes it (XOR)
  }
  applyMask(grid, best);
  drawFormatBits(grid, best);
  return {
    size,
    modules: Array.from({ length: size }, (_, y) =>
      Array.from({ length: size }, (_, x) => grid.get(x, y)),
    ),
  };
}

/**
 * The code as one SVG path in a square of `size + 2 * quiet` units: a rectangle per run of
 * dark modules on a row, the quiet zone around (4 modules, as the standard asks).
 */
export function qrPath(code: QrCode, quiet = 4): { d: string; side: number } {
  const parts: string[] = [];
  code.modules.forEach((row, y) => {
    let x = 0;
    while (x < code.size) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < code.size && row[x + run]) run++;
      parts.push(`M${x + quiet} ${y + quiet}h${run}v1h-${run}z`);
      x += run;
    }
  });
  return { d: parts.join(""), side: code.size + quiet * 2 };
}

/** The modules being drawn, and which of them are function patterns (never masked). */
class Grid {
  readonly size: number;
  private readonly dark: Uint8Array;
  private readonly fixed: Uint8Array;
  constructor(size: number) {
    this.size = size;
    this.dark = new Uint8Array(size * size);
    this.fixed = new Uint8Array(size * size);
  }
  get(x: number, y: number): boolean {
    return this.dark[y * this.size + x] === 1;
  }
  set(x: number, y: number, dark: boolean): void {
    this.dark[y * this.size + x] = dark ? 1 : 0;
  }
  isFunction(x: number, y: number): boolean {
    return this.fixed[y * this.size + x] === 1;
  }
  setFunction(x: number, y: number, dark: boolean): void {
    this.set(x, y, dark);
    this.fixed[y * this.size + x] = 1;
  }
}

/** A table's or list's entry (every index used is in range). */
const entry = (list: readonly number[], index: number): number => list[index] ?? 0;

const bit = (value: number, index: number) => ((value >>> index) & 1) !== 0;

function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

function dataCodewords(version: number): number {
  return (
    Math.floor(rawDataModules(version) / 8) -
    entry(eccPerBlock, version) * entry(blockCount, version)
  );
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [6];
  for (let pos = version * 4 + 17 - 7; positions.length < count; pos -= step) {
    positions.splice(1, 0, pos);
  }
  return positions;
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    grid.setFunction(6, i, i % 2 === 0);
    grid.setFunction(i, 6, i % 2 === 0);
  }
  const finders: [number, number][] = [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ];
  for (const [cx, cy] of finders) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || x >= size || y < 0 || y >= size) continue;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        grid.setFunction(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cx, i) => {
    positions.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          grid.setFunction(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    });
  });
  drawFormatBits(grid, 0); // reserves the area; drawn again with the chosen mask
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      grid.setFunction(a, b, bit(bits, i));
      grid.setFunction(b, a, bit(bits, i));
    }
  }
}

function drawFormatBits(grid: Grid, mask: number): void {
  const { size } = grid;
  const data = (levelMBits << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  for (let i = 0; i <= 5; i++) grid.setFunction(8, i, bit(bits, i));
  grid.setFunction(8, 7, bit(bits, 6));
  grid.setFunction(8, 8, bit(bits, 7));
  grid.setFunction(7, 8, bit(bits, 8));
  for (let i = 9; i < 15; i++) grid.setFunction(14 - i, 8, bit(bits, i));
  for (let i = 0; i < 8; i++) grid.setFunction(size - 1 - i, 8, bit(bits, i));
  for (let i = 8; i < 15; i++) grid.setFunction(8, size - 15 + i, bit(bits, i));
  grid.setFunction(8, size - 8, true);
}

/** Mode, count, the bytes, terminator and padding: the data codewords. */
function dataOf(bytes: number[], version: number): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  const capacity = dataCodewords(version) * 8;
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((value, b) => (value << 1) | b, 0));
  }
  return codewords;
}

function multiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function divisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = multiply(entry(result, j), root) ^ (j + 1 < degree ? entry(result, j + 1) : 0);
    }
    root = multiply(root, 0x02);
  }
  return result;
}

function remainder(data: number[], by: number[]): number[] {
  const result = new Array<number>(by.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    by.forEach((coefficient, i) => {
      result[i] = entry(result, i) ^ multiply(coefficient, factor);
    });
  }
  return result;
}

function interleaveWithEcc(data: number[], version: number): number[] {
  const blocks = entry(blockCount, version);
  const eccLength = entry(eccPerBlock, version);
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const by = divisor(eccLength);
  const filled: number[][] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const part = data.slice(k, k + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
    k += part.length;
    const ecc = remainder(part, by);
    if (i < shortBlocks) part.push(0);
    filled.push([...part, ...ecc]);
  }
  const result: number[] = [];
  for (let i = 0; i <= shortLength; i++) {
    filled.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(entry(block, i));
    });
  }
  return result;
}

function drawCodewords(grid: Grid, codewords: number[]): void {
  const { size } = grid;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        if (!grid.isFunction(x, y) && i < codewords.length * 8) {
          grid.set(x, y, bit(entry(codewords, i >>> 3), 7 - (i & 7)));
          i++;
        }
      }
    }
  }
}

/** Whether mask `mask` inverts the module at (x, y). */
function inverts(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

function applyMask(grid: Grid, mask: number): void {
  for (let y = 0; y < grid.size; y++) {
    for (let x = 0; x < grid.size; x++) {
      if (!grid.isFunction(x, y) && inverts(mask, x, y)) grid.set(x, y, !grid.get(x, y));
    }
  }
}

const finderLike = [
  [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0],
  [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1],
];

/** The standard's four penalty rules (runs, 2x2 blocks, finder look-alikes, balance). */
function penaltyOf(grid: Grid): number {
  const { size } = grid;
  const at = (x: number, y: number, vertical: boolean) =>
    vertical ? grid.get(y, x) : grid.get(x, y);
  let penalty = 0;
  for (const vertical of [false, true]) {
    for (let y = 0; y < size; y++) {
      let run = 1;
      for (let x = 1; x <= size; x++) {
        if (x < size && at(x, y, vertical) === at(x - 1, y, vertical)) {
          run++;
          continue;
        }
        if (run >= 5) penalty += 3 + (run - 5);
        run = 1;
      }
      for (let x = 0; x + 11 <= size; x++) {
        for (const pattern of finderLike) {
          if (pattern.every((value, k) => at(x + k, y, vertical) === (value === 1))) penalty += 40;
        }
      }
    }
  }
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const here = grid.get(x, y);
      if (here) dark++;
      if (
        x + 1 < size &&
        y + 1 < size &&
        here === grid.get(x + 1, y) &&
        here === grid.get(x, y + 1) &&
        here === grid.get(x + 1, y + 1)
      ) {
        penalty += 3;
      }
    }
  }
  const total = size * size;
  penalty += Math.floor(Math.abs(dark * 20 - total * 10) / total) * 10;
  return penalty;
}
