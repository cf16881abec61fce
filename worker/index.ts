import { createRequestHandler } from "react-router";
// The Worker entry is the one place that bridges to the page build: it hands React
// Router the env and execution context through the app's own context key.
import { createLoadContext } from "../app/lib/load-context";
import { createApp } from "./app";
import { guardedEnv } from "./dependencies/guard";
import { withD1Counting } from "./dev";
import { sendDueMailOf } from "./email/mailer";
import { bridgeConsole } from "./log/log";
import { runSweeps } from "./sweeps/sweeps";

export { TestAttempt } from "./attempts/attempt-object";

// Every console line of this isolate is one JSON object (worker/log/log.ts; ADR 0048).
bridgeConsole();

/** The page build, imported lazily: the worker tests run the API without it. */
const loadBuild = () => import("virtual:react-router/server-build");

/**
 * React Router's handler. Given the build as a function, it derives its route tree and
 * handlers again on every request (meant for reloads in development), which cost each page
 * render about as much as the render itself; a built Worker resolves the build once.
 */
function pageHandler(): ReturnType<typeof createRequestHandler> {
  if (import.meta.env.DEV) return createRequestHandler(loadBuild, import.meta.env.MODE);
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  return async (request, context) => {
    handler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
    return handler(request, context);
  };
}

const renderPage = pageHandler();

const app = createApp((request, context) => renderPage(request, createLoadContext(context)), {
  // Defined by the build (vite.config.ts); the worker tests run the source unbuilt.
  buildId: typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "unbuilt",
});

export default {
  // The bench may count D1 statements (worker/dev/d1-counter.ts; never in production).
  fetch: (request, env, ctx) => app.fetch(request, withD1Counting(env), ctx),
  // Every minute (wrangler.jsonc `triggers`): mail the e-mail provider did not take yet is
  // tried again (worker/email/outbox.ts; docs/decisions/0029-dependency-failures.md), and
  // the sweeps run (worker/sweeps/sweeps.ts: payments left awaiting, unclaimed attempts).
  scheduled: (_controller, env, ctx) => {
    const guarded = guardedEnv(withD1Counting(env));
    ctx.waitUntil(sendDueMailOf(guarded));
    ctx.waitUntil(runSweeps(guarded, ctx));
  },
} satisfies ExportedHandler<Env>;
