/** The two languages of the product (spec section 3, Locale). */
export const locales = ["en", "pt-br"] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = "en";

export interface LocaleInfo {
  code: Locale;
  /** BCP 47 tag used in `<html lang>`, hreflang and the language cookie. */
  iso: string;
  /** Path prefix; the default language has none. */
  prefix: "" | `/${string}`;
  /** ISO 3166-1 alpha-2 country shown as the flag avatar. */
  flag: "us" | "br";
}

export const localeInfo: Record<Locale, LocaleInfo> = {
  en: { code: "en", iso: "en-US", prefix: "", flag: "us" },
  "pt-br": { code: "pt-br", iso: "pt-BR", prefix: "/pt-br", flag: "br" },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The language of a path is given by its prefix alone. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/pt-br" || pathname.startsWith("/pt-br/") ? "pt-br" : "en";
}

/** Maps a BCP 47 tag ("pt", "pt-PT", "en-GB") to one of our locales, or null. */
export function localeFromTag(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (lower === "pt" || lower.startsWith("pt-")) return "pt-br";
  if (lower === "en" || lower.startsWith("en-")) return "en";
  return null;
}
