import { describe, expect, it } from "vitest";
import { famousEntries, testimonials } from "./home-content";
import { isMessageKey } from "./translate";

describe("home content (spec sections 3 and 9)", () => {
  it("has 22 famous entries with scores from 132 to 180, each with a name and role", () => {
    expect(famousEntries).toHaveLength(22);
    const scores = famousEntries.map((entry) => entry.score);
    expect(Math.min(...scores)).toBe(132);
    expect(Math.max(...scores)).toBe(180);
    expect(new Set(famousEntries.map((entry) => entry.id)).size).toBe(22);
    for (const { id } of famousEntries) {
      expect(isMessageKey(`home_famous_${id}_name`), id).toBe(true);
      expect(isMessageKey(`home_famous_${id}_role`), id).toBe(true);
    }
  });

  it("has 15 testimonials rated 4 or 5, each with a message", () => {
    expect(testimonials).toHaveLength(15);
    for (const t of testimonials) {
      expect([4, 5]).toContain(t.score);
      expect(isMessageKey(`home_testimonial_${t.id}`), String(t.id)).toBe(true);
    }
  });
});
