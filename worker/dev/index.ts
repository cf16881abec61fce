import { Hono } from "hono";
import type { AppEnv } from "../app";

/**
 * Development-only pages (the mailbox, the local Google stand-in). Every route answers
 * 404 in production.
 */
export const dev = new Hono<AppEnv>();

dev.use(async (c, next) => {
  if (c.env.ENVIRONMENT !== "development") return c.notFound();
  await next();
});
