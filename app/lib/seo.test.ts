import { describe, expect, it } from "vitest";
import * as m from "../../core/paraglide/messages";
import { pageMeta, screenMeta } from "./seo";

const id = "6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
const matches = [
  { id: "root", loaderData: { baseUrl: "https://lumen.test/", isDevelopment: false } },
];

describe("screenMeta: a route's meta from its screen and two messages", () => {
  it("titles a page in its path's language, with the route's parameters in its links", () => {
    const meta = screenMeta("result", m.page_result_meta_title, m.page_result_meta_description);
    const tags = meta({
      location: { pathname: `/pt-br/resultado/${id}` },
      matches,
      params: { id },
    });
    expect(tags).toEqual(
      pageMeta({
        baseUrl: "https://lumen.test/",
        screen: "result",
        locale: "pt-br",
        params: { id },
        title: m.page_result_meta_title({}, { locale: "pt-br" }),
        description: m.page_result_meta_description({}, { locale: "pt-br" }),
      }),
    );
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `https://lumen.test/pt-br/resultado/${id}`,
    });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "en-US",
      href: `https://lumen.test/result/${id}`,
    });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("an indexable screen without parameters", () => {
    const meta = screenMeta("home", m.home_meta_title, m.home_meta_description);
    const tags = meta({ location: { pathname: "/" }, matches, params: {} });
    expect(tags).toContainEqual({ title: m.home_meta_title({}, { locale: "en" }) });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://lumen.test/" });
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });
});
