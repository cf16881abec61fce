import { encodeBase64 } from "@oslojs/encoding";
import type { MiddlewareHandler } from "hono";

/** A fresh CSP nonce (128 bits) for one response. */
export function createNonce(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * Stripe's hosted checkout. Checkout's Pay is a form post that the server answers with a
 * redirect to it; browsers apply `form-action` to that redirect, so without JavaScript
 * (a plain form post) it is refused unless the host is listed.
 */
export const stripeCheckoutOrigin = "https://checkout.stripe.com";

/** Where Google serves the profile pictures its ID tokens name (`picture`). */
export const googleProfilePictureOrigin = "https://lh3.googleusercontent.com";

/**
 * Nonce-based CSP for pages (SECURITY.md 33). Scripts run only with this response's
 * nonce (and what they load, through 'strict-dynamic'); nothing may frame the site.
 * Hosts of the payment and OAuth providers join when those features need them.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // Google accounts' profile pictures (the header avatar); other hosts fall back to initials.
    `img-src 'self' data: ${googleProfilePictureOrigin}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${stripeCheckoutOrigin}`,
  ].join("; ");
}

/** Headers every response carries (SECURITY.md 32), set on `headers` of a response to `url`. */
export function addSecurityHeaders(headers: Headers, url: string): void {
  if (url.startsWith("https:")) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set(
    "Referrer-Policy",
    headers.get("Referrer-Policy") ?? "strict-origin-when-cross-origin",
  );
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(self), usb=()",
  );
  headers.set("X-Frame-Options", "DENY");
}

/** The same headers, on every response of the app. */
export const withSecurityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  addSecurityHeaders(c.res.headers, c.req.url);
};
