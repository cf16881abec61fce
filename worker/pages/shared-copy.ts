import { constants, crc32, deflateRawSync } from "node:zlib";
import { readCookie } from "../../core/locales/language";
import { withoutCampaignParameters } from "../../core/web/campaign";
import { localizePath, matchScreen, type Screen } from "../../core/web/route-table";
import { attemptCookieName } from "../attempts/cookie";
import { sessionCookieName } from "../auth/cookies";

/**
 * Shared copies of the public pages (docs/decisions/0026-shared-page-copies.md): the
 * pages that are the same for every anonymous visitor are rendered once per build and
 * path, kept in the edge cache (the Workers Cache API, `edgeCache()`), and served from
 * there to every anonymous visitor of that data centre.
 *
 * What keeps a copy from carrying anything personal:
 * - only a GET of the page's own address, without a query string but for campaign tags
 *   (core/web/campaign.ts, which the page ignores), from a request that
 *   carries no session cookie (valid or not) is served from or stored in the cache; the
 *   test page also needs no attempt cookie (its loader shows a running test);
 * - the copy is rendered with `sharedCopy` set, so the root loader ignores the consent
 *   cookie (the banner is hidden before paint by a script that reads the cookie in the
 *   browser, app/root.tsx);
 * - nothing with a Set-Cookie is stored; the language cookie is added to each response
 *   after it leaves the cache.
 * Each response gets its own CSP nonce: a copy is kept as its HTML cut at the nonce it
 * was rendered with, and joined again with the response's own. The isolate keeps the
 * copies it served in memory, in front of the edge cache (reading the Cache API and
 * parsing the page again cost as much as a render). The key carries the build id, so a
 * new build never serves an old copy; old copies expire on their own.
 */

/** The screens shared copies are made of: the same HTML for every anonymous visitor. */
export const sharedScreens: readonly Screen[] = ["home", "privacyPolicy", "termsOfUse", "test"];

/** Screens whose render depends on the browser's test attempt (its cookie). */
const attemptScreens: readonly Screen[] = ["test"];

/** How long a copy is kept (the edge's and the isolate's); a new build stops using it at once. */
export const sharedCopyMaxAgeSeconds = 24 * 60 * 60;

/** Response header saying how the page was served: `hit`, `miss` or `bypass`. */
export const sharedCopyHeader = "X-Page-Cache";

/** The page's own Cache-Control for the browser, kept beside the edge's in a stored copy. */
const browserCacheControlHeader = "X-Browser-Cache-Control";

/** The nonce a stored copy was rendered with: where to cut it. Never sent to a visitor. */
const renderNonceHeader = "X-Shared-Copy-Nonce";

/** What the cache may add to a stored response, which the visitor must not get. */
const cacheHeaders = [
  "Age",
  "ETag",
  "Last-Modified",
  "Expires",
  "CF-Cache-Status",
  // The stored response's own: a copy from memory has neither, and the runtime sets both.
  "Date",
  "Content-Length",
];

/**
 * A page as every anonymous visitor gets it, but for the nonce that goes between its parts:
 * kept as UTF-8, so that a hit copies bytes instead of joining and encoding a string.
 */
interface SharedCopy {
  parts: Uint8Array[];
  /** The parts' bytes together, nonces aside. */
  size: number;
  headers: [string, string][];
  storedAt: number;
  /** The parts compressed, made on the first hit that accepts gzip (`gzippedWith`). */
  deflated?: Uint8Array[];
}

/** The isolate's copies, newest last; a handful of pages per build. */
const inMemory = new Map<string, SharedCopy>();
const maxInMemory = 32;

function remember(key: string, copy: SharedCopy): void {
  inMemory.delete(key);
  inMemory.set(key, copy);
  for (const oldest of inMemory.keys()) {
    if (inMemory.size <= maxInMemory) break;
    inMemory.delete(oldest);
  }
}

/** Forgets the isolate's copies, as a new isolate would start (for tests of the edge cache). */
export function forgetSharedCopiesInMemory(): void {
  inMemory.clear();
}

/**
 * The data centre's cache. The page types (the DOM's lib) hide the Workers' `default`
 * member of `caches`; it is there at run time.
 */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/**
 * The cache key of a request's shared copy, or null when it must be rendered for this
 * request alone. `buildId` names the build that renders it.
 */
export function sharedCopyKey(request: Request, env: Env, buildId: string): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  // Campaign tags and click ids change nothing on a page (core/web/campaign.ts).
  if (withoutCampaignParameters(url.search) !== "") return null;
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

/** A copy read back from the edge cache; undefined for anything not stored by us. */
async function fromEdge(stored: Response): Promise<SharedCopy | undefined> {
  const renderNonce = stored.headers.get(renderNonceHeader);
  if (!renderNonce || stored.status !== 200) return undefined;
  const headers = new Headers(stored.headers);
  const browserCacheControl = headers.get(browserCacheControlHeader);
  for (const name of [renderNonceHeader, browserCacheControlHeader, "Cache-Control"]) {
    headers.delete(name);
  }
  for (const name of cacheHeaders) headers.delete(name);
  if (browserCacheControl) headers.set("Cache-Control", browserCacheControl);
  return {
    ...cutAtNonce(await stored.text(), renderNonce),
    headers: [...headers],
    storedAt: Date.now(),
  };
}

const utf8 = new TextEncoder();

function cutAtNonce(html: string, nonce: string): Pick<SharedCopy, "parts" | "size"> {
  const parts = html.split(nonce).map((part) => utf8.encode(part));
  return { parts, size: parts.reduce((sum, part) => sum + part.byteLength, 0) };
}

/** The copy's bytes with `nonce` (ASCII) between its parts. */
function joinedWith(copy: SharedCopy, nonce: string): Uint8Array<ArrayBuffer> {
  const between = utf8.encode(nonce);
  const body = new Uint8Array(copy.size + between.byteLength * (copy.parts.length - 1));
  let offset = 0;
  copy.parts.forEach((part, i) => {
    if (i > 0) {
      body.set(between, offset);
      offset += between.byteLength;
    }
    body.set(part, offset);
    offset += part.byteLength;
  });
  return body;
}

/**
 * The copy with `nonce` between its parts as a gzip body, compressed once per copy rather
 * than per response: each part is a raw deflate stream ending on a full flush (byte-aligned,
 * no reference to anything before it), each nonce a stored block between them, then an
 * empty final block and the trailer (CRC-32 and length of the whole page). A visitor's
 * page is decompressed from it exactly as from any gzip body; its nonce is its own.
 * Compressing 75 KB of HTML for every response cost as much as the rest of a hit
 * (docs/measurements.md, 2026-11-25 evening).
 */
function gzippedWith(copy: SharedCopy, nonce: string): Uint8Array<ArrayBuffer> {
  copy.deflated ??= copy.parts.map(
    (part) =>
      new Uint8Array(deflateRawSync(part, { level: 9, finishFlush: constants.Z_FULL_FLUSH })),
  );
  const between = utf8.encode(nonce);
  const length = between.byteLength;
  const storedHeader = new Uint8Array([
    0,
    length & 0xff,
    length >> 8,
    ~length & 0xff,
    (~length >> 8) & 0xff,
  ]);
  const header = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const deflated = copy.deflated;
  const bodySize = deflated.reduce((sum, part) => sum + part.byteLength, 0);
  const body = new Uint8Array(
    header.byteLength + bodySize + (storedHeader.byteLength + length) * (deflated.length - 1) + 10,
  );
  body.set(header, 0);
  let offset = header.byteLength;
  let crc = 0;
  deflated.forEach((part, i) => {
    if (i > 0) {
      body.set(storedHeader, offset);
      body.set(between, offset + storedHeader.byteLength);
      offset += storedHeader.byteLength + length;
      crc = crc32(between, crc);
    }
    body.set(part, offset);
    offset += part.byteLength;
    crc = crc32(copy.parts[i] as Uint8Array, crc);
  });
  // The final block: fixed Huffman codes, nothing but its end (10 bits: 0x03 0x00).
  body.set([0x03, 0x00], offset);
  const trailer = new DataView(body.buffer, offset + 2, 8);
  trailer.setUint32(0, crc >>> 0, true);
  trailer.setUint32(4, (copy.size + length * (deflated.length - 1)) >>> 0, true);
  return body;
}

/**
 * True when the client's Accept-Encoding takes gzip (not refused with q=0). Cloudflare (and
 * Miniflare, which copies it) hands the Worker `Accept-Encoding: br, gzip` whatever the
 * client sent, and keeps the client's own value in `cf.clientAcceptEncoding` (empty when
 * it sent none): that is the one to follow, or a monitor or `curl` without `--compressed`
 * would get gzip it never asked for (issue 31.4). A body the Worker leaves uncompressed is
 * still compressed by the edge for clients that take it.
 */
export function acceptsGzip(request: Request): boolean {
  const cf = (request as { cf?: { clientAcceptEncoding?: unknown } }).cf;
  const client =
    typeof cf?.clientAcceptEncoding === "string"
      ? cf.clientAcceptEncoding
      : (request.headers.get("Accept-Encoding") ?? "");
  return client.split(",").some((coding) => {
    const [name, ...parameters] = coding.trim().toLowerCase().split(";");
    if (name !== "gzip") return false;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The shared copy for a key with this response's nonce in it (the caller sends the
 * matching Content-Security-Policy); undefined when neither the isolate nor the edge has it.
 */
export async function readSharedCopy(key: string, nonce: string): Promise<Response | undefined> {
  const kept = readSharedCopyInMemory(key, nonce);
  if (kept) return kept;
  // The cache is an optimisation: when it fails, the page is rendered as if it had no copy.
  const stored = await edgeCache()
    .match(key)
    .catch((error: unknown) => {
      console.warn("pages: reading a shared copy failed", error);
      return undefined;
    });
  const copy = stored ? await fromEdge(stored) : undefined;
  if (!copy) return undefined;
  remember(key, copy);
  return hit(copy, nonce);
}

/**
 * The shared copy for a key from this isolate's memory alone, as readSharedCopy answers it,
 * but compressed already when `request` accepts gzip: the caller sends it as it is, so it
 * must not be wrapped in another Response (which would compress it again).
 */
export function readSharedCopyInMemory(
  key: string,
  nonce: string,
  request?: Request,
): Response | undefined {
  const copy = inMemory.get(key);
  if (!copy) return undefined;
  if (Date.now() - copy.storedAt > sharedCopyMaxAgeSeconds * 1000) {
    inMemory.delete(key);
    return undefined;
  }
  return hit(copy, nonce, request !== undefined && acceptsGzip(request));
}

/** The copy as a response with `nonce` in it: its bytes as they are, or gzip already. */
function hit(copy: SharedCopy, nonce: string, gzip = false): Response {
  const headers = new Headers(copy.headers);
  headers.set(sharedCopyHeader, "hit");
  headers.append("Vary", "Accept-Encoding");
  if (!gzip) return new Response(joinedWith(copy, nonce), { status: 200, headers });
  headers.set("Content-Encoding", "gzip");
  // The body is gzip already: the runtime sends it as it is.
  return new Response(gzippedWith(copy, nonce), { status: 200, headers, encodeBody: "manual" });
}

/**
 * Keeps a page just rendered for a shared key with `nonce` (in the isolate at once, at the
 * edge in the background) and returns the response to send now. Only a complete 200 HTML
 * page without cookies is kept.
 */
export function storeSharedCopy(
  key: string,
  page: Response,
  nonce: string,
  ctx: ExecutionContext,
): Response {
  const html = (page.headers.get("Content-Type") ?? "").includes("text/html");
  if (page.status !== 200 || !html || page.headers.has("Set-Cookie") || !page.body) {
    page.headers.set(sharedCopyHeader, "bypass");
    return page;
  }
  const [forVisitor, forCache] = page.body.tee();
  const headers = new Headers(page.headers);
  for (const name of ["Content-Security-Policy", sharedCopyHeader]) headers.delete(name);
  ctx.waitUntil(
    (async () => {
      const text = await new Response(forCache).text();
      // A page whose render failed after its first bytes (it ends early, or React's server
      // left a boundary for the browser to render again) is this visitor's alone.
      if (!text.trimEnd().endsWith("</html>") || text.includes("<template data-dgst")) return;
      remember(key, { ...cutAtNonce(text, nonce), headers: [...headers], storedAt: Date.now() });
      const stored = new Headers(headers);
      const browserCacheControl = stored.get("Cache-Control");
      if (browserCacheControl) stored.set(browserCacheControlHeader, browserCacheControl);
      stored.set("Cache-Control", `public, max-age=${sharedCopyMaxAgeSeconds}`);
      stored.set(renderNonceHeader, nonce);
      await edgeCache().put(key, new Response(text, { status: 200, headers: stored }));
    })().catch((error: unknown) => console.warn("pages: keeping a shared copy failed", error)),
  );
  const response = new Response(forVisitor, page);
  response.headers.set(sharedCopyHeader, "miss");
  return response;
}
