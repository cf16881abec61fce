import { describe, expect, it } from "vitest";
import { screens, servedScreens } from "./route-table";
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
  });

  it("gives each page its hreflang alternates and an x-default", () => {
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="pt-BR" href="https://www.example.com/pt-br"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/"/>',
    );
  });

  it("leaves out pages that are private or not served", () => {
    expect(xml).not.toContain("/tests");
    expect(xml).not.toContain("/result");
  });
});
