/**
 * Cookie names and attributes. The scheme of BASE_URL is the one switch between the
 * production cookie (`__Host-session`, Secure) and the local-http one (`session`).
 * See docs/decisions/0007-accounts.md.
 */

export function isSecureSite(env: Env): boolean {
  // BASE_URL is a validated absolute URL (worker/env.ts); parsing it on every cookie was
  // a visible share of a page's CPU time.
  return /^https:/i.test(env.BASE_URL);
}

export function sessionCookieName(env: Env): string {
  return isSecureSite(env) ? "__Host-session" : "session";
}

interface CookieOptions {
  path: string;
  /** Seconds; omitted for a browser-session cookie, 0 to delete. */
  maxAge?: number;
  secure: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, "HttpOnly", "SameSite=Lax"];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function sessionSetCookie(env: Env, token: string, maxAgeSeconds: number | undefined) {
  return serializeCookie(sessionCookieName(env), token, {
    path: "/",
    maxAge: maxAgeSeconds,
    secure: isSecureSite(env),
  });
}

export function sessionClearCookie(env: Env): string {
  return serializeCookie(sessionCookieName(env), "", {
    path: "/",
    maxAge: 0,
    secure: isSecureSite(env),
  });
}
