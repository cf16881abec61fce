import { describe, expect, it } from "vitest";
import { skillTier } from "../report/skills";
import { translate } from "./translate";

/** Words of the report checked against what they describe (issue 30.5). */
describe("an area's tier text", () => {
  it("does not call 10 of 10 'nearly all': the top tier (9 or 10) is true of both", () => {
    expect(skillTier(10)).toBe(skillTier(9));
    const key = `premium_skill_tier_${skillTier(10)}`;
    const en = translate(key, "en");
    const pt = translate(key, "pt-br");
    expect(en).not.toMatch(/nearly|almost/i);
    expect(pt).not.toMatch(/quase/i);
    expect(en).toContain("every question, or all but one");
    expect(pt).toContain("todas as questões, ou todas menos uma");
  });
});
