import { describe, expect, it } from "vitest";
import {
  consentChosenAttribute,
  consentChosenScript,
  consentCookie,
  grants,
  parseConsent,
  readConsent,
  serializeConsent,
} from "./consent";

describe("the consent cookie", () => {
  it("round-trips every combination of the optional categories", () => {
    for (const experience of [false, true]) {
      for (const analytics of [false, true]) {
        const choice = { experience, analytics, at: 1_795_400_000 };
        expect(parseConsent(serializeConsent(choice))).toEqual(choice);
      }
    }
    expect(serializeConsent({ experience: false, analytics: true, at: 1_795_400_000.7 })).toBe(
      "v1.e0.a1.1795400000",
    );
  });

  it.each([
    ["", "empty"],
    ["yes", "free text"],
    ["v1.e1.a1", "no time"],
    ["v2.e1.a1.1795400000", "another version"],
    ["v0.e1.a1.1795400000", "an older version"],
    ["v1.e2.a1.1795400000", "a flag that is not 0 or 1"],
    ["v1.a1.e1.1795400000", "categories out of order"],
    ["v1.e1.a1.1795400000x", "trailing characters"],
    [" v1.e1.a1.1795400000", "leading space"],
    ['{"analytics":true}', "JSON"],
  ])("reads %j (%s) as no choice", (value) => {
    expect(parseConsent(value)).toBeNull();
  });

  it("is found among the other cookies of a request", () => {
    expect(readConsent("lang=pt-BR.prefixed; consent=v1.e1.a0.1795400000; session=x")).toEqual({
      experience: true,
      analytics: false,
      at: 1_795_400_000,
    });
    expect(readConsent("lang=en-US")).toBeNull();
    expect(readConsent(null)).toBeNull();
    expect(readConsent("consent=v1.e1.a9.1")).toBeNull();
  });

  it("lasts a year on the whole site, SameSite=Lax, Secure on https", () => {
    const choice = { experience: true, analytics: true, at: 1_795_400_000 };
    expect(consentCookie(choice, false)).toBe(
      "consent=v1.e1.a1.1795400000; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(consentCookie(choice, true)).toMatch(/; Secure$/);
  });
});

describe("grants", () => {
  it("always allows strictly necessary, even without a choice", () => {
    expect(grants(null, "necessary")).toBe(true);
    expect(grants({ experience: false, analytics: false, at: 1 }, "necessary")).toBe(true);
  });

  it("allows an optional category only when it was opted in", () => {
    expect(grants(null, "analytics")).toBe(false);
    expect(grants(null, "experience")).toBe(false);
    const choice = { experience: true, analytics: false, at: 1 };
    expect(grants(choice, "experience")).toBe(true);
    expect(grants(choice, "analytics")).toBe(false);
  });
});

describe("the head script of a shared page (ADR 0026)", () => {
  /** Runs the script against a document holding `cookie`; answers whether it marked the page. */
  function marks(cookie: string): boolean {
    const set = new Set<string>();
    const document = { cookie, documentElement: { setAttribute: (name: string) => set.add(name) } };
    new Function("document", consentChosenScript)(document);
    return set.has(consentChosenAttribute);
  }

  it.each([
    "consent=v1.e0.a0.1795400000",
    "lang=pt-BR.prefixed; consent=v1.e1.a1.1795400000",
    "consent=v1.e1.a0.1795400000; lang=en-US",
  ])("marks the page when the choice is readable: %s", (cookie) => {
    expect(readConsent(cookie)).not.toBeNull();
    expect(marks(cookie)).toBe(true);
  });

  it.each([
    "",
    "lang=en-US",
    "consent=v0.e1.a1.1795400000",
    "consent=v1.e2.a1.1795400000",
    "consent=v1.e1.a1.",
    "consent=v1.e1.a1.1795400000x",
    "xconsent=v1.e1.a1.1795400000",
  ])("leaves it alone when the cookie reads as no choice: %s", (cookie) => {
    expect(readConsent(cookie)).toBeNull();
    expect(marks(cookie)).toBe(false);
  });
});
