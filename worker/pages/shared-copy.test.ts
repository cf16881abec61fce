import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { RequestContext } from "../../app/lib/load-context";
import { startTest } from "../../tests/worker/attempts";
import { Client, origin } from "../../tests/worker/client";
import { createApp } from "../app";
import { forgetSharedCopiesInMemory } from "./shared-copy";

/**
 * Shared copies of the public pages (worker/pages/shared-copy.ts, ADR 0026), through the
 * Worker's real pipeline and the local edge cache, with a stand-in page renderer that
 * shows what a real page could leak: the user's name and the consent cookie it was given.
 * The real pages are checked the same way in e2e/shared-copy.test.ts.
 */

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

interface Render {
  path: string;
  sharedCopy: boolean;
  signedIn: boolean;
}

/** A build of the Worker whose renderer records each render. */
function build(buildId = `build-${crypto.randomUUID()}`) {
  const renders: Render[] = [];
  const app = createApp(
    async (request: Request, context: RequestContext) => {
      const { user, nonce, sharedCopy } = context;
      renders.push({
        path: new URL(request.url).pathname,
        sharedCopy,
        signedIn: user.isAuthenticated,
      });
      const who = user.isAuthenticated ? user.name : "nobody";
      const consent = sharedCopy ? "unknown" : (request.headers.get("Cookie") ?? "none");
      const html = `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body><p>${who}</p><p>${consent}</p><script nonce="${nonce}" type="module">2</script></body></html>`;
      return new Response(html, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      });
    },
    { buildId },
  );
  const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(`${origin}${path}`, {
        method,
        headers: { "User-Agent": browser, Cookie: "lang=en-US", ...headers },
        redirect: "manual",
      }),
      env,
      ctx,
    );
    const body = await response.text();
    // The copy is stored in the background, after the body was sent.
    await waitOnExecutionContext(ctx);
    return { response, body, served: response.headers.get("X-Page-Cache") };
  };
  return { renders, get, app };
}

/** The Cookie header a client's browser would send. */
const cookieHeader = (client: Client) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

const nonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("a shared copy of a public page", () => {
  it.each([
    "/",
    "/pt-br",
    "/privacy-policy",
    "/pt-br/privacy-policy",
    "/terms-of-use",
    "/pt-br/termos-de-uso",
    "/test",
    "/pt-br/teste",
  ])(
    "%s is rendered once per build, then served from the edge with a fresh nonce",
    async (path) => {
      const site = build();
      const first = await site.get(path);
      const second = await site.get(path);
      expect(first.response.status).toBe(200);
      expect([first.served, second.served]).toEqual(["miss", "hit"]);
      expect(site.renders).toEqual([{ path, sharedCopy: true, signedIn: false }]);
      // One nonce per response, on every element that had one, never the stored one.
      const [before, after] = [nonces(first.body), nonces(second.body)];
      expect(new Set(before).size).toBe(1);
      expect(new Set(after).size).toBe(1);
      expect(after).toHaveLength(before.length);
      expect(after[0]).not.toBe(before[0]);
      expect(second.body.replaceAll(after[0] as string, "N")).toBe(
        first.body.replaceAll(before[0] as string, "N"),
      );
      // Each response still writes the language cookie and keeps the page's own caching.
      for (const { response } of [first, second]) {
        expect(response.headers.get("Set-Cookie")).toMatch(/^lang=(en-US|pt-BR\.prefixed);/);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
        expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      }
    },
  );

  it("answers the same from this isolate's memory (before any routing) as from the edge cache through the app, but for the nonce", async () => {
    for (const path of ["/", "/pt-br/teste"]) {
      const site = build();
      await site.get(path);
      const fromMemory = await site.get(path);
      forgetSharedCopiesInMemory();
      const fromEdge = await site.get(path);
      expect([fromMemory.served, fromEdge.served]).toEqual(["hit", "hit"]);
      const shape = ({ response, body }: { response: Response; body: string }) => {
        const nonce = nonces(body)[0] as string;
        return {
          body: body.replaceAll(nonce, "N"),
          headers: [...response.headers].map(([name, value]) => [
            name,
            name === "set-cookie" ? value : value.replaceAll(nonce, "N"),
          ]),
        };
      };
      expect(shape(fromMemory)).toEqual(shape(fromEdge));
      expect(fromMemory.response.headers.get("Permissions-Policy")).not.toBeNull();
    }
  });

  it("is sent from memory as gzip compressed once to a visitor who accepts it: the page with this response's own nonce", async () => {
    const site = build();
    const plain = await site.get("/pt-br");
    await site.get("/pt-br");
    const gzipped = async (acceptEncoding: string, clientAcceptEncoding?: string) => {
      const ctx = createExecutionContext();
      const response = await site.app.fetch(
        new Request(`${origin}/pt-br`, {
          headers: {
            "User-Agent": browser,
            Cookie: "lang=pt-BR",
            "Accept-Encoding": acceptEncoding,
          },
          ...(clientAcceptEncoding === undefined ? {} : { cf: { clientAcceptEncoding } }),
        }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
    };
    const [one, two] = [await gzipped("gzip, deflate, br"), await gzipped("br;q=1, gzip;q=0.5")];
    const pages: string[] = [];
    const pageNonces: string[] = [];
    for (const { response, bytes } of [one, two]) {
      expect(response.headers.get("X-Page-Cache")).toBe("hit");
      expect(response.headers.get("Content-Encoding")).toBe("gzip");
      expect(response.headers.get("Vary")).toContain("Accept-Encoding");
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
      // DecompressionStream checks the trailer's CRC-32 and length: a wrong one throws.
      const html = await new Response(
        new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")),
      ).text();
      const nonce = nonces(html)[0] as string;
      // One nonce on every element that had one (the browser tests check it against the
      // policy, which this test build leaves out).
      expect(new Set(nonces(html))).toEqual(new Set([nonce]));
      pageNonces.push(nonce);
      pages.push(html.replaceAll(nonce, "N"));
    }
    expect(pageNonces[0]).not.toBe(pageNonces[1]);
    const plainNonce = nonces(plain.body)[0] as string;
    expect(pages).toEqual([
      plain.body.replaceAll(plainNonce, "N"),
      plain.body.replaceAll(plainNonce, "N"),
    ]);
    // Refused with q=0, or not asked for: the page as it is.
    // The edge hands the Worker "br, gzip" whatever the client sent, and keeps the client's
    // own in cf.clientAcceptEncoding: a monitor that sent none gets the page as it is.
    const fromEdge = await gzipped("br, gzip", "gzip");
    expect(fromEdge.response.headers.get("Content-Encoding")).toBe("gzip");
    for (const [acceptEncoding, client] of [
      ["gzip;q=0, identity", undefined],
      ["identity", undefined],
      ["br, gzip", ""],
      ["br, gzip", "identity"],
    ] as const) {
      const { response, bytes } = await gzipped(acceptEncoding, client);
      expect(response.headers.get("Content-Encoding")).toBeNull();
      expect(new TextDecoder().decode(bytes).replaceAll(/nonce="[^"]+"/g, "")).toBe(
        plain.body.replaceAll(/nonce="[^"]+"/g, ""),
      );
    }
  });

  it("never keeps a home page visitor from the language redirect they are owed", async () => {
    const site = build();
    await site.get("/");
    expect((await site.get("/")).served).toBe("hit");
    const owed = await site.get("/", { Cookie: "", "Accept-Language": "pt-BR,pt;q=0.9" });
    expect(owed.response.status).toBe(302);
    expect(owed.response.headers.get("Location")).toBe("/pt-br");
  });

  it("is served from the edge cache by an isolate that never rendered it", async () => {
    const site = build();
    const first = await site.get("/pt-br/privacy-policy");
    forgetSharedCopiesInMemory();
    const second = await site.get("/pt-br/privacy-policy");
    expect([first.served, second.served]).toEqual(["miss", "hit"]);
    expect(site.renders).toHaveLength(1);
    const [before, after] = [nonces(first.body)[0], nonces(second.body)[0]];
    expect(after).not.toBe(before);
    expect(second.body.replaceAll(after as string, "N")).toBe(
      first.body.replaceAll(before as string, "N"),
    );
    expect(second.response.headers.get("Cache-Control")).toBe("no-store");
    expect(second.response.headers.get("X-Shared-Copy-Nonce")).toBeNull();
    expect(second.response.headers.get("Age")).toBeNull();
  });

  it("is not kept from a render that failed after its first bytes", async () => {
    for (const broken of [
      '<!DOCTYPE html><html><body><main><template data-dgst="123"></template></main></body></html>',
      "<!DOCTYPE html><html><body><main>half a pa",
    ]) {
      const renders: string[] = [];
      const app = createApp(
        async (request) => {
          renders.push(new URL(request.url).pathname);
          return new Response(broken, { headers: { "Content-Type": "text/html" } });
        },
        { buildId: `build-${crypto.randomUUID()}` },
      );
      for (let i = 0; i < 2; i++) {
        const ctx = createExecutionContext();
        const response = await app.fetch(new Request(`${origin}/terms-of-use`), env, ctx);
        expect(await response.text()).toBe(broken);
        await waitOnExecutionContext(ctx);
      }
      expect(renders).toEqual(["/terms-of-use", "/terms-of-use"]);
    }
  });

  it("is rendered as if there were no copy when the edge cache fails", async () => {
    const site = build();
    const edge = (caches as unknown as { default: Cache }).default;
    const failing = vi.spyOn(edge, "match").mockRejectedValue(new Error("cache unavailable"));
    try {
      const page = await site.get("/terms-of-use");
      expect(page.response.status).toBe(200);
      expect(page.served).toBe("miss");
    } finally {
      failing.mockRestore();
    }
  });

  it("knows nobody's consent: a visitor's choice neither changes nor enters the copy", async () => {
    const site = build();
    const chosen = await site.get("/privacy-policy", { Cookie: "consent=v1.e1.a0.1795400000" });
    const other = await site.get("/privacy-policy", { Cookie: "consent=v1.e0.a1.1795400001" });
    expect([chosen.served, other.served]).toEqual(["miss", "hit"]);
    expect(chosen.body).toContain("<p>unknown</p>");
    expect(other.body).not.toContain("1795400000");
  });

  it("is never served to nor made from a request with a session, valid or stale", async () => {
    const site = build();
    const person = new Client();
    await person.signUp({ name: "Private Person" });
    const cookie = cookieHeader(person);
    const signedIn = await site.get("/", { Cookie: cookie });
    expect(signedIn.served).toBe("bypass");
    expect(signedIn.body).toContain("Private Person");
    const anonymous = await site.get("/");
    expect(anonymous.served).toBe("miss");
    expect(anonymous.body).not.toContain("Private Person");
    // Once a copy exists, a signed-in request still gets its own render.
    const again = await site.get("/", { Cookie: cookie });
    expect(again.served).toBe("bypass");
    expect(again.body).toContain("Private Person");
    const stale = await site.get("/", { Cookie: `session=${"a".repeat(26)}.${"b".repeat(52)}` });
    expect(stale.served).toBe("bypass");
    expect(site.renders.map((r) => [r.sharedCopy, r.signedIn])).toEqual([
      [false, true],
      [true, false],
      [false, true],
      [false, false],
    ]);
  });

  it("of the test page is not used by a browser holding a test attempt", async () => {
    const site = build();
    const taker = new Client();
    await startTest(taker);
    await site.get("/test");
    const holder = await site.get("/test", { Cookie: cookieHeader(taker) });
    expect(holder.served).toBe("bypass");
    // The home page does not depend on the attempt: the holder shares its copy.
    await site.get("/");
    expect((await site.get("/", { Cookie: cookieHeader(taker) })).served).toBe("hit");
  });

  it("is made again by a new build: an old build's copy is never served", async () => {
    const id = `build-${crypto.randomUUID()}`;
    const old = build(id);
    await old.get("/terms-of-use");
    expect((await old.get("/terms-of-use")).served).toBe("hit");
    const next = build(`${id}-next`);
    expect((await next.get("/terms-of-use")).served).toBe("miss");
    expect(next.renders).toHaveLength(1);
    expect((await build(id).get("/terms-of-use")).served).toBe("hit");
  });

  it("is served to a visitor whose link carries only campaign tags, and made from their request", async () => {
    const site = build();
    const tagged = "/pt-br?utm_source=newsletter&utm_campaign=nov&fbclid=IwAR0abc";
    const first = await site.get(tagged);
    expect(first.served).toBe("miss");
    const again = await site.get("/pt-br?gclid=Cj0KCQ");
    const plain = await site.get("/pt-br");
    expect([again.served, plain.served]).toEqual(["hit", "hit"]);
    expect(site.renders).toEqual([{ path: "/pt-br", sharedCopy: true, signedIn: false }]);
    const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]+"/g, "");
    expect(withoutNonces(again.body)).toBe(withoutNonces(first.body));
    // Anything else in the query string is the page's business: rendered for this request.
    expect((await site.get("/pt-br?utm_source=x&login=1")).served).toBe("bypass");
    expect(site.renders).toHaveLength(2);
  });

  it("is only for the page's own address, read with GET, on the listed screens", async () => {
    const site = build();
    for (const path of [
      "/privacy-policy?page=2",
      "/privacy-policy?utm_source=x&returnUrl=%2Ftest",
      "/privacy-policy/",
      "/%70rivacy-policy",
      "/register",
      "/tests",
      "/nao-existe",
    ]) {
      expect((await site.get(path)).served, path).toBe("bypass");
    }
    expect((await site.get("/privacy-policy", {}, "HEAD")).served).toBe("bypass");
    expect(site.renders.every((r) => !r.sharedCopy)).toBe(true);
  });
});
