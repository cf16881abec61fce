import { readCookie } from "../../core/locales/language";
import { isSecureSite, serializeCookie } from "../auth/cookies";

/**
 * The short-lived cookies of one Google sign-in attempt (SECURITY.md 9): state, PKCE
 * verifier, the return URL and whether it re-authenticates the signed-in holder (ADR
 * 0023); HttpOnly, 10 minutes, SameSite=Lax, scoped to /api/accounts (so `__Host-`
 * cannot be used; they carry Secure over https).
 */
const names = {
  state: "google_oauth_state",
  verifier: "google_code_verifier",
  returnUrl: "google_return_url",
  reauth: "google_reauth",
} as const;
const path = "/api/accounts";
const tenMinutes = 10 * 60;

export interface OAuthFlow {
  state: string;
  verifier: string;
  returnUrl: string;
  /** The signed-in holder proves themself again instead of signing in (ADR 0023). */
  reauth?: boolean;
}

export function setOAuthFlowCookies(env: Env, attempt: OAuthFlow): string[] {
  const secure = isSecureSite(env);
  return [
    serializeCookie(names.state, attempt.state, { path, maxAge: tenMinutes, secure }),
    serializeCookie(names.verifier, attempt.verifier, { path, maxAge: tenMinutes, secure }),
    serializeCookie(names.returnUrl, encodeURIComponent(attempt.returnUrl), {
      path,
      maxAge: tenMinutes,
      secure,
    }),
    // Always written, so a later plain sign-in never inherits an earlier re-authentication.
    serializeCookie(names.reauth, attempt.reauth ? "1" : "", {
      path,
      maxAge: attempt.reauth ? tenMinutes : 0,
      secure,
    }),
  ];
}

export function clearOAuthFlowCookies(env: Env): string[] {
  const secure = isSecureSite(env);
  return Object.values(names).map((name) => serializeCookie(name, "", { path, maxAge: 0, secure }));
}

export function readOAuthFlowCookies(request: Request): Partial<OAuthFlow> {
  const header = request.headers.get("Cookie");
  let returnUrl: string | undefined;
  const raw = readCookie(header, names.returnUrl);
  if (raw) {
    try {
      returnUrl = decodeURIComponent(raw);
    } catch {
      returnUrl = undefined;
    }
  }
  return {
    state: readCookie(header, names.state) || undefined,
    verifier: readCookie(header, names.verifier) || undefined,
    returnUrl,
    reauth: readCookie(header, names.reauth) === "1",
  };
}
