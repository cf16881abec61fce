import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { locales } from "../core/locales";
import { type SaleImageKind, saleImagePath, saleImageScale, saleImageSizes } from "./sale-images";

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1] as number;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error("no start-of-frame marker");
}

describe("sale images (npm run sale-images)", () => {
  const cases = locales.flatMap((locale) =>
    (Object.keys(saleImageSizes) as SaleImageKind[]).map((kind) => [locale, kind] as const),
  );

  it.each(cases)(
    "%s %s is a JPEG of the designed size, light enough for a modal",
    (locale, kind) => {
      const bytes = readFileSync(saleImagePath(locale, kind));
      const { width, height } = saleImageSizes[kind];
      expect(jpegSize(bytes)).toEqual({
        width: width * saleImageScale,
        height: height * saleImageScale,
      });
      expect(bytes.length).toBeLessThan(120 * 1024);
    },
  );

  it("puts English at the root and Portuguese under its prefix", () => {
    expect(saleImagePath("en", "desktop")).toBe("public/sale-images/desktop.jpg");
    expect(saleImagePath("pt-br", "mobile")).toBe("public/pt-br/sale-images/mobile.jpg");
  });
});
