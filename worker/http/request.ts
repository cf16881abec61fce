import { localesFromAcceptLanguage } from "../../core/locales/language";
import { isLocale, type Locale } from "../../core/locales/locales";

/** What every handler may ask of a request: its language and its client's address. */

/** The `i18n` header (sent by the forms when not English), else Accept-Language, else en. */
export function requestLocale(request: Request): Locale {
  const header = request.headers.get("i18n")?.trim().toLowerCase();
  if (isLocale(header)) return header;
  return localesFromAcceptLanguage(request.headers.get("Accept-Language"))[0] ?? "en";
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/**
 * `?lang=` when a link names its language (a download or an image cannot send the `i18n`
 * header), else the request's language.
 */
export function linkLocale(request: Request): Locale {
  const lang = new URL(request.url).searchParams.get("lang")?.toLowerCase();
  return isLocale(lang) ? lang : requestLocale(request);
}

/** `?tz=` when it names a time zone this runtime knows, else UTC. */
export function linkTimeZone(request: Request): string {
  const zone = new URL(request.url).searchParams.get("tz") ?? "";
  if (zone === "" || zone.length > 64) return "UTC";
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}
