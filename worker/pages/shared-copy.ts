import { readCookie } from "../../core/language";
import { localizePath, matchScreen, type Screen } from "../../core/route-table";
import { attemptCookieName } from "../attempts/cookie";
import { sessionCookieName } from "../auth/cookies";

/**
 * Shared copies of the public pages (docs/decisions/0026-shared-page-copies.md): the
 * pages that are the same for every anonymous visitor are rendered once per build and
 * path, kept in the edge cache (the Workers Cache API, `edgeCache()`), and served from
 * there to every anonymous visitor of that data centre.
 *
 * What keeps a copy from carrying anything personal:
 * - only a GET of the page's own address, without a query string, from a request that
 *   carries no session cookie (valid or not) is served from or stored in the cache; the
 *   test page also needs no attempt cookie (its loader shows a running test);
 * - the copy is rendered with `sharedCopy` set, so the root loader ignores the consent
 *   cookie (the banner is hidden before paint by a script that reads the cookie in the
 *   browser, app/root.tsx);
 * - nothing with a Set-Cookie is stored; the language cookie is added to each response
 *   after it leaves the cache.
 * Each response gets its own CSP nonce: the stored copy's `nonce` attributes are
 * rewritten on the way out. The key carries the build id, so a new build never serves
 * an old copy; old copies expire on their own.
 */

/** The screens shared copies are made of: the same HTML for every anonymous visitor. */
export const sharedScreens: readonly Screen[] = ["home", "privacyPolicy", "termsOfUse", "test"];

/** Screens whose render depends on the browser's test attempt (its cookie). */
const attemptScreens: readonly Screen[] = ["test"];

/** How long the edge keeps a copy; a new build stops using it at once anyway. */
export const sharedCopyMaxAgeSeconds = 24 * 60 * 60;

/**
 * The data centre's cache. The page types (the DOM's lib) hide the Workers' `default`
 * member of `caches`; it is there at run time.
 */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** Response header saying how the page was served: `hit`, `miss` or `bypass`. */
export const sharedCopyHeader = "X-Page-Cache";

/** The page's own Cache-Control for the browser, kept beside the edge's in a stored copy. */
const browserCacheControlHeader = "X-Browser-Cache-Control";

/**
 * The cache key of a request's shared copy, or null when it must be rendered for this
 * request alone. `buildId` names the build that renders it.
 */
export function sharedCopyKey(request: Request, env: Env, buildId: string): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search !== "") return null;
  const match = matchScreen(url.pathname);
  if (!match?.valid || !sharedScreens.includes(match.screen)) return null;
  // Only the page's canonical address: no trailing-slash or percent-encoded variants.
  if (localizePath(match.screen, match.locale) !== url.pathname) return null;
  const cookies = request.headers.get("Cookie");
  if (readCookie(cookies, sessionCookieName(env)) !== null) return null;
  if (attemptScreens.includes(match.screen) && readCookie(cookies, attemptCookieName(env))) {
    return null;
  }
  return `${url.origin}/__shared-copy/${encodeURIComponent(buildId)}${url.pathname}`;
}

/**
 * The stored copy for a key, its `nonce` attributes rewritten to this response's nonce
 * (the caller sends the matching Content-Security-Policy); undefined when the edge has none.
 */
export async function readSharedCopy(key: string, nonce: string): Promise<Response | undefined> {
  const stored = await edgeCache().match(key);
  if (!stored) return undefined;
  const headers = new Headers(stored.headers);
  const browserCacheControl = headers.get(browserCacheControlHeader);
  headers.delete(browserCacheControlHeader);
  headers.delete("Cache-Control");
  if (browserCacheControl) headers.set("Cache-Control", browserCacheControl);
  // The cache may add its own validators and age; the visitor gets the page as rendered.
  for (const name of ["Age", "ETag", "Last-Modified", "Expires", "CF-Cache-Status"]) {
    headers.delete(name);
  }
  headers.set(sharedCopyHeader, "hit");
  const fresh = new Response(stored.body, { status: stored.status, headers });
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(fresh);
}

/**
 * Stores a page just rendered for a shared key (in the background) and returns the
 * response to send now. Only a complete 200 HTML page without cookies is kept.
 */
export function storeSharedCopy(key: string, page: Response, ctx: ExecutionContext): Response {
  const html = (page.headers.get("Content-Type") ?? "").includes("text/html");
  if (page.status !== 200 || !html || page.headers.has("Set-Cookie") || !page.body) {
    page.headers.set(sharedCopyHeader, "bypass");
    return page;
  }
  const [forVisitor, forCache] = page.body.tee();
  const headers = new Headers(page.headers);
  headers.delete("Content-Security-Policy");
  const browserCacheControl = headers.get("Cache-Control");
  if (browserCacheControl) headers.set(browserCacheControlHeader, browserCacheControl);
  headers.set("Cache-Control", `public, max-age=${sharedCopyMaxAgeSeconds}`);
  headers.delete(sharedCopyHeader);
  ctx.waitUntil(
    edgeCache()
      .put(key, new Response(forCache, { status: 200, headers }))
      .catch((error: unknown) => console.warn("pages: storing a shared copy failed", error)),
  );
  const response = new Response(forVisitor, page);
  response.headers.set(sharedCopyHeader, "miss");
  return response;
}
