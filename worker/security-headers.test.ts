import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { strongPassword, uniqueEmail } from "../tests/worker/client";
import { createApp, type PageHandler } from "./app";

/**
 * The headers every response carries (SECURITY.md 32), through the real pipeline
 * (worker/app.ts) on an https origin, as in production; the pages' CSP is in
 * worker/security-headers.unit.test.ts and, on the built Worker, e2e/pages.test.ts.
 */

const site = "https://www.example.com";
const httpsEnv = { ...env, BASE_URL: site };
/** A page that would let any cache keep it, as a render may say. */
const cacheablePage: PageHandler = async () =>
  new Response("<!doctype html><title>page</title>", {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "max-age=300" },
  });

async function fetchApp(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp(cacheablePage).fetch(
    new Request(`${site}${path}`, init),
    httpsEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function signedInCookie(): Promise<string> {
  const response = await fetchApp("/api/accounts/sign-up", {
    method: "POST",
    headers: { Origin: site, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Maria Silva",
      email: uniqueEmail("headers"),
      dateOfBirth: "1990-01-01",
      password: strongPassword,
      passwordConfirmation: strongPassword,
    }),
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
}

describe("SECURITY 32: the security headers", () => {
  it.each(["/account", "/api/application-configuration", "/api/no-such-endpoint"])(
    "%s carries HSTS, nosniff, the referrer policy, COOP and a minimal Permissions-Policy",
    async (path) => {
      const response = await fetchApp(path, { headers: { "Sec-Fetch-Site": "none" } });
      expect(response.headers.get("Strict-Transport-Security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
      const features = (response.headers.get("Permissions-Policy") ?? "").split(", ");
      expect(features).toEqual(
        expect.arrayContaining(["camera=()", "microphone=()", "geolocation=()"]),
      );
      for (const feature of features) expect(feature).toMatch(/^[a-z-]+=\((self)?\)$/);
    },
  );

  it("a signed-in visitor's page is never stored (no-store); an anonymous visitor's keeps its own", async () => {
    const cookie = await signedInCookie();
    expect(cookie).toMatch(/^__Host-session=/);
    const mine = await fetchApp("/account", {
      headers: { Cookie: cookie, "Sec-Fetch-Site": "none" },
    });
    expect(mine.headers.get("Cache-Control")).toBe("no-store");
    const anonymous = await fetchApp("/account", { headers: { "Sec-Fetch-Site": "none" } });
    expect(anonymous.headers.get("Cache-Control")).toBe("max-age=300");
  });
});
