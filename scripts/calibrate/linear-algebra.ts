/**
 * The little linear algebra the model calibration needs (scripts/calibrate/lltm.ts): the
 * inverse of a small symmetric positive definite matrix, and which columns of a design
 * matrix are linearly independent of the ones before them.
 */

/** The inverse by Gauss-Jordan elimination with partial pivoting; null when singular. */
export function invert(matrix: readonly (readonly number[])[]): number[][] | null {
  const n = matrix.length;
  const work = matrix.map((row, i) => [
    ...row,
    ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
  ]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(work[r]?.[col] as number) > Math.abs(work[pivot]?.[col] as number)) pivot = r;
    const size = Math.abs(work[pivot]?.[col] as number);
    if (!(size > 1e-12)) return null;
    [work[col], work[pivot]] = [work[pivot] as number[], work[col] as number[]];
    const row = work[col] as number[];
    const p = row[col] as number;
    for (let j = 0; j < 2 * n; j++) row[j] = (row[j] as number) / p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const other = work[r] as number[];
      const factor = other[col] as number;
      if (factor === 0) continue;
      for (let j = 0; j < 2 * n; j++) other[j] = (other[j] as number) - factor * (row[j] as number);
    }
  }
  return work.map((row) => row.slice(n));
}

/** Solves A x = y for a small non-singular A; null when singular. */
export function solve(a: readonly (readonly number[])[], y: readonly number[]): number[] | null {
  const inverse = invert(a);
  if (!inverse) return null;
  return inverse.map((row) => row.reduce((s, v, j) => s + v * (y[j] as number), 0));
}

/**
 * Which columns are independent of the columns kept before them (modified Gram-Schmidt,
 * in the given order): a column whose remainder is under `tolerance` times its own length
 * is a linear combination of earlier kept ones. An all-zero column is never kept.
 */
export function independentColumns(columns: readonly (readonly number[])[], tolerance = 1e-8) {
  const basis: number[][] = [];
  return columns.map((column) => {
    const length = Math.sqrt(column.reduce((s, v) => s + v * v, 0));
    if (length === 0) return false;
    const rest = column.slice();
    for (const q of basis) {
      const dot = rest.reduce((s, v, i) => s + v * (q[i] as number), 0);
      for (let i = 0; i < rest.length; i++) rest[i] = (rest[i] as number) - dot * (q[i] as number);
    }
    const remainder = Math.sqrt(rest.reduce((s, v) => s + v * v, 0));
    if (remainder <= tolerance * length) return false;
    basis.push(rest.map((v) => v / remainder));
    return true;
  });
}
