import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { saleImageFiles } from "../core/content/sale-images.generated";
import { localeInfo, locales } from "../core/locales/locales";
import {
  type SaleImageKind,
  saleImagePath,
  saleImageScale,
  saleImageSizes,
  saleImageWebpDir,
  saleImageWidths,
  webpSize,
} from "./sale-images";

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

  it.each(cases)(
    "%s %s has a WebP, named by its content hash, at each width of the spec's list it needs",
    (locale, kind) => {
      const files = saleImageFiles[locale][kind];
      expect(files.map((file) => file.width)).toEqual([...saleImageWidths[kind]]);
      for (const width of saleImageWidths[kind]) {
        expect([320, 640, 768, 1024, 1280, 1536]).toContain(width);
      }
      const design = saleImageSizes[kind];
      for (const file of files) {
        const name = `${kind}-${file.width}w\\.([0-9a-f]{12})\\.webp`;
        const match = file.url.match(
          new RegExp(`^${localeInfo[locale].prefix}/sale-images/webp/${name}$`),
        );
        expect(match, file.url).not.toBeNull();
        const bytes = readFileSync(`public${file.url}`);
        expect(bytes.toString("latin1", 0, 4)).toBe("RIFF");
        expect(bytes.toString("latin1", 8, 12)).toBe("WEBP");
        expect(webpSize(bytes)).toEqual({ width: file.width, height: file.height });
        // The design's aspect ratio, to the pixel.
        expect(Math.abs(file.height - (file.width * design.height) / design.width)).toBeLessThan(1);
        expect(createHash("sha256").update(bytes).digest("hex").slice(0, 12)).toBe(match?.[1]);
        // Lighter than the 2x JPEG fallback for the same picture.
        expect(bytes.length).toBeLessThan(readFileSync(saleImagePath(locale, kind)).length);
      }
    },
  );

  it.each(locales)("%s has no stale WebP files beside the listed ones", (locale) => {
    const listed = Object.values(saleImageFiles[locale])
      .flat()
      .map((file) => file.url.split("/").pop())
      .sort();
    expect(readdirSync(saleImageWebpDir(locale)).sort()).toEqual(listed);
  });
});
