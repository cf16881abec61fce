import { readCookie } from "../../core/locales/language";
import { isSecureSite, serializeCookie } from "../auth/cookies";

/**
 * The browser's hold on its test attempt (docs/decisions/0008-timed-test.md): an
 * HttpOnly cookie `id.secret`, like the session cookie (`__Host-attempt` with Secure when
 * BASE_URL is https, plain `attempt` over local http), 24 hours. D1 keeps SHA-256(secret).
 */

export const attemptCookieMaxAge = 24 * 60 * 60;

/** A UUID, a dot, 32 random bytes in lower-case base32. */
const valuePattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z2-7]{52})$/;

export function attemptCookieName(env: Env): string {
  return isSecureSite(env) ? "__Host-attempt" : "attempt";
}

export function attemptSetCookie(env: Env, attemptId: string, secret: string): string {
  return serializeCookie(attemptCookieName(env), `${attemptId}.${secret}`, {
    path: "/",
    maxAge: attemptCookieMaxAge,
    secure: isSecureSite(env),
  });
}

/** The cookie's attempt id and secret; null when absent or not of our making. */
export function readAttemptCookie(
  request: Request,
  env: Env,
): { attemptId: string; secret: string } | null {
  const value = readCookie(request.headers.get("Cookie"), attemptCookieName(env));
  const match = value ? valuePattern.exec(value) : null;
  if (!match) return null;
  return { attemptId: match[1] as string, secret: match[2] as string };
}
