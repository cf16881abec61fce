import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../../worker/app";
import { countingD1, type D1Tally, emptyTally } from "../../worker/dev/d1-counter";
import type { Send } from "./client";

/**
 * The Worker's Hono app (pages stubbed) on the test env with `DB` counted, so a test can
 * assert how many D1 statements a request sent (worker/dev/d1-counter.ts). The attempt's
 * Durable Object keeps its own, uncounted env: its writes are not in the tally.
 */
export function countedWorker(): { send: Send; tally: D1Tally; counted: () => D1Tally } {
  const tally = emptyTally();
  const app = createApp(async () => new Response("page"));
  const countedEnv = { ...env, DB: countingD1(env.DB, tally) };
  const send: Send = async (request) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(request, countedEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
  /** The statements counted since the last call. */
  const counted = () => {
    const since = { ...tally };
    Object.assign(tally, emptyTally());
    return since;
  };
  return { send, tally, counted };
}
