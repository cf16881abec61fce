import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { attemptStub, loadAttempt } from "../attempts/lookup";
import { edgeCache } from "../pages/shared-copy";
import { parseForm } from "./forms";

/**
 * `GET /q/f/<attempt id>/<token>.svg`: one image of an attempt's form
 * (docs/decisions/0039-forms-served-and-scored.md). The token is an HMAC of the instance and
 * the image's content, never its letter, so the URL tells nothing of the model, the radicals
 * or the key. The attempt's Durable Object keeps every image its form rendered at the start;
 * once its storage is gone (a week after the attempt ended) the image is made again from the
 * form in D1. An image never changes under its URL: cached for a year, at the edge too.
 */

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tokenFile = /^([0-9a-f]{32})\.svg$/;

/**
 * An image of a stored form made again from its instance (its Durable Object builds it);
 * null when the attempt has no form or no image has this token.
 */
async function rebuilt(env: Env, attemptId: string, token: string): Promise<string | null> {
  const form = parseForm((await loadAttempt(env, attemptId))?.form);
  return form ? attemptStub(env, attemptId).imageFromForm(attemptId, form, token) : null;
}

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function itemImage(c: Context<AppEnv>): Promise<Response> {
  const attemptId = c.req.param("attempt") ?? "";
  const token = tokenFile.exec(c.req.param("file") ?? "")?.[1];
  if (!uuid.test(attemptId) || !token) return notFound();
  const cache = edgeCache();
  const cached = await cache.match(c.req.raw);
  // A cached response's headers are immutable: the security headers are set on a copy.
  if (cached) return new Response(cached.body, cached);
  const svg =
    (await attemptStub(c.env, attemptId).image(token)) ?? (await rebuilt(c.env, attemptId, token));
  if (svg === null) return notFound();
  const response = new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      // An item image is a drawing: nothing in it may run or load anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
  c.executionCtx.waitUntil(cache.put(c.req.raw, response.clone()));
  return response;
}
