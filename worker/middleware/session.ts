import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { CurrentUser } from "../../core/accounts/account";
import type { AppEnv } from "../app-env";
import { sessionCookieName } from "../auth/cookies";
import { resolveSession } from "../auth/session";

/**
 * The session, resolved once per request (SECURITY.md 1-4): the user, the session id and
 * the cookie to send back go into `c.var` for every handler after it. A page's loaders
 * call the API in-process with the page's cookies; those calls reuse the page's
 * resolution instead of reading (and extending) the session a second time.
 */

interface Resolved {
  user: CurrentUser;
  sessionId: string | null;
}

/** In-process API requests made while rendering a page, with the page's session. */
const pageSessions = new WeakMap<Request, Resolved>();

/** Marks an in-process request as carrying this page's already resolved session. */
export function withPageSession(request: Request, session: Resolved): Request {
  pageSessions.set(request, session);
  return request;
}

/**
 * Marks a route that resolves the session only when it needs it (docs/decisions/
 * 0027-answer-path-without-d1.md): saving an answer and finishing a test, marked where
 * the attempts router declares them. The attempt's Durable Object decides from the
 * attempt cookie whether the request owns the attempt, and in the common cases (the
 * cookie's holder, anonymous or with a session the object knows) no session read is
 * needed: a session read would be their only D1 query. Their handlers call
 * `c.var.resolveSession()` when the object asks for the user; `user` and `sessionId` are
 * not set before that. A session is then not extended by these requests (it is by every
 * other: the pages around a test, starting it, its result), nor is a stale session cookie
 * dropped by them.
 */
export const deferSession: MiddlewareHandler<AppEnv> = (_c, next) => next();

/** The request's route carries the mark: Hono matched every handler before the first runs. */
function defersSession(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => route.handler === deferSession);
}

function setsCookie(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`));
}

export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const page = pageSessions.get(c.req.raw);
  if (page) {
    c.set("user", page.user);
    c.set("sessionId", page.sessionId);
    // The page's response carries the session's cookie.
    c.set("sessionCookie", null);
    c.set("resolveSession", async () => page);
    return next();
  }
  let resolving: Promise<Resolved> | null = null;
  const resolve = () => {
    resolving ??= resolveSession(c.req.raw, c.env).then((resolved) => {
      c.set("user", resolved.user);
      c.set("sessionId", resolved.sessionId);
      c.set("sessionCookie", resolved.setCookie);
      return { user: resolved.user, sessionId: resolved.sessionId };
    });
    return resolving;
  };
  c.set("resolveSession", resolve);
  if (!defersSession(c)) await resolve();
  await next();
  // A handler that signed someone in or out has set the session cookie itself; the
  // stale session's cookie must not follow it.
  const cookie = c.var.sessionCookie;
  if (cookie && !setsCookie(c.res, sessionCookieName(c.env))) {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append("Set-Cookie", cookie);
  }
};
