import type { Background } from "../payments/fulfil";
import { sweepUnclaimedAttempts } from "./anonymous-attempts";
import { sweepAwaitingPayments } from "./payments";
import { sweepRetention } from "./retention";

/**
 * The Cron Trigger's sweeps (issue 31.3; docs/decisions/0047-sweeps.md), run every minute
 * beside the e-mail retries. Each is bounded (a batch per run: what is left waits for the
 * next minute) and idempotent (a second run over the same rows finds nothing to do), and
 * each runs apart: one that fails is logged and does not stop the others.
 */

export interface SweepOutcome {
  name: string;
  /** Rows handled in this run; null when the sweep failed. */
  handled: number | null;
  ms: number;
}

const sweeps: readonly [
  string,
  (env: Env, background: Background, now: number) => Promise<number>,
][] = [
  ["awaiting payments", (env, background, now) => sweepAwaitingPayments(env, background, now)],
  ["unclaimed attempts", (env, _background, now) => sweepUnclaimedAttempts(env, now)],
  ["retention", (env, background, now) => sweepRetention(env, background, now)],
];

export async function runSweeps(
  env: Env,
  background: Background,
  now = Date.now(),
): Promise<SweepOutcome[]> {
  return Promise.all(
    sweeps.map(async ([name, sweep]) => {
      const started = performance.now();
      try {
        const handled = await sweep(env, background, now);
        if (handled > 0) console.log(`sweeps: ${name}: ${handled} handled`);
        return { name, handled, ms: performance.now() - started };
      } catch (error) {
        console.error(`sweeps: ${name} failed`, error);
        return { name, handled: null, ms: performance.now() - started };
      }
    }),
  );
}
