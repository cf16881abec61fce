/**
 * npm run fonts: the Latin files of the two web fonts, cut down for the first download
 * (docs/decisions/0015-home-performance.md) and committed. From the @fontsource-variable
 * packages already in node_modules (nothing is downloaded), it keeps the Latin subset's
 * characters (all of English and Portuguese), the weights 400 to 800 the stylesheets use,
 * and the default OpenType features; the other subsets (Latin Extended, Cyrillic, Greek,
 * Vietnamese) stay fontsource's own files, downloaded only by a page that shows them.
 * Writes app/fonts/*.woff2 and app/fonts/fonts.css.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import subsetFont from "subset-font";

export const weights = { min: 400, max: 800 } as const;
export const outDir = "app/fonts";

export const families = [
  { package: "inter", family: "Inter Variable" },
  { package: "sora", family: "Sora Variable" },
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

export function stylesheet(): string {
  const faces = families.flatMap(({ package: name, family }) => {
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
    return [latin, ...others];
  });
  return `/* Written by npm run fonts (scripts/fonts.ts): do not edit. */\n\n${faces.join("\n\n")}\n`;
}

if (import.meta.main) {
  mkdirSync(outDir, { recursive: true });
  for (const { package: name } of families) {
    const font = await latinSubset(name);
    writeFileSync(join(outDir, latinFile(name)), font);
    console.log(`${join(outDir, latinFile(name))}: ${(font.length / 1024).toFixed(1)} KB`);
  }
  writeFileSync(join(outDir, "fonts.css"), stylesheet());
  console.log(`${join(outDir, "fonts.css")}`);
}
