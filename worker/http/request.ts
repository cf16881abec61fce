import { localesFromAcceptLanguage } from "../../core/language";
import { isLocale, type Locale } from "../../core/locales";

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
