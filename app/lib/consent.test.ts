import { afterEach, describe, expect, it, vi } from "vitest";
import { consentChangeEvent, hasConsent, saveConsent } from "./consent";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("hasConsent", () => {
  it("grants nothing optional before a choice, and strictly necessary always", () => {
    expect(hasConsent("analytics", "")).toBe(false);
    expect(hasConsent("experience", "lang=en-US")).toBe(false);
    expect(hasConsent("necessary", "")).toBe(true);
    expect(hasConsent("necessary", null)).toBe(true);
  });

  it("follows the stored choice, category by category", () => {
    const header = "lang=en-US; consent=v1.e0.a1.1795400000";
    expect(hasConsent("analytics", header)).toBe(true);
    expect(hasConsent("experience", header)).toBe(false);
  });

  it("treats a malformed or outdated cookie as no consent", () => {
    expect(hasConsent("analytics", "consent=v1.e1.a1")).toBe(false);
    expect(hasConsent("analytics", "consent=v9.e1.a1.1795400000")).toBe(false);
    expect(hasConsent("analytics", "consent=true")).toBe(false);
  });

  it("reads document.cookie in the browser, and grants nothing optional on a server without a header", () => {
    expect(hasConsent("analytics")).toBe(false);
    vi.stubGlobal("document", { cookie: "consent=v1.e1.a1.1795400000" });
    expect(hasConsent("analytics")).toBe(true);
    vi.stubGlobal("document", { cookie: "" });
    expect(hasConsent("analytics")).toBe(false);
  });
});

describe("saveConsent", () => {
  it("writes the cookie that hasConsent then reads, and tells the page", () => {
    const jar = { cookie: "" };
    const events: Event[] = [];
    vi.stubGlobal("document", jar);
    vi.stubGlobal("window", {
      location: { protocol: "https:" },
      dispatchEvent: (event: Event) => events.push(event),
    });
    const saved = saveConsent({ experience: false, analytics: true });
    expect(jar.cookie).toMatch(
      /^consent=v1\.e0\.a1\.\d+; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/,
    );
    expect(hasConsent("analytics", jar.cookie.split(";")[0])).toBe(true);
    expect(events.map((event) => event.type)).toEqual([consentChangeEvent]);
    expect((events[0] as CustomEvent).detail).toEqual(saved);
  });
});
