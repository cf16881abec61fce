/**
 * The bench's ceiling for a page (issue 16, docs/measurements.md): `/_dev/page-ceiling`
 * answers the English home page's HTML, compressed once per isolate, the same bytes every
 * time and nothing else done per request (no session, no nonce, no header but the type
 * and the encoding). Under the bench's load it shows the most requests/s that any Worker
 * answer of this page can reach on this machine, beside a static asset's: what is left
 * between it and the page's shared copy is the copy's own work. Sent gzip-compressed
 * whatever the request accepts (the bench accepts it). Development only: the app answers
 * it before routing (worker/app.ts), and never in production.
 */
export const pageCeilingPath = "/_dev/page-ceiling";

let kept: Promise<Uint8Array<ArrayBuffer>> | undefined;

export function isPageCeiling(request: Request, env: Env): boolean {
  return env.ENVIRONMENT === "development" && new URL(request.url).pathname === pageCeilingPath;
}

/** The ceiling's answer; `serve` is the app, which renders the home page once. */
export async function pageCeiling(
  request: Request,
  serve: (request: Request) => Promise<Response>,
): Promise<Response> {
  kept ??= compressedHome(request, serve);
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await kept;
  } catch (error) {
    kept = undefined;
    throw error;
  }
  return new Response(body, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" },
    encodeBody: "manual",
  });
}

async function compressedHome(
  request: Request,
  serve: (request: Request) => Promise<Response>,
): Promise<Uint8Array<ArrayBuffer>> {
  // No Accept-Encoding: the app answers the page's plain HTML, compressed here once.
  const home = await serve(
    new Request(new URL("/", request.url), {
      headers: { Cookie: "lang=en-US", "User-Agent": request.headers.get("User-Agent") ?? "" },
    }),
  );
  if (!home.ok || home.body === null) {
    throw new Error(`page ceiling: the home page answered ${home.status}`);
  }
  const compressed = home.body.pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}
