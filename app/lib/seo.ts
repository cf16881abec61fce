import type { MetaDescriptor } from "react-router";
import { type Locale, localeInfo } from "../../core/locales";
import { localizePath, type Params, type Screen, screens } from "../../core/route-table";
import { alternates } from "../../core/sitemap";

/**
 * Title, description, canonical and hreflang alternates of a page, and `robots: noindex`
 * for the screens the route table keeps out of search engines.
 */
export function pageMeta(input: {
  baseUrl: string;
  screen: Screen;
  locale: Locale;
  params?: Params;
  title: string;
  description: string;
}): MetaDescriptor[] {
  const base = input.baseUrl.replace(/\/$/, "");
  const canonical = `${base}${localizePath(input.screen, input.locale, input.params)}`;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: localeInfo[input.locale].iso.replace("-", "_") },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternates(base, input.screen, input.params).map((a) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: a.hreflang,
      href: a.href,
    })),
    ...(screens[input.screen].indexable ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}
