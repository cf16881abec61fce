import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { attemptStub, loadAttempt } from "../attempts/lookup";
import { formKey, parseForm } from "../forms/forms";

/**
 * Development only: moves a running attempt's clock forward, so the time-up path can be
 * seen (and tested in the browser) without waiting 20 minutes. Answers 404 in
 * production, like every /_dev route.
 */
export const attemptClock = new Hono<AppEnv>();

const elapseSchema = z.object({
  ms: z
    .number()
    .int()
    .positive()
    .max(24 * 60 * 60 * 1000),
});

attemptClock.post("/:id/elapse", async (c) => {
  const parsed = elapseSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ status: 400, code: "badRequest" }, 400);
  const row = await loadAttempt(c.env, c.req.param("id"));
  if (!row) return c.json({ status: 404, code: "invalidTest" }, 404);
  const moved = await attemptStub(c.env, row.id).shiftClock(parsed.data.ms);
  return moved ? c.json({ ok: true }) : c.json({ status: 409, code: "testFinished" }, 409);
});

/**
 * Development only: the key of an attempt's own form, so the browser tests (and a developer
 * on `npm start`) can answer right on purpose. Production answers 404, like every /_dev
 * route; the key is never in any other answer (docs/decisions/0039-forms-served-and-scored.md).
 */
attemptClock.get("/:id/key", async (c) => {
  const row = await loadAttempt(c.env, c.req.param("id"));
  const form = parseForm(row?.form);
  if (!form) return c.json({ status: 404, code: "invalidTest" }, 404);
  return c.json(formKey(form), 200, { "Cache-Control": "no-store" });
});
