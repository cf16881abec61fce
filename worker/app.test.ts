import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

function get(path: string, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      headers: { "User-Agent": browser, ...headers },
      redirect: "manual",
    }),
  );
}

describe("machine endpoints (Hono)", () => {
  it("/healthz reads the real local D1", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("the migrations created the users table", async () => {
    const row = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name = 'users'",
    ).first();
    expect(row).toEqual({ name: "users" });
  });

  it("/robots.txt points to the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(await response.text()).toContain(`Sitemap: ${env.BASE_URL}/sitemap.xml`);
  });

  it("/sitemap.xml is XML listing both languages of the home page", async () => {
    const response = await get("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain(`<loc>${env.BASE_URL}/pt-br</loc>`);
    expect(xml).toContain('hreflang="pt-BR"');
  });

  it("an unknown API path is a JSON 404, never a page", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await exports.default.fetch(
        new Request("http://localhost/api/nope", {
          method,
          // Non-GET requests must pass the CSRF check first (worker/auth/csrf.ts).
          headers: { Origin: "http://localhost" },
        }),
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ status: 404, code: "notFound" });
    }
  });
});

describe("the language redirect of the bare home", () => {
  it("sends a Portuguese browser to /pt-br", async () => {
    const response = await get("/", {
      "Accept-Language": "pt-BR,pt;q=0.9",
      "Sec-Fetch-Site": "none",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pt-br");
    expect(response.headers.get("Vary")).toContain("Accept-Language");
  });

  it("follows the cookie before the browser language", async () => {
    const response = await get("/", { "Accept-Language": "en-US", Cookie: "lang=pt-BR.prefixed" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pt-br");
  });
  // Pages that are served (bots, other paths) are checked against the built Worker in e2e/.
});
