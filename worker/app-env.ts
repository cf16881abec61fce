import type { CurrentUser } from "../core/account";

/**
 * The Hono context of every request: the Worker's bindings, and what middleware
 * resolved once for the handlers after it (read with `c.var`).
 */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** The signed-in user, or the anonymous one (worker/middleware/session.ts). */
    user: CurrentUser;
    /** The session the request signed in with, so sign-in and logout can end it. */
    sessionId: string | null;
    /**
     * A Set-Cookie the session wants sent back (extended, or a stale cookie dropped);
     * added to the response unless the handler set the session cookie itself.
     */
    sessionCookie: string | null;
  };
};
