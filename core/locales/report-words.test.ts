import { describe, expect, it } from "vitest";
import { skillTier } from "../report/skills";
import { translate } from "./translate";

/** Words of the report checked against what they describe (issue 30.5). */
describe("an area's tier text", () => {
  it("says 10 of 10 is all ten and 9 of 10 is nine, never 'nearly all'", () => {
    expect(skillTier(10)).not.toBe(skillTier(9));
    const ten = `premium_skill_tier_${skillTier(10)}`;
    const nine = `premium_skill_tier_${skillTier(9)}`;
    expect(translate(ten, "en")).toContain("you solved all ten questions");
    expect(translate(ten, "pt-br")).toContain("você resolveu as dez questões");
    expect(translate(nine, "en")).toContain("nine of the ten questions");
    expect(translate(nine, "pt-br")).toContain("nove das dez questões");
    for (const key of [ten, nine]) {
      expect(translate(key, "en")).not.toMatch(/nearly|almost/i);
      expect(translate(key, "pt-br")).not.toMatch(/quase/i);
    }
  });
});
