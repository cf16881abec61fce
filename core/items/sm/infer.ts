/**
 * What the visible terms of a number sequence allow as the next term, read from the terms
 * alone: every rule family a taker could defend is fitted to ALL the visible terms, and
 * each family that fits (with at least one term more than it needs to fix its parameters,
 * so that the fit is evidence and not a coincidence of counting) predicts a next term.
 * Part of the solver: it imports nothing from the generators and never reads a key.
 *
 * Generous on purpose: a family counts as soon as the terms confirm it once, so an item
 * whose options hold a second family's prediction fails "exactly one option fits".
 */

type Sub = readonly number[];

/** A prediction of one family, or nothing when it is not a whole number. */
function whole(numerator: number, denominator: number): number[] {
  if (denominator === 0 || !Number.isSafeInteger(numerator)) return [];
  const value = numerator / denominator;
  return Number.isInteger(value) && Math.abs(value) < 1e9 ? [value] : [];
}

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
}

/**
 * A ratio a taker could state: whole (x3), one over a whole (/2), halves (x3/2), or small
 * numbers both (x2/3, x3/4). A fit that needs x6/7 or x5/3 is a coincidence, not a rule.
 */
export function simpleRatio(numerator: number, denominator: number): boolean {
  if (denominator === 0 || numerator === 0) return false;
  const g = gcd(numerator, denominator);
  const p = Math.abs(numerator / g);
  const q = Math.abs(denominator / g);
  return q === 1 || p === 1 || q === 2 || (p <= 4 && q <= 4);
}

const at = (terms: Sub, i: number) => terms[i < 0 ? terms.length + i : i] as number;

export function differences(terms: Sub): number[] {
  return terms.slice(1).map((v, i) => v - at(terms, i));
}

const constant = (values: Sub) => values.every((v) => v === values[0]);

/** Constant differences of some order up to 4 (arithmetic, second order, cubes plus offset...). */
function polynomial(terms: Sub): number[] {
  const rows: number[][] = [[...terms]];
  for (let order = 0; order <= 4; order++) {
    const row = rows[order] as number[];
    if (row.length < 2) return [];
    // Constant differences of order 3 or more must be seen three times, not twice: two
    // equal third differences are a coincidence as often as a rule.
    if (constant(row) && (order < 3 || row.length >= 3))
      return [rows.reduce((sum, r) => sum + at(r, -1), 0)];
    rows.push(differences(row));
  }
  return [];
}

/** Each term the previous times one ratio (whole or a fraction: x2, x3, /2, x3/2). */
function geometric(terms: Sub): number[] {
  if (terms.length < 3 || terms.some((t) => t === 0)) return [];
  const [a, b] = terms as [number, number];
  if (!simpleRatio(b, a) || !terms.slice(1).every((t, i) => t * a === at(terms, i) * b)) return [];
  return whole(at(terms, -1) * b, a);
}

/** Each term the previous times m plus c: the differences are geometric (x2+1, x3-2...). */
function multiplyAdd(terms: Sub): number[] {
  if (terms.length < 4) return [];
  const d = differences(terms);
  const [d0, d1] = d as [number, number];
  if (!simpleRatio(d1, d0) || !d.slice(1).every((v, i) => v * d0 === at(d, i) * d1)) return [];
  return whole(at(terms, -1) * d0 + at(d, -1) * d1, d0);
}

/** Each term the sum of the two before it, plus a constant (Fibonacci when it is 0). */
function fibonacciLike(terms: Sub): number[] {
  if (terms.length < 3) return [];
  const c = at(terms, 2) - at(terms, 1) - at(terms, 0);
  if (c !== 0 && terms.length < 4) return [];
  for (let i = 2; i < terms.length; i++)
    if (at(terms, i) !== at(terms, i - 1) + at(terms, i - 2) + c) return [];
  return [at(terms, -1) + at(terms, -2) + c];
}

/** Each term p times the previous plus q times the one before (small whole p and q). */
function linearRecurrence(terms: Sub): number[] {
  if (terms.length < 5) return [];
  const [t0, t1, t2, t3] = terms as [number, number, number, number];
  const det = t1 * t1 - t0 * t2;
  if (det === 0) return [];
  const p = t2 * t1 - t0 * t3;
  const q = t1 * t3 - t2 * t2;
  if (p % det !== 0 || q % det !== 0 || Math.abs(p / det) > 5 || Math.abs(q / det) > 5) return [];
  for (let i = 2; i < terms.length; i++)
    if (at(terms, i) * det !== p * at(terms, i - 1) + q * at(terms, i - 2)) return [];
  return whole(p * at(terms, -1) + q * at(terms, -2), det);
}

/** Each term the sum of the three before it (tribonacci), or of all the terms before it. */
function sums(terms: Sub): number[] {
  const out: number[] = [];
  if (terms.length < 4) return out;
  let three = true;
  let all = true;
  for (let i = 3; i < terms.length; i++)
    if (at(terms, i) !== at(terms, i - 1) + at(terms, i - 2) + at(terms, i - 3)) three = false;
  for (let i = 2; i < terms.length; i++)
    if (at(terms, i) !== terms.slice(0, i).reduce((a, b) => a + b, 0)) all = false;
  if (three) out.push(at(terms, -1) + at(terms, -2) + at(terms, -3));
  if (all) out.push(terms.reduce((a, b) => a + b, 0));
  return out;
}

/** Each term the product of the two before it, or the previous squared plus a constant. */
function products(terms: Sub): number[] {
  const out: number[] = [];
  if (terms.length < 3) return out;
  if (terms.every((t, i) => i < 2 || t === at(terms, i - 1) * at(terms, i - 2)))
    out.push(at(terms, -1) * at(terms, -2));
  const c = at(terms, 1) - at(terms, 0) * at(terms, 0);
  if (terms.every((t, i) => i < 1 || t === at(terms, i - 1) * at(terms, i - 1) + c))
    out.push(at(terms, -1) * at(terms, -1) + c);
  return out;
}

const digitSum = (v: number) =>
  String(Math.abs(v))
    .split("")
    .reduce((sum, d) => sum + Number(d), 0);

/** Each term the previous plus (or minus) the sum of its digits: 12, 15, 21, 24, 30. */
function digitSums(terms: Sub): number[] {
  // Below 10 the digit sum is the number itself (2, 4, 8 doubles): a two-digit step must show.
  if (terms.length < 3 || !terms.slice(0, -1).some((t) => Math.abs(t) >= 10)) return [];
  const out: number[] = [];
  for (const sign of [1, -1])
    if (
      terms.every((t, i) => i === 0 || t === at(terms, i - 1) + sign * digitSum(at(terms, i - 1)))
    )
      out.push(at(terms, -1) + sign * digitSum(at(terms, -1)));
  return out;
}

/** Whole ratios that grow by a fixed amount (x1, x2, x3...: each term the previous times n). */
function growingRatio(terms: Sub): number[] {
  if (terms.length < 4 || terms.some((t) => t === 0)) return [];
  const ratios: number[] = [];
  for (let i = 1; i < terms.length; i++) {
    if (at(terms, i) % at(terms, i - 1) !== 0) return [];
    ratios.push(at(terms, i) / at(terms, i - 1));
  }
  const steps = differences(ratios);
  if (!constant(steps)) return [];
  return [at(terms, -1) * (at(ratios, -1) + at(steps, 0))];
}

interface Fit {
  kind: "add" | "times" | "second";
  confirmed: boolean;
  next: number[];
}

/** A subsequence read as arithmetic or geometric (two terms fix it; a third confirms it). */
function simpleFits(sub: Sub): Fit[] {
  const fits: Fit[] = [];
  if (sub.length < 2) return fits;
  const confirmed = sub.length >= 3;
  if (constant(differences(sub)))
    fits.push({ kind: "add", confirmed, next: [at(sub, -1) + at(sub, -1) - at(sub, -2)] });
  if (
    !sub.includes(0) &&
    simpleRatio(at(sub, 1), at(sub, 0)) &&
    sub.slice(1).every((t, i) => t * at(sub, 0) === at(sub, i) * at(sub, 1))
  )
    fits.push({ kind: "times", confirmed, next: whole(at(sub, -1) * at(sub, 1), at(sub, 0)) });
  // Growing differences: three terms fix them, a fourth confirms them.
  const second = differences(differences(sub));
  if (sub.length >= 4 && constant(second))
    fits.push({
      kind: "second",
      confirmed: true,
      next: [at(sub, -1) + at(sub, -1) - at(sub, -2) + at(second, 0)],
    });
  return fits;
}

/**
 * Two or three sequences taking turns (odd and even places): every one fits the same kind
 * and one of them is confirmed, or each fits its own kind and every one is confirmed.
 */
function interleaved(terms: Sub, period: number, strict = false): number[] {
  const subs = Array.from({ length: period }, (_, k) => terms.filter((_, i) => i % period === k));
  if (subs.some((s) => s.length < (strict ? 3 : 2))) return [];
  const fits = subs.map(simpleFits);
  const target = terms.length % period;
  const out: number[] = [];
  for (const kind of ["add", "times", "second"] as const) {
    const same = fits.map((f) => f.find((fit) => fit.kind === kind));
    if (same.every(Boolean) && same.some((fit) => fit?.confirmed))
      out.push(...(same[target]?.next ?? []));
  }
  if (fits.every((f) => f.some((fit) => fit.confirmed)))
    for (const fit of fits[target] ?? []) if (fit.confirmed) out.push(...fit.next);
  return out;
}

interface StepMap {
  confirmed: boolean;
  apply(x: number): number[];
}

/** The operations that take every x to its y: add k, times m (a fraction too), times m plus c. */
function stepMaps(steps: readonly [number, number][]): StepMap[] {
  const maps: StepMap[] = [];
  if (steps.length === 0) return maps;
  const [x0, y0] = steps[0] as [number, number];
  if (steps.every(([x, y]) => y - x === y0 - x0))
    maps.push({ confirmed: steps.length >= 2, apply: (x) => [x + y0 - x0] });
  if (simpleRatio(y0, x0) && steps.every(([x, y]) => y * x0 === x * y0))
    maps.push({ confirmed: steps.length >= 2, apply: (x) => whole(x * y0, x0) });
  if (steps.length >= 3) {
    const [x1, y1] = steps[1] as [number, number];
    const dx = x1 - x0;
    const dy = y1 - y0;
    if (simpleRatio(dy, dx) && steps.every(([x, y]) => (y - y0) * dx === (x - x0) * dy))
      maps.push({ confirmed: true, apply: (x) => whole(y0 * dx + (x - x0) * dy, dx) });
  }
  return maps;
}

/** Two or three operations taking turns (x2, +3, x2, +3... or +4, x2, -1, +4, x2, -1...). */
function operationsInTurn(terms: Sub, period: number, strict = false): number[] {
  if (terms.length < period + 2) return [];
  const steps = terms.slice(1).map((y, i) => [at(terms, i), y] as [number, number]);
  const byTurn = Array.from({ length: period }, (_, p) =>
    stepMaps(steps.filter((_, i) => i % period === p)),
  );
  if (byTurn.some((maps) => maps.length === 0)) return [];
  const next = (terms.length - 1) % period;
  const own = byTurn[next] as StepMap[];
  // Two turns: one confirmed turn carries the other (x4, /2, x4: the second may be /2 or -2).
  // Three turns: each must be seen twice.
  const confirmed = (maps: StepMap[]) => maps.some((m) => m.confirmed);
  const othersConfirmed =
    period === 2
      ? byTurn.some((maps, p) => p !== next && confirmed(maps))
      : byTurn.every((maps, p) => p === next || confirmed(maps));
  if ((period > 2 || strict) && !confirmed(own)) return [];
  if (strict && !byTurn.every(confirmed)) return [];
  // A turn seen once stands for a second operation only when the confirmed one cannot
  // make its step (2, 4, 8, 16 is doubling throughout, not x2 then +4).
  if (period === 2 && !confirmed(own)) {
    const [x, y] = steps[next] as [number, number];
    const seen = byTurn[1 - next] as StepMap[];
    if (seen.some((m) => m.confirmed && m.apply(x).includes(y))) return [];
  }
  return own.filter((m) => m.confirmed || othersConfirmed).flatMap((m) => m.apply(at(terms, -1)));
}

const families: Record<string, (terms: Sub) => number[]> = {
  polynomial,
  geometric,
  "multiply-add": multiplyAdd,
  "fibonacci-like": fibonacciLike,
  "linear-recurrence": linearRecurrence,
  sums,
  products,
  "growing-ratio": growingRatio,
  "digit-sum": digitSums,
  "two-sequences": (terms) => interleaved(terms, 2),
  "three-sequences": (terms) => interleaved(terms, 3),
  "two-operations-in-turn": (terms) => operationsInTurn(terms, 2),
  "three-operations-in-turn": (terms) => operationsInTurn(terms, 3),
};

const { polynomial: _, ...rest } = families;
const onDifferences: Record<string, (terms: Sub) => number[]> = {
  ...rest,
  "two-sequences": (terms) => interleaved(terms, 2, true),
  "three-sequences": (terms) => interleaved(terms, 3, true),
  "two-operations-in-turn": (terms) => operationsInTurn(terms, 2, true),
  "three-operations-in-turn": (terms) => operationsInTurn(terms, 3, true),
};

/**
 * Each family that fits all the visible terms, or whose rule the differences follow
 * (Fibonacci differences, doubling differences, differences taking turns...), with the next
 * term it predicts.
 */
export function fittingFamilies(terms: Sub): { family: string; next: number }[] {
  const out: { family: string; next: number }[] = [];
  for (const [family, predict] of Object.entries(families))
    for (const next of predict(terms)) out.push({ family, next });
  // A rule over the differences needs its own evidence: every part of it seen twice.
  const steps = differences(terms);
  for (const [family, predict] of Object.entries(onDifferences))
    for (const step of predict(steps))
      out.push({ family: `differences: ${family}`, next: at(terms, -1) + step });
  return out;
}

/** Every next term some known family predicts from the visible terms. */
export function nextTerms(terms: Sub): Set<number> {
  return new Set(fittingFamilies(terms).map((fit) => fit.next));
}
