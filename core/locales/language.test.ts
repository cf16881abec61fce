import { describe, expect, it } from "vitest";
import {
  homeLanguageRedirect,
  languageSetCookie,
  localesFromAcceptLanguage,
  preferredLocale,
} from "./language";

describe("the language cookie", () => {
  it("holds the ISO code, plus a marker when the path carries the prefix", () => {
    expect(languageSetCookie("/", false)).toBe(
      "lang=en-US; Path=/; Max-Age=315360000; SameSite=Lax",
    );
    expect(languageSetCookie("/pt-br/cadastro", true)).toBe(
      "lang=pt-BR.prefixed; Path=/; Max-Age=315360000; SameSite=Lax; Secure",
    );
  });

  it("lasts ten years and has no Domain attribute (host-only)", () => {
    const cookie = languageSetCookie("/pt-br", false);
    expect(cookie).toContain(`Max-Age=${10 * 365 * 24 * 3600}`);
    expect(cookie.toLowerCase()).not.toContain("domain=");
  });
});

describe("the choice of language", () => {
  it.each([
    ["lang=pt-BR.prefixed", "en-US,en", "pt-br", "cookie"],
    ["lang=en-US", "pt-BR,pt;q=0.9", "en", "cookie"],
    [null, "pt-BR,pt;q=0.9,en;q=0.8", "pt-br", "accept-language"],
    [null, "de-DE,de;q=0.9,pt;q=0.5", "pt-br", "accept-language"],
    [null, "en;q=0.4,pt-PT;q=0.8", "pt-br", "accept-language"],
    ["lang=xx", "fr-FR", "en", "fallback"],
    [null, null, "en", "fallback"],
  ] as const)("cookie %s, Accept-Language %s -> %s (%s)", (cookie, accept, locale, source) => {
    expect(preferredLocale({ cookieHeader: cookie, acceptLanguage: accept })).toEqual({
      locale,
      source,
    });
  });

  it("orders browser languages by quality and ignores q=0", () => {
    expect(localesFromAcceptLanguage("pt;q=0, en;q=0.2")).toEqual(["en"]);
    expect(localesFromAcceptLanguage("en;q=0.5, pt-BR")).toEqual(["pt-br", "en"]);
  });
});

describe("the home redirect", () => {
  const visit = {
    pathname: "/",
    search: "",
    cookieHeader: null,
    acceptLanguage: "pt-BR,pt;q=0.9",
    isBot: false,
    secFetchSite: "none",
  };

  it("sends a Portuguese browser from / to /pt-br, keeping the query", () => {
    expect(homeLanguageRedirect(visit)).toBe("/pt-br");
    expect(homeLanguageRedirect({ ...visit, search: "?utm=x" })).toBe("/pt-br?utm=x");
  });

  it("never redirects bots", () => {
    expect(homeLanguageRedirect({ ...visit, isBot: true })).toBeNull();
  });

  it("never redirects any path but the bare home", () => {
    expect(homeLanguageRedirect({ ...visit, pathname: "/register" })).toBeNull();
    expect(homeLanguageRedirect({ ...visit, pathname: "/pt-br" })).toBeNull();
  });

  it("lets the cookie win over the browser language", () => {
    expect(homeLanguageRedirect({ ...visit, cookieHeader: "a=1; lang=en-US" })).toBeNull();
    expect(
      homeLanguageRedirect({ ...visit, acceptLanguage: "en", cookieHeader: "lang=pt-BR.prefixed" }),
    ).toBe("/pt-br");
  });

  it("respects a visitor who chose English from one of our pages", () => {
    expect(homeLanguageRedirect({ ...visit, secFetchSite: "same-origin" })).toBeNull();
  });
});
