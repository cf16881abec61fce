import { describe, expect, it } from "vitest";
import { locales } from "../locales/locales";
import { routePattern, type Screen, screenNames, screens, servedScreens } from "./route-table";
import { buildSitemap } from "./sitemap";

describe("the sitemap", () => {
  const xml = buildSitemap("https://www.example.com/");

  it("lists every public served page in both languages", () => {
    const public_ = servedScreens.filter((s) => screens[s].indexable);
    expect(public_.length).toBeGreaterThan(0);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(public_.length * 2);
    expect(locs).toContain("https://www.example.com/");
    expect(locs).toContain("https://www.example.com/pt-br");
    // The Register screen (issue 14) in both languages.
    expect(locs).toContain("https://www.example.com/register");
    expect(locs).toContain("https://www.example.com/pt-br/cadastro");
  });

  it("gives each page its hreflang alternates and an x-default", () => {
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="pt-BR" href="https://www.example.com/pt-br"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/"/>',
    );
  });

  it("leaves out every screen that is private (even when served) or not served yet", () => {
    const base = "https://www.example.com";
    const listed = (screen: Screen) => servedScreens.includes(screen) && screens[screen].indexable;
    // The table has served private screens this must leave out (every public screen is served).
    expect(servedScreens.filter((s) => !screens[s].indexable)).toContain("invalidReturnUrl");
    for (const screen of screenNames.filter((s) => !listed(s))) {
      for (const locale of locales) {
        const pattern = routePattern(screen, locale);
        const param = pattern.indexOf("/:");
        if (param === -1) {
          const url = `${base}${pattern}`;
          expect(xml, url).not.toContain(`<loc>${url}</loc>`);
          expect(xml, url).not.toContain(`href="${url}"`);
        } else {
          expect(xml, pattern).not.toContain(`${base}${pattern.slice(0, param)}/`);
        }
      }
    }
  });
});
