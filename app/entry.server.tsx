import criticalCss from "virtual:critical-css";
import type { ReactElement } from "react";
// React's Node build, not the edge build that "react-dom/server" resolves to in workerd:
// the edge build turns every string it writes (each attribute, each text) into bytes with
// its own TextEncoder.encode call, a fifth of the home page's render in a CPU profile; the
// Node build writes them into one 4 KB buffer with encodeInto. Its renderToReadableStream
// is the same API, and what it needs of Node (util, crypto, async_hooks, stream,
// setImmediate, Buffer) the Worker has with nodejs_compat. docs/measurements.md, 2026-11-28.
import { renderToReadableStream, renderToStaticMarkup } from "react-dom/server.node";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, MemoryRouter, ServerRouter } from "react-router";
import { deferHydration, hydratesOnIntent } from "../core/web/hydrate-on-intent";
import { isBotAgent } from "../core/web/user-agent";
import { profileCompletion } from "./components/profile-completion-loader";
import { setStaticPartRenderer } from "./components/server-html";
import { cloudflareContext } from "./lib/load-context";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

/**
 * What React Router logs of a request's errors (issue 31.5). A request the router answered
 * as refused (a PUT or POST to a page that takes none: 405; an unknown page: 404) is no
 * error for anyone to look at: it is not logged (the Worker's request line has its status).
 * Anything else is a bug, logged at ERROR (the Worker's console writes JSON lines).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error("pages: a page failed", inner ?? error);
};

/**
 * A static part of a page (components/server-html.tsx: the home page's sections) is
 * rendered once per isolate and language, with a stand-in for the nonce; each page joins
 * the pieces with its own. React's rendering of those 30 KB was a fifth of the home page's
 * time on the server (docs/measurements.md). Its links need a router, not the page's: a
 * memory router renders the same `<a href data-discover>`.
 */
const staticParts = new Map<string, string[]>();
/** Drawn on first use: a Worker may not draw random values while its module loads. */
let nonceStandIn: string | undefined;

function staticPart(key: string, part: ReactElement, nonce: string): string {
  let pieces = staticParts.get(key);
  if (pieces === undefined) {
    nonceStandIn ??= `nonce-${crypto.randomUUID()}`;
    pieces = renderToStaticMarkup(
      <NonceProvider value={nonceStandIn}>
        <MemoryRouter>{part}</MemoryRouter>
      </NonceProvider>,
    ).split(nonceStandIn);
    staticParts.set(key, pieces);
  }
  return pieces.join(nonce);
}

setStaticPartRenderer(staticPart);

/** Modules the client loads lazily but the server must have before its first render. */
let serverModules: Promise<unknown> | undefined;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  inlineCriticalCss(routerContext);
  // The server renders the profile-completion step at once, never through its lazy
  // boundary: suspended, it streamed after the page's scripts, so a busy browser could
  // hydrate before it arrived and then show it twice (seen in CI under load). Loaded, it
  // renders with no boundary at all (components/on-demand.tsx): React's server streamed
  // even a ready boundary this large after the page.
  serverModules ??= profileCompletion.load();
  await serverModules;
  // The Worker sends this nonce in the response's Content-Security-Policy.
  const { nonce } = loadContext.get(cloudflareContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (hydratesOnIntent(Object.values(routerContext.staticHandlerContext.loaderData))) {
    return new Response(await hydratingOnIntent(body), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  // Bots get the whole page at once.
  if (isBotAgent(request.headers.get("user-agent"))) await body.allReady;
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A page whose loaders say so (a shared copy, ADR 0026; a result) hydrates on intent: its
 * module script is made inert and its preloads listed on it (core/web/hydrate-on-intent.ts,
 * docs/decisions/0033-hydration-on-intent.md). Such a page has no deferred data, so waiting
 * for the whole render costs nothing.
 */
async function hydratingOnIntent(body: ReadableStream & { allReady: Promise<void> }) {
  await body.allReady;
  const html = await new Response(body).text();
  const deferred = deferHydration(html);
  // The root layout's inline script copes with a page that hydrates at once.
  if (deferred === null) console.warn("pages: no React Router scripts to defer; hydrating at once");
  return deferred ?? html;
}

/**
 * The critical CSS of the page (its leaf route's, scripts/critical-css.ts) goes inline in
 * <head>, where React Router's <Links> renders it; the stylesheets then load without
 * holding the first paint back (components/page-links.tsx, docs/decisions/0028-first-load.md).
 * In development the build has none, and React Router's own stays.
 */
function inlineCriticalCss(routerContext: EntryContext) {
  const leaf = routerContext.staticHandlerContext.matches.at(-1);
  const module = leaf && routerContext.manifest.routes[leaf.route.id]?.module;
  const css = module === undefined ? undefined : criticalCss[module];
  if (css !== undefined) routerContext.criticalCss = css;
}
