import { readCookie } from "../../core/language";
import { isSecureSite, serializeCookie } from "../auth/cookies";

/**
 * The short-lived cookies of one Google sign-in attempt (SECURITY.md 9): state, PKCE
 * verifier and the return URL, HttpOnly, 10 minutes, SameSite=Lax, scoped to
 * /api/accounts (so `__Host-` cannot be used; they carry Secure over https).
 */
const names = {
  state: "google_oauth_state",
  verifier: "google_code_verifier",
  returnUrl: "google_return_url",
} as const;
const path = "/api/accounts";
const tenMinutes = 10 * 60;

export interface OAuthFlow {
  state: string;
  verifier: string;
  returnUrl: string;
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
  };
}
