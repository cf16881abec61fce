import { type Locale, localeFromPath, localeFromTag, localeInfo, locales } from "./locales";

/**
 * Language choice and the language cookie (spec section 2).
 * See docs/decisions/0003-language-cookie-and-home-redirect.md.
 */

export const languageCookieName = "lang";
/** Ten years, in seconds. */
export const languageCookieMaxAge = 10 * 365 * 24 * 60 * 60;
const prefixMarker = ".prefixed";

/** Cookie value: the ISO code of the page's language, plus a marker when its path carries the prefix. */
export function languageCookieValue(pathname: string): string {
  const locale = localeFromPath(pathname);
  const { iso, prefix } = localeInfo[locale];
  return prefix ? `${iso}${prefixMarker}` : iso;
}

/** The Set-Cookie header written on every page navigation: host-only, SameSite=Lax, path /. */
export function languageSetCookie(pathname: string, secure: boolean): string {
  const attributes = [
    `${languageCookieName}=${languageCookieValue(pathname)}`,
    "Path=/",
    `Max-Age=${languageCookieMaxAge}`,
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const index = pair.indexOf("=");
    if (index === -1) continue;
    if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return null;
}

export function localeFromCookieValue(value: string | null): Locale | null {
  if (!value) return null;
  const iso = value.endsWith(prefixMarker) ? value.slice(0, -prefixMarker.length) : value;
  return locales.find((l) => localeInfo[l].iso.toLowerCase() === iso.toLowerCase()) ?? null;
}

/** Browser languages in the order of their quality values; our locales only. */
export function localesFromAcceptLanguage(header: string | null): Locale[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => localeFromTag(entry.tag))
    .filter((locale): locale is Locale => locale !== null);
}

export type LocaleSource = "cookie" | "accept-language" | "fallback";

/** Cookie first, then the browser languages, then the en-US fallback. */
export function preferredLocale(input: {
  cookieHeader: string | null;
  acceptLanguage: string | null;
}): { locale: Locale; source: LocaleSource } {
  const fromCookie = localeFromCookieValue(readCookie(input.cookieHeader, languageCookieName));
  if (fromCookie) return { locale: fromCookie, source: "cookie" };
  const [fromBrowser] = localesFromAcceptLanguage(input.acceptLanguage);
  if (fromBrowser) return { locale: fromBrowser, source: "accept-language" };
  return { locale: "en", source: "fallback" };
}

/**
 * Where a GET of a page should be redirected for its language, or null to serve it.
 * Only the bare home `/` ever redirects; never for bots, and never for a navigation
 * from one of our own pages (the visitor chose English with the switcher).
 */
export function homeLanguageRedirect(input: {
  pathname: string;
  search: string;
  cookieHeader: string | null;
  acceptLanguage: string | null;
  isBot: boolean;
  secFetchSite: string | null;
}): string | null {
  if (input.pathname !== "/" || input.isBot || input.secFetchSite === "same-origin") return null;
  const { locale } = preferredLocale(input);
  if (locale === "en") return null;
  return `${localeInfo[locale].prefix}${input.search}`;
}
