import { Hono } from "hono";
import { isbot } from "isbot";
import { homeLanguageRedirect, languageSetCookie } from "../core/language";
import { buildSitemap } from "../core/sitemap";
import { api } from "./api";
import { validateEnvOnce } from "./env";

export type AppEnv = { Bindings: Env };

/** Renders a page (React Router SSR). Injected so the API can be tested without the page build. */
export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/** Page data requests of React Router end in `.data`; `/_root.data` is the home page. */
function pagePathname(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

export function createApp(renderPage: PageHandler) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const problem = validateEnvOnce(c.env);
    if (problem) {
      console.error(problem);
      return c.text(problem, 500);
    }
    await next();
  });

  app.route("/api", api);

  app.get("/healthz", async (c) => {
    await c.env.DB.prepare("select 1").first();
    return c.json({ ok: true }, 200, { "Cache-Control": "no-store" });
  });

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

  app.all("*", async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const isPageRead = request.method === "GET" || request.method === "HEAD";
    if (isPageRead) {
      const target = homeLanguageRedirect({
        pathname: url.pathname,
        search: url.search,
        cookieHeader: request.headers.get("Cookie"),
        acceptLanguage: request.headers.get("Accept-Language"),
        isBot: isbot(request.headers.get("User-Agent")),
        secFetchSite: request.headers.get("Sec-Fetch-Site"),
      });
      if (target) {
        return new Response(null, {
          status: 302,
          headers: { Location: target, Vary: "Cookie, Accept-Language, User-Agent" },
        });
      }
    }
    // Hono types its context object narrower than the Workers runtime; it is the same object.
    const page = await renderPage(request, c.env, c.executionCtx as unknown as ExecutionContext);
    if (!isPageRead) return page;
    const response = new Response(page.body, page);
    response.headers.append(
      "Set-Cookie",
      languageSetCookie(pagePathname(url.pathname), url.protocol === "https:"),
    );
    if (url.pathname === "/") response.headers.append("Vary", "Cookie, Accept-Language");
    return response;
  });

  return app;
}
