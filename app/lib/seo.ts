import type { MetaDescriptor } from "react-router";
import { type Locale, localeFromPath, localeInfo } from "../../core/locales/locales";
import type { Text } from "../../core/locales/message-text";
import { localizePath, type Params, type Screen, screens } from "../../core/web/route-table";
import { alternates } from "../../core/web/sitemap";
import { rootData } from "./root-data";

/** What `screenMeta` reads of React Router's `Route.MetaArgs`. */
export interface ScreenMetaArgs {
  location: { pathname: string };
  matches: Parameters<typeof rootData>[0];
  /** The route's path parameters: those of the screen's pattern in the route table. */
  params: Params;
}

/**
 * A route's `meta` export: the screen's title and description in the language of the
 * path, and its canonical and alternate links built with the route's own parameters.
 *
 *     export const meta = screenMeta("result", m.page_result_meta_title, m.page_result_meta_description);
 */
export function screenMeta(screen: Screen, title: Text, description: Text) {
  return ({ location, matches, params }: ScreenMetaArgs): MetaDescriptor[] => {
    const locale = localeFromPath(location.pathname);
    return pageMeta({
      baseUrl: rootData(matches).baseUrl,
      screen,
      locale,
      params,
      title: title({}, { locale }),
      description: description({}, { locale }),
    });
  };
}

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

/** What a shared link's preview card shows (Open Graph and Twitter card). */
export interface ShareCard {
  title: string;
  description: string;
  /** Absolute URL of a public image. */
  image: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A page's meta with a preview card for a shared link: its title and description become
 * the card's, and the Open Graph and Twitter card image tags are added.
 */
export function withShareCard(meta: MetaDescriptor[], card: ShareCard): MetaDescriptor[] {
  const replaced: Record<string, string> = {
    title: card.title,
    description: card.description,
    "og:title": card.title,
    "og:description": card.description,
  };
  const kept = meta.map((tag) => {
    if ("title" in tag) return { title: card.title };
    const key = "property" in tag ? tag.property : "name" in tag ? tag.name : undefined;
    return typeof key === "string" && key in replaced ? { ...tag, content: replaced[key] } : tag;
  });
  return [
    ...kept,
    { property: "og:type", content: "website" },
    { property: "og:image", content: card.image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(card.width) },
    { property: "og:image:height", content: String(card.height) },
    { property: "og:image:alt", content: card.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: card.title },
    { name: "twitter:description", content: card.description },
    { name: "twitter:image", content: card.image },
    { name: "twitter:image:alt", content: card.alt },
  ];
}
