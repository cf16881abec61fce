import { isSafeReturnUrl } from "../../../core/accounts/account-rules";
import { type Locale, localeFromPath } from "../../../core/locales/locales";
import { errorResponse } from "../../http/responses";

/** Where a sign-in or logout sends the browser back to (SECURITY.md 16). */

/** `?returnUrl=`: absent -> the home path; present -> accepted only when safe. */
export function returnUrlOf(request: Request): { ok: true; value: string } | { ok: false } {
  const value = new URL(request.url).searchParams.get("returnUrl");
  if (value === null) return { ok: true, value: "/" };
  return isSafeReturnUrl(value) ? { ok: true, value } : { ok: false };
}

/** The language of the page a return URL leads to. */
export function localeOfPath(path: string): Locale {
  return localeFromPath(new URL(path, "https://same.invalid").pathname);
}

export function invalidReturnUrl(locale: Locale) {
  return errorResponse(locale, 400, { code: "invalidReturnUrl" });
}
