import { describe, expect, it } from "vitest";
import { famousEntries, testimonials } from "./home-content";

describe("home content (spec sections 3 and 9)", () => {
  it("has 22 famous entries with scores from 132 to 180, each with a name and role", () => {
    expect(famousEntries).toHaveLength(22);
    const scores = famousEntries.map((entry) => entry.score);
    expect(Math.min(...scores)).toBe(132);
    expect(Math.max(...scores)).toBe(180);
    expect(new Set(famousEntries.map((entry) => entry.id)).size).toBe(22);
    for (const { id, name, role } of famousEntries) {
      expect(name({}, { locale: "en" }), id).toMatch(/\p{L}{2}/u);
      expect(role({}, { locale: "en" }), id).toMatch(/\p{L}{2}/u);
      expect(role({}, { locale: "pt-br" }), id).toMatch(/\p{L}{2}/u);
    }
    // The roles are written in each language (a few, like "Inventor", read the same).
    const translated = famousEntries.filter(
      (e) => e.role({}, { locale: "pt-br" }) !== e.role({}, { locale: "en" }),
    );
    expect(translated.length).toBeGreaterThan(15);
    expect(new Set(famousEntries.map((e) => e.name({}, { locale: "en" }))).size).toBe(22);
  });

  it("has 15 testimonials rated 4 or 5, each with a message", () => {
    expect(testimonials).toHaveLength(15);
    for (const t of testimonials) {
      expect([4, 5]).toContain(t.score);
      expect(t.text({}, { locale: "pt-br" }), String(t.id)).not.toBe(t.text({}, { locale: "en" }));
    }
    expect(new Set(testimonials.map((t) => t.text({}, { locale: "en" }))).size).toBe(15);
  });
});
