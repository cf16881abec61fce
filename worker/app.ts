import { Hono } from "hono";
import type { RequestContext } from "../app/lib/load-context";
import { anonymousUser } from "../core/accounts/account";
import { homeLanguageRedirect, languageSetCookie } from "../core/locales/language";
import { buildSitemap } from "../core/web/sitemap";
import { isBotAgent } from "../core/web/user-agent";
import { api } from "./api";
import type { AppEnv } from "./app-env";
import { csrfProtection } from "./auth/csrf";
import { type DependencyBounds, defaultBounds, guardedEnv } from "./dependencies/guard";
import { unavailableIn } from "./dependencies/unavailable";
import { dev, devCountryHeader, isPageCeiling, pageCeiling } from "./dev";
import { validateEnvOnce } from "./env";
import { itemImage } from "./forms/item-images";
import { answerUnhandledError, loggedError, logUnavailable } from "./http/errors";
import { retryAfterSeconds, serviceUnavailable } from "./http/responses";
import { logEvent, requestRoute, withRequestScope } from "./log/log";
import { session, withPageSession } from "./middleware/session";
import {
  readSharedCopy,
  readSharedCopyInMemory,
  sharedCopyHeader,
  sharedCopyKey,
  storeSharedCopy,
} from "./pages/shared-copy";
import {
  addSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  withSecurityHeaders,
} from "./security-headers";
import { runSweeps } from "./sweeps/sweeps";

/** Renders a page (React Router SSR). Injected so the API can be tested without the page build. */
export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>;

/** Page data requests of React Router end in `.data`; `/_root.data` is the home page. */
function pagePathname(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * Whether a page request is a navigation, the only kind that writes the language cookie
 * (spec section 2). React Router's lazy route discovery (`/__manifest`) and subresources
 * the browser fetches on its own (a favicon, an image that is not a static asset) are
 * not: they used to overwrite a Portuguese cookie with English in the background.
 * Documents and React Router's data requests (`.data`, destination "empty") are; so are
 * clients that send no fetch metadata (curl, bots).
 */
function isNavigation(request: Request, pathname: string): boolean {
  if (pathname === "/__manifest") return false;
  const destination = request.headers.get("Sec-Fetch-Dest");
  return destination === null || ["document", "iframe", "empty"].includes(destination);
}

/** A request to our own API made while rendering a page: same cookies, language and origin. */
function internalRequest(page: Request, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  for (const name of ["Cookie", "Accept-Language", "User-Agent", devCountryHeader]) {
    const value = page.headers.get(name);
    if (value && !headers.has(name)) headers.set(name, value);
  }
  const url = new URL(path, page.url);
  headers.set("Origin", url.origin);
  // The edge's facts about the visitor (the country: ADR 0043) reach the API too.
  return new Request(url, { ...init, headers, cf: page.cf });
}

export interface AppOptions {
  /**
   * The build serving the pages: shared copies of public pages are kept per build
   * (worker/pages/shared-copy.ts), so a new build never serves an old copy.
   */
  buildId: string;
  /**
   * How long a call of D1, KV or an attempt's Durable Object may take before the request
   * answers 503 (docs/decisions/0029-dependency-failures.md); tests shorten them.
   */
  dependencyBounds?: DependencyBounds;
}

/** Requests answered by Hono itself: their errors are JSON. Every other path is a page. */
function isMachinePath(pathname: string): boolean {
  return (
    pathname === "/api" ||
    pathname.startsWith("/api/") ||
    pathname.startsWith("/q/") ||
    ["/healthz", "/robots.txt", "/sitemap.xml"].includes(pathname)
  );
}

export function createApp(
  renderPage: PageHandler,
  { buildId, dependencyBounds = defaultBounds }: AppOptions = { buildId: "unbuilt" },
) {
  const app = new Hono<AppEnv>();

  app.use(withSecurityHeaders);

  app.use(async (c, next) => {
    const problem = validateEnvOnce(c.env);
    if (problem) {
      console.error(problem);
      return c.text(problem, 500);
    }
    await next();
  });

  // Every D1, KV and Durable Object call below is bounded and its failure classified: an
  // outage answers 503, a bug still 500 (ADR 0029).
  app.use(async (c, next) => {
    c.env = guardedEnv(c.env, dependencyBounds);
    await next();
  });

  app.onError(async (error, c) => {
    const unavailable = unavailableIn(error);
    if (unavailable && !isMachinePath(new URL(c.req.url).pathname)) {
      logUnavailable(c.req.raw, unavailable);
      return unavailablePage(c.req.raw, c.env, c.executionCtx as unknown as ExecutionContext);
    }
    return answerUnhandledError(error, c);
  });

  /**
   * The 503 screen ('Service Temporarily Unavailable!' with Try Again) for a page whose
   * request could not be served (its session could not be read): rendered anonymously,
   * without any loader's data (the pages' middleware throws 503 first), never shared.
   */
  async function unavailablePage(request: Request, env: Env, ctx: ExecutionContext) {
    const nonce = createNonce();
    let page: Response;
    try {
      page = await renderPage(request, {
        env,
        ctx,
        user: anonymousUser,
        nonce,
        sharedCopy: false,
        serviceUnavailable: true,
        api: async () => serviceUnavailable(),
      });
    } catch (error) {
      console.error(`unhandled: rendering the 503 page: ${loggedError(error)}`);
      return serviceUnavailable();
    }
    const response = new Response(page.body, { status: 503, headers: page.headers });
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("Retry-After", String(retryAfterSeconds));
    response.headers.set(sharedCopyHeader, "bypass");
    if (
      (response.headers.get("Content-Type") ?? "").includes("text/html") &&
      !import.meta.env.DEV
    ) {
      response.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
    }
    return response;
  }

  // Machine endpoints first: they answer without a session.
  app.get("/healthz", async (c) => {
    await c.env.DB.prepare("select 1").first();
    return c.json({ ok: true }, 200, { "Cache-Control": "no-store" });
  });

  // An image of an attempt's own form (worker/forms/item-images.ts): no session needed.
  app.get("/q/f/:attempt/:file", itemImage);

  app.get("/robots.txt", (c) => {
    const base = c.env.BASE_URL.replace(/\/$/, "");
    return c.text(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`);
  });

  app.get("/sitemap.xml", (c) =>
    c.body(buildSitemap(c.env.BASE_URL), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }),
  );

  app.use(session);
  app.route("/api", api);
  app.use("/_dev/sweeps", async (c, next) => {
    c.set("runSweeps", runSweeps);
    await next();
  });
  app.route("/_dev", dev);

  // Page form posts (route actions) call the API in-process with our own Origin: they must
  // come from our pages themselves (SECURITY.md 8).
  app.all("*", csrfProtection(), async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const isPageRead = request.method === "GET" || request.method === "HEAD";
    if (isPageRead) {
      const target = languageRedirectOf(request, url);
      if (target) {
        return new Response(null, {
          status: 302,
          headers: { Location: target, Vary: "Cookie, Accept-Language, User-Agent" },
        });
      }
    }
    // Hono types its context object narrower than the Workers runtime; it is the same object.
    const ctx = c.executionCtx as unknown as ExecutionContext;
    const { user, sessionId } = c.var;
    const nonce = createNonce();
    // Public pages are the same for every anonymous visitor: one copy per build and path.
    const sharedKey = isPageRead ? sharedCopyKey(request, c.env, buildId) : null;
    let response = sharedKey ? await readSharedCopy(sharedKey, nonce) : undefined;
    if (!response) {
      const page = await renderPage(request, {
        env: c.env,
        ctx,
        user,
        nonce,
        sharedCopy: sharedKey !== null,
        api: async (path, init) =>
          app.fetch(
            withPageSession(internalRequest(request, path, init), { user, sessionId }),
            c.env,
            ctx,
          ),
      });
      // The session middleware adds the session's cookie to this response.
      response = new Response(page.body, page);
      if (sharedKey) response = storeSharedCopy(sharedKey, response, nonce, ctx);
      else response.headers.set(sharedCopyHeader, "bypass");
    }
    return finishPage(response, request, url, nonce, user.isAuthenticated);
  });

  // A public page's shared copy kept in this isolate is served before Hono routes anything:
  // no session to read (the request carries none), no API, no render. Everything else,
  // and a copy only the edge cache holds, goes through the app. In development the bench's
  // page ceiling is answered here too, before any routing (worker/dev/page-ceiling.ts).
  const route = app.fetch;
  const answer = (...[request, env, ctx]: Parameters<typeof route>) => {
    if (env && isPageCeiling(request, env as Env)) {
      return pageCeiling(request, (page) => Promise.resolve(route(page, env, ctx)));
    }
    const hit = env ? sharedCopyHitInMemory(request, env as Env, buildId) : undefined;
    if (!hit) return route(request, env, ctx);
    addSecurityHeaders(hit.headers, request.url);
    return hit;
  };
  // Every line a request logs carries its id and route; its own line closes it with the
  // status and duration (worker/log/log.ts; ADR 0048).
  app.fetch = (request, env, ctx) => {
    const started = Date.now();
    const scope = {
      requestId: request.headers.get("cf-ray") ?? crypto.randomUUID(),
      route: requestRoute(new URL(request.url).pathname),
    };
    return withRequestScope(scope, async () => {
      const response = await answer(request, env, ctx);
      // A 5xx has its ERROR line already, from whoever answered it (the unhandled-error
      // handler, a dependency's outage, a page's render): the request line only warns.
      logEvent(response.status >= 500 ? "warn" : "info", "request", {
        method: request.method,
        status: response.status,
        ms: Date.now() - started,
      });
      return response;
    });
  };

  return app;
}

/**
 * What every page response gets once it exists (a render or a shared copy): its CSP with
 * this response's nonce, no-store for a signed-in user, and on a navigation the language
 * cookie (with Vary on the home page, whose redirect depends on them).
 */
function finishPage(
  response: Response,
  request: Request,
  url: URL,
  nonce: string,
  signedIn: boolean,
): Response {
  if ((response.headers.get("Content-Type") ?? "").includes("text/html") && !import.meta.env.DEV) {
    response.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  }
  // Pages of a signed-in user are personal: never stored by a cache.
  if (signedIn) response.headers.set("Cache-Control", "no-store");
  const isPageRead = request.method === "GET" || request.method === "HEAD";
  if (!isPageRead || !isNavigation(request, url.pathname)) return response;
  response.headers.append(
    "Set-Cookie",
    languageSetCookie(pagePathname(url.pathname), url.protocol === "https:"),
  );
  if (url.pathname === "/") response.headers.append("Vary", "Cookie, Accept-Language");
  return response;
}

/** The language redirect the home page may owe this request (spec section 2), if any. */
function languageRedirectOf(request: Request, url: URL): string | null {
  return homeLanguageRedirect({
    pathname: url.pathname,
    search: url.search,
    cookieHeader: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
    isBot: isBotAgent(request.headers.get("User-Agent")),
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
  });
}

/**
 * The response for a request whose shared copy (ADR 0026) this isolate holds, finished as
 * the app would finish it, or undefined: a request with a session or a query, another
 * path, a home page that redirects, an environment not yet validated, or no copy here.
 */
function sharedCopyHitInMemory(request: Request, env: Env, buildId: string): Response | undefined {
  if (request.method !== "GET" || validateEnvOnce(env) !== null) return undefined;
  const key = sharedCopyKey(request, env, buildId);
  if (!key) return undefined;
  const url = new URL(request.url);
  if (url.pathname === "/" && languageRedirectOf(request, url)) return undefined;
  const nonce = createNonce();
  const copy = readSharedCopyInMemory(key, nonce, request);
  return copy && finishPage(copy, request, url, nonce, false);
}
