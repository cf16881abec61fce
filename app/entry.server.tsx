import criticalCss from "virtual:critical-css";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isProfileIncomplete } from "./components/general-error-boundary";
import { profileCompletion } from "./components/profile-completion-loader";
import { cloudflareContext } from "./lib/load-context";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

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
  // The profile-completion step renders in place (components/on-demand.tsx): its code first.
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (errors.some(isProfileIncomplete)) await profileCompletion.load();
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
  // Bots get the whole page at once.
  if (isbot(request.headers.get("user-agent"))) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
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
