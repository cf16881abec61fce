import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { countsD1, devTally, resetDevTally } from "./d1-counter";

/**
 * Development only: the D1 statements this isolate sent since the last reset (the Worker
 * and the attempts' Durable Objects; a local server runs one isolate), for the bench
 * (scripts/d1-bench.mjs). Counting is on with `--var COUNT_D1_QUERIES:1`; without it
 * these routes answer 404 `notCounting`, and in production 404 like every /_dev route.
 */
export const d1Queries = new Hono<AppEnv>();

d1Queries.use(async (c, next) => {
  if (!countsD1(c.env)) return c.json({ status: 404, code: "notCounting" }, 404);
  await next();
});

d1Queries.get("/", (c) => c.json({ ...devTally }, 200, { "Cache-Control": "no-store" }));

d1Queries.delete("/", (c) => {
  resetDevTally();
  return c.json({ ...devTally }, 200, { "Cache-Control": "no-store" });
});
