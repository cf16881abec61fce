import { localeInfo, locales } from "../locales/locales";
import { escapeXml } from "./escape";
import { localizePath, type Params, type Screen, screens, servedScreens } from "./route-table";

/** Absolute URLs of a screen in every language, for hreflang alternates. */
export function alternates(
  baseUrl: string,
  screen: Screen,
  params: Params = {},
): { hreflang: string; href: string }[] {
  const base = baseUrl.replace(/\/$/, "");
  const list = locales.map((locale) => ({
    hreflang: localeInfo[locale].iso,
    href: `${base}${localizePath(screen, locale, params)}`,
  }));
  return [...list, { hreflang: "x-default", href: `${base}${localizePath(screen, "en", params)}` }];
}

/** The sitemap: every public page in both languages, each with its hreflang alternates. */
export function buildSitemap(baseUrl: string): string {
  const base = baseUrl.replace(/\/$/, "");
  const entries = servedScreens
    .filter((screen) => screens[screen].indexable)
    .flatMap((screen) => {
      const links = alternates(base, screen)
        .map(
          (a) =>
            `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`,
        )
        .join("\n");
      return locales.map(
        (locale) =>
          `  <url>\n    <loc>${escapeXml(`${base}${localizePath(screen, locale)}`)}</loc>\n${links}\n  </url>`,
      );
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
