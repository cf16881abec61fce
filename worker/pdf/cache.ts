import { sha256Hex } from "../auth/crypto";
import { unlessCacheUnavailable } from "../dependencies/guard";

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
  return `${pdfCachePrefix(kind)}${sha256Hex(JSON.stringify(input))}`;
}

/** The kind of an attempt's report PDFs (one per language and content). */
export function reportPdfKind(attemptId: string): string {
  return `report:${attemptId}`;
}

/** Every cached PDF of one kind (`report:{attemptId}`) starts with this (for deletion). */
export function pdfCachePrefix(kind: string): string {
  return `pdf:${pdfLayoutVersion}:${kind}:`;
}

/** The cached PDF, or a new one made by `render` and kept for the next download. */
export async function cachedPdf(
  env: Env,
  key: string,
  render: () => Promise<Uint8Array>,
): Promise<{ body: Uint8Array<ArrayBuffer> | ArrayBuffer; cache: "hit" | "miss" }> {
  // A cache that does not answer is a miss, and the new PDF is not kept (ADR 0029).
  const cached = await unlessCacheUnavailable(
    "pdf read",
    () => env.KV.get(key, "arrayBuffer"),
    null,
  );
  if (cached !== null) return { body: cached, cache: "hit" };
  const body = new Uint8Array(await render());
  await unlessCacheUnavailable(
    "pdf write",
    () => env.KV.put(key, body, { expirationTtl: ttlSeconds }),
    undefined,
  );
  return { body, cache: "miss" };
}
