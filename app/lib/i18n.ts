import { defaultLocale, type Locale, localeFromPath } from "../../core/locales/locales";
import { overwriteGetLocale } from "../../core/paraglide/runtime";

/**
 * Paraglide's `getLocale()` follows the URL prefix, which is the only source of a
 * page's language. On the server each request's locale comes from request-scoped
 * storage (i18n.server.ts); in the browser, from the route being rendered.
 */
let readServerLocale: (() => Locale | undefined) | undefined;
let browserLocale: Locale =
  typeof window === "undefined" ? defaultLocale : localeFromPath(window.location.pathname);

export function setServerLocaleReader(read: () => Locale | undefined): void {
  readServerLocale = read;
}

/** Called while rendering the layout, before any message of the page is read. */
export function useLocaleForMessages(locale: Locale): void {
  if (typeof window !== "undefined") browserLocale = locale;
}

overwriteGetLocale(() => readServerLocale?.() ?? browserLocale);
