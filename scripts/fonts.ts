/**
 * npm run fonts: the Latin files of the two web fonts, cut down for the first download
 * (docs/decisions/0015-home-performance.md) and committed. From the @fontsource-variable
 * packages already in node_modules (nothing is downloaded), it keeps the Latin subset's
 * characters (all of English and Portuguese), the weights 400 to 800 the stylesheets use,
 * and the default OpenType features; the other subsets (Latin Extended, Cyrillic, Greek,
 * Vietnamese) stay fontsource's own files, downloaded only by a page that shows them.
 * Writes app/fonts/*.woff2 and app/fonts/fonts.css, which also declares a metric-matched
 * local fallback face per font (docs/decisions/0028-first-load.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import subsetFont from "subset-font";

export const weights = { min: 400, max: 800 } as const;
export const outDir = "app/fonts";

export const families = [
  { package: "inter", family: "Inter Variable", fallback: "Inter Fallback" },
  { package: "sora", family: "Sora Variable", fallback: "Sora Fallback" },
] as const;

const require = createRequire(import.meta.url);

export function packageDir(name: string): string {
  return dirname(require.resolve(`@fontsource-variable/${name}/package.json`));
}

/** `U+0000-00FF,U+0131` -> every code point in it. */
export function codePoints(unicodeRange: string): number[] {
  return unicodeRange.split(",").flatMap((part) => {
    const [from, to] = part
      .trim()
      .replace(/U\+/gi, "")
      .split("-")
      .map((hex) => Number.parseInt(hex, 16)) as [number, number | undefined];
    return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
  });
}

/** The weight axis of a fontsource variable font, e.g. "100 900". */
function weightAxis(name: string): string {
  const metadata = JSON.parse(readFileSync(join(packageDir(name), "metadata.json"), "utf8"));
  return `${metadata.variable.wght.min} ${metadata.variable.wght.max}`;
}

export function subsets(name: string): Record<string, string> {
  return JSON.parse(readFileSync(join(packageDir(name), "unicode.json"), "utf8"));
}

/** Beyond fontsource's Latin subset: the arrows (← →) some messages use. */
const extraRange = "U+2190-2193";

/** The characters of the cut-down Latin file: fontsource's Latin subset plus the extras. */
export function latinRange(name: string): string {
  const latin = subsets(name).latin;
  if (!latin) throw new Error(`@fontsource-variable/${name} has no latin subset`);
  return `${latin},${extraRange}`;
}

export const latinFile = (name: string) => `${name}-latin-${weights.min}-${weights.max}.woff2`;

/** The cut-down Latin file of one font. */
export async function latinSubset(name: string): Promise<Buffer> {
  const source = readFileSync(join(packageDir(name), `files/${name}-latin-wght-normal.woff2`));
  const text = String.fromCodePoint(...codePoints(latinRange(name)));
  return subsetFont(source, text, {
    targetFormat: "woff2",
    variationAxes: { wght: { min: weights.min, max: weights.max } },
  });
}

function fontFace(family: string, url: string, range: string, weight: string): string {
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    "  font-style: normal;",
    "  font-display: swap;",
    `  font-weight: ${weight};`,
    `  src: url("${url}") format("woff2");`,
    `  unicode-range: ${range};`,
    "}",
  ].join("\n");
}

/** The characters whose widths the fallback faces match: a space and the small letters. */
const sampled = " abcdefghijklmnopqrstuvwxyz";

/**
 * How often each of them occurs in running text (one character in six is a space, then
 * English letter frequencies, in percent): the weights of the average width to match.
 */
const frequencies = [
  18, 8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2, 6.1, 7, 0.15, 0.8, 4, 2.4, 6.7, 7.5, 1.9, 0.1, 6, 6.3, 9.1,
  2.8, 1, 2.4, 0.15, 2, 0.07,
];

/**
 * The local font of the fallback faces: Arial, or one with Arial's metrics (Liberation Sans
 * and Arimo on Linux and ChromeOS; Helvetica on Apple systems is close), regular and bold,
 * with the advance widths of `sampled` in its 2,048 units per em.
 */
const arial = {
  unitsPerEm: 2048,
  regular: {
    weight: 400,
    sources: ["Arial", "ArialMT", "Helvetica", "Liberation Sans", "Arimo"],
    widths: [
      569, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 455, 455, 1024, 455, 1706, 1139, 1139,
      1139, 1139, 682, 1024, 569, 1139, 1024, 1479, 1024, 1024, 1024,
    ],
  },
  bold: {
    weight: 700,
    sources: ["Arial Bold", "Arial-BoldMT", "Helvetica Bold", "Liberation Sans Bold", "Arimo Bold"],
    widths: [
      569, 1139, 1251, 1139, 1251, 1139, 682, 1251, 1251, 569, 569, 1139, 569, 1821, 1251, 1251,
      1251, 1251, 797, 1139, 682, 1251, 1139, 1593, 1139, 1139, 1024,
    ],
  },
};

/** The frequency-weighted average of advance widths, in ems. */
function averageWidth(widths: readonly number[], unitsPerEm: number): number {
  const total = widths.reduce((sum, width, i) => sum + width * (frequencies[i] ?? 0), 0);
  return total / frequencies.reduce((sum, weight) => sum + weight) / unitsPerEm;
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * Local faces (regular and bold) scaled to the web font's average width at that weight,
 * with its ascent, descent and line gap: text set in them before the web font arrives
 * takes about the same room, so the swap moves nothing, or little. The web font's widths
 * are read from its committed Latin file instanced at each weight.
 */
export async function fallbackFaces(name: string, fallback: string, range: string) {
  const source = readFileSync(join(outDir, latinFile(name)));
  const faces = [];
  for (const local of [arial.regular, arial.bold]) {
    const instance = fontkit.create(
      await subsetFont(source, sampled, {
        targetFormat: "truetype",
        variationAxes: { wght: local.weight },
      }),
    );
    const widths = [...sampled].map(
      (char) => instance.glyphForCodePoint(char.codePointAt(0) ?? 0).advanceWidth,
    );
    const sizeAdjust =
      averageWidth(widths, instance.unitsPerEm) / averageWidth(local.widths, arial.unitsPerEm);
    const scaled = (units: number) => percent(Math.abs(units) / instance.unitsPerEm / sizeAdjust);
    faces.push(
      [
        "@font-face {",
        `  font-family: "${fallback}";`,
        `  font-weight: ${local.weight};`,
        `  src: ${local.sources.map((font) => `local("${font}")`).join(", ")};`,
        `  size-adjust: ${percent(sizeAdjust)};`,
        `  ascent-override: ${scaled(instance.ascent)};`,
        `  descent-override: ${scaled(instance.descent)};`,
        `  line-gap-override: ${scaled(instance.lineGap)};`,
        // Only where the web font has glyphs: other characters go on down the font stack.
        `  unicode-range: ${range};`,
        "}",
      ].join("\n"),
    );
  }
  return faces;
}

export async function stylesheet(): Promise<string> {
  const perFamily = families.map(async ({ package: name, family, fallback }) => {
    const all = subsets(name);
    const others = Object.entries(all)
      .filter(([subset]) => subset !== "latin")
      .map(([subset, range]) => {
        const file = join(packageDir(name), `files/${name}-${subset}-wght-normal.woff2`);
        return fontFace(family, relative(outDir, file), range, weightAxis(name));
      });
    const latin = fontFace(
      family,
      `./${latinFile(name)}`,
      latinRange(name),
      `${weights.min} ${weights.max}`,
    );
    const range = [latinRange(name), ...Object.values(all).filter((r) => r !== all.latin)];
    return [latin, ...others, ...(await fallbackFaces(name, fallback, range.join(",")))];
  });
  const faces = (await Promise.all(perFamily)).flat();
  return `/* Written by npm run fonts (scripts/fonts.ts): do not edit. */\n\n${faces.join("\n\n")}\n`;
}

if (import.meta.main) {
  mkdirSync(outDir, { recursive: true });
  for (const { package: name } of families) {
    const font = await latinSubset(name);
    writeFileSync(join(outDir, latinFile(name)), font);
    console.log(`${join(outDir, latinFile(name))}: ${(font.length / 1024).toFixed(1)} KB`);
  }
  writeFileSync(join(outDir, "fonts.css"), await stylesheet());
  console.log(`${join(outDir, "fonts.css")}`);
}
