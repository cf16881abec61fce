import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./security-headers";

function directives(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("SECURITY 33: the pages' Content-Security-Policy", () => {
  it("is nonce-based, and images come only from us, data: and Google's profile pictures", () => {
    const nonce = createNonce();
    expect(directives(contentSecurityPolicy(nonce))).toEqual({
      "default-src": "'self'",
      "script-src": `'nonce-${nonce}' 'strict-dynamic'`,
      "style-src": "'self' 'unsafe-inline'",
      // The header avatar of a Google account shows its picture from there.
      "img-src": "'self' data: https://lh3.googleusercontent.com",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'none'",
      "frame-ancestors": "'none'",
      "form-action": "'self' https://checkout.stripe.com",
    });
  });

  it("gives each response its own 128-bit nonce", () => {
    const a = createNonce();
    expect(atob(a)).toHaveLength(16);
    expect(createNonce()).not.toBe(a);
  });
});
