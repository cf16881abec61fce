import { createRequestHandler } from "react-router";
// The Worker entry is the one place that bridges to the page build: it hands React
// Router the env and execution context through the app's own context key.
import { createLoadContext } from "../app/lib/load-context";
import { createApp } from "./app";

export { TestAttempt } from "./attempts/attempt-object";

const renderPage = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = createApp((request, context) => renderPage(request, createLoadContext(context)), {
  // Defined by the build (vite.config.ts); the worker tests run the source unbuilt.
  buildId: typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "unbuilt",
});

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
