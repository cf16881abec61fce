import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  codePoints,
  families,
  latinFile,
  latinRange,
  latinSubset,
  outDir,
  stylesheet,
} from "./fonts";

describe("the web fonts' Latin files (npm run fonts)", () => {
  it.each(families.map((f) => f.package))(
    "%s: the committed file is what the script makes from the installed package",
    async (name) => {
      const committed = readFileSync(join(outDir, latinFile(name)));
      expect(Buffer.compare(committed, await latinSubset(name))).toBe(0);
    },
  );

  it("the committed stylesheet is what the script writes", async () => {
    expect(readFileSync(join(outDir, "fonts.css"), "utf8")).toBe(await stylesheet());
  });

  it("every character of every message is in the Latin files, so no word mixes two fonts", () => {
    for (const { package: name } of families) {
      const latin = new Set(codePoints(latinRange(name)));
      expect(latin.has("ã".codePointAt(0) ?? 0)).toBe(true);
      for (const locale of ["en", "pt-br"]) {
        const messages = readFileSync(`messages/${locale}.json`, "utf8");
        const texts = Object.values(JSON.parse(messages) as Record<string, string>).join("");
        const missing = [...new Set(texts.normalize("NFC"))].filter(
          (char) => !latin.has(char.codePointAt(0) ?? 0) && !/\s/.test(char),
        );
        expect(missing, `${name} ${locale}`).toEqual([]);
      }
    }
  });
});
