import { Hono } from "hono";
import type { AppEnv } from "../app-env";

/**
 * Development only: one run of the Cron Trigger's sweeps now (worker/sweeps/sweeps.ts),
 * answering what each handled and how long it took, for the bench
 * (scripts/sweep-bench.mjs) and for a developer who does not want to wait a minute. The
 * app hands the sweeps in (`c.var.runSweeps`): the wing may not import payments code.
 */
export const devSweeps = new Hono<AppEnv>();

devSweeps.post("/", async (c) => {
  const outcomes = await c.var.runSweeps(c.env, c.executionCtx);
  return c.json({ outcomes }, 200, { "Cache-Control": "no-store" });
});
