import type { MiddlewareHandler } from "hono";

/**
 * CSRF (SECURITY.md 8): every request that is not GET or HEAD, JSON included, is refused
 * unless its `Origin` is our own origin or the browser says `Sec-Fetch-Site: same-origin`.
 * A request with neither header is refused too. Hono's `csrf()` only covers form types.
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null && origin === new URL(request.url).origin) return true;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

export function csrfProtection(
  options: { exempt?: (pathname: string) => boolean } = {},
): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const { pathname } = new URL(c.req.url);
    if (options.exempt?.(pathname) || isSameOriginRequest(c.req.raw)) return next();
    console.warn(
      `csrf: refused ${method} ${pathname} (origin ${(c.req.header("Origin") ?? "none").slice(0, 100)}, sec-fetch-site ${(c.req.header("Sec-Fetch-Site") ?? "none").slice(0, 30)})`,
    );
    return c.json({ status: 403, code: "forbidden" }, 403, { "Cache-Control": "no-store" });
  };
}
