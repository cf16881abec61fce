import type { Locale } from "../../core/locales/locales";
import { unlessCacheUnavailable } from "../dependencies/guard";

/**
 * Rendered certificates in KV (docs/decisions/0010-certificates.md), keyed by attempt,
 * language, format and the design's version: a second view or download does not render
 * again, and a new design (bump `certificateDesignVersion`) is never served stale.
 */

/**
 * Every design version ever cached, oldest first; the last is the current one. Bump by
 * adding one whenever the certificate's look or printed text changes, and never remove
 * one: deleting an account clears each version's copies, which may outlive a bump for as
 * long as the cache keeps them (docs/decisions/0023-holder-rights.md).
 */
export const certificateDesignVersions = ["v1", "v2"] as const;
export const certificateDesignVersion = certificateDesignVersions.at(-1) as string;

/** Long enough to serve every download of a result's first weeks; a miss just renders. */
export const certificateCacheTtlSeconds = 30 * 24 * 60 * 60;

export type CertificateFormat = "png" | "svg";

export function certificateCacheKey(
  attemptId: string,
  locale: Locale,
  format: CertificateFormat,
): string {
  return `${certificateCachePrefix(attemptId)}${locale}.${format}`;
}

/**
 * The shared image of a certificate (no age line), under the attempt's prefix so that
 * deleting the account deletes it with the owner's renderings.
 */
export function sharedCertificateCacheKey(
  attemptId: string,
  locale: Locale,
  format: CertificateFormat,
): string {
  return `${certificateCachePrefix(attemptId)}shared-${locale}.${format}`;
}

/** Every cached rendering of one attempt's certificate in one design starts with this. */
export function certificateCachePrefix(
  attemptId: string,
  version: string = certificateDesignVersion,
): string {
  return `certificate:${version}:${attemptId}:`;
}

/** The prefixes of one attempt's cached certificates in every design ever used (deletion). */
export function certificateCachePrefixes(attemptId: string): string[] {
  return certificateDesignVersions.map((version) => certificateCachePrefix(attemptId, version));
}

/** The cached rendering; null when there is none, or when KV does not answer (ADR 0029). */
export function cachedCertificate(env: Env, key: string): Promise<ArrayBuffer | null> {
  return unlessCacheUnavailable("certificate read", () => env.KV.get(key, "arrayBuffer"), null);
}

/** Keeps a rendering for the next view; skipped when KV does not answer. */
export function cacheCertificate(env: Env, key: string, body: Uint8Array | string): Promise<void> {
  return unlessCacheUnavailable(
    "certificate write",
    () => env.KV.put(key, body, { expirationTtl: certificateCacheTtlSeconds }),
    undefined,
  );
}
