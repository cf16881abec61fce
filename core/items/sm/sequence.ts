/** A number sequence as the SM models declare it, and reading it: its differences and last terms. */

/** The rule a model declares: its family (what the solver dispatches on) and parameters. */
export type PoolRule = { family: string } & Record<string, number | string>;

export interface PoolSpec {
  rule: PoolRule;
  /** The visible terms; the question asks for the next one. */
  terms: number[];
}

export function differences(terms: readonly number[]): number[] {
  return terms.slice(1).map((v, i) => v - (terms[i] as number));
}

export const last = (terms: readonly number[], k = 1) => terms[terms.length - k] as number;
