import type { Context } from "hono";
import type { CurrentUser } from "../core/accounts/account";

/**
 * The Hono context of every request: the Worker's bindings, and what middleware
 * resolved once for the handlers after it (read with `c.var`).
 */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /**
     * The signed-in user, or the anonymous one (worker/middleware/session.ts). Not set on
     * the few routes that defer the session (saving an answer, finishing a test: ADR
     * 0027) until they call `resolveSession`.
     */
    user: CurrentUser;
    /** The session the request signed in with, so sign-in and logout can end it. */
    sessionId: string | null;
    /**
     * The session, resolved on the first call (then `user`, `sessionId` and
     * `sessionCookie` are set) and kept for the request. Already resolved on every route
     * but those that defer it.
     */
    resolveSession: () => Promise<{ user: CurrentUser; sessionId: string | null }>;
    /**
     * A Set-Cookie the session wants sent back (extended, or a stale cookie dropped);
     * added to the response unless the handler set the session cookie itself.
     */
    sessionCookie: string | null;
    /**
     * The Cron Trigger's sweeps (worker/sweeps/sweeps.ts), handed by the app to the
     * development wing's `/_dev/sweeps`, which may not import the payments code that reaches
     * the wing itself (worker/payments/providers.ts).
     */
    runSweeps: (
      env: Env,
      background: { waitUntil(promise: Promise<unknown>): void },
    ) => Promise<{ name: string; handled: number | null; ms: number }[]>;
  };
};

/** The context a handler or a helper of the pipeline is given. */
export type AppContext = Context<AppEnv>;
