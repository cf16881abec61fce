import { sha256Hex } from "../auth/crypto";

/**
 * Generated PDFs in KV (docs/decisions/0021-pdfs.md). The key holds a SHA-256 of
 * everything the PDF is made from, so a changed name, text or layout version is a new key
 * and a stale PDF is never served; the expiry only bounds what KV keeps. Only the Worker
 * reads these keys: a PDF is answered after its buyer's checks, never from a public URL.
 */

/** Bump whenever the PDFs' layout changes. */
export const pdfLayoutVersion = "v1";

const ttlSeconds = 7 * 24 * 60 * 60;

export function pdfCacheKey(kind: string, input: unknown): string {
  return `pdf:${pdfLayoutVersion}:${kind}:${sha256Hex(JSON.stringify(input))}`;
}

/** The cached PDF, or a new one made by `render` and kept for the next download. */
export async function cachedPdf(
  env: Env,
  key: string,
  render: () => Promise<Uint8Array>,
): Promise<{ body: Uint8Array<ArrayBuffer> | ArrayBuffer; cache: "hit" | "miss" }> {
  const cached = await env.KV.get(key, "arrayBuffer");
  if (cached !== null) return { body: cached, cache: "hit" };
  const body = new Uint8Array(await render());
  await env.KV.put(key, body, { expirationTtl: ttlSeconds });
  return { body, cache: "miss" };
}
