/**
 * npm run sale-images: the promotional images of the login/sign-up modal (spec section 2:
 * "a sale-images path (desktop and mobile jpeg), prefixed with the locale unless the
 * locale is English"). Drawn as HTML with the site's palette and fonts, photographed by
 * Chromium, written to public/sale-images/ and public/pt-br/sale-images/ and committed.
 * Every text comes from the message files.
 *
 * Two outputs per locale and variant (ADR 0014):
 * - `desktop.jpg` / `mobile.jpg` at 2x: the spec's path, the fallback for browsers without WebP;
 * - `webp/<variant>-<width>w.<hash>.webp` at each width of `saleImageWidths` (spec section 9),
 *   each drawn at that width (not downscaled, so the text stays crisp) and encoded as WebP by
 *   Chromium's canvas, so nothing but Chromium is needed. Their list goes to
 *   core/content/sale-images.generated.ts; stale hashed files are removed.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import {
  type SaleImageFile,
  type SaleImageKind,
  saleImageSizes,
  saleImageWidths,
} from "../core/content/sale-images.ts";
import { type Locale, localeInfo, locales } from "../core/locales/locales.ts";
import * as m from "../core/paraglide/messages.js";
import { chromiumArgs, ensureChromium } from "./chromium.mjs";

export { type SaleImageKind, saleImageSizes, saleImageWidths };
/** The JPEG fallback is photographed at twice the density for sharp phones and retina screens. */
export const saleImageScale = 2;
export const saleImageWebpQuality = 0.8;

export function saleImagePath(locale: Locale, kind: SaleImageKind): string {
  return `public${localeInfo[locale].prefix}/sale-images/${kind}.jpg`;
}

/** The folder of the hashed WebP files (long-lived cache headers in public/_headers). */
export function saleImageWebpDir(locale: Locale): string {
  return `public${localeInfo[locale].prefix}/sale-images/webp`;
}

export const generatedModule = "core/content/sale-images.generated.ts";

const require = createRequire(import.meta.url);
/** The site's own font files, inlined (nothing is fetched). */
const fontFile = (pkg: string, file: string) =>
  `data:font/woff2;base64,${readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), "files", file)).toString("base64")}`;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** A normal curve with the upper tail lit, and a marker where "you" stand. */
function bellCurve(width: number, height: number): string {
  const points: string[] = [];
  for (let i = 0; i <= 60; i++) {
    const x = (i / 60) * width;
    const z = (i / 60) * 6 - 3;
    const y = height - Math.exp(-(z * z) / 2) * (height - 8);
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  const line = `M${points.join(" L")}`;
  const markX = width * (4.3 / 6);
  const markZ = 4.3 - 3;
  const markY = height - Math.exp(-(markZ * markZ) / 2) * (height - 8);
  return `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true">
  <defs>
    <linearGradient id="fill" x1="0" x2="1"><stop offset="0" stop-color="#8ea8ff" stop-opacity="0.05"/><stop offset="1" stop-color="#4fe0c2" stop-opacity="0.45"/></linearGradient>
    <linearGradient id="stroke" x1="0" x2="1"><stop offset="0" stop-color="#8ea8ff"/><stop offset="1" stop-color="#4fe0c2"/></linearGradient>
    <clipPath id="tail"><rect x="${markX}" y="0" width="${width - markX}" height="${height}"/></clipPath>
  </defs>
  <path d="${line} L${width},${height} L0,${height} Z" fill="#8ea8ff" fill-opacity="0.07"/>
  <path d="${line} L${width},${height} L0,${height} Z" fill="url(#fill)" clip-path="url(#tail)"/>
  <path d="${line}" fill="none" stroke="url(#stroke)" stroke-width="3" stroke-linecap="round"/>
  <line x1="${markX}" x2="${markX}" y1="${markY - 14}" y2="${height}" stroke="#4fe0c2" stroke-width="2" stroke-dasharray="4 4"/>
  <circle cx="${markX}" cy="${markY}" r="7" fill="#0a0f1e" stroke="#4fe0c2" stroke-width="3"/>
</svg>`;
}

const check = `<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true"><circle cx="10" cy="10" r="10" fill="#4fe0c2" fill-opacity="0.16"/><path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#4fe0c2" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

function page(locale: Locale, kind: SaleImageKind): string {
  const t = (message: (i: object, o: { locale: Locale }) => string) =>
    escapeHtml(message({}, { locale }));
  const { width, height } = saleImageSizes[kind];
  const style = `
@font-face { font-family: "Sora"; src: url("${fontFile("@fontsource-variable/sora", "sora-latin-wght-normal.woff2")}") format("woff2"); font-weight: 100 900; }
@font-face { font-family: "Inter"; src: url("${fontFile("@fontsource-variable/inter", "inter-latin-wght-normal.woff2")}") format("woff2"); font-weight: 100 900; }
* { box-sizing: border-box; margin: 0; }
html, body { width: ${width}px; height: ${height}px; overflow: hidden; }
body {
  font-family: "Inter", sans-serif; color: #e8ecff;
  background:
    radial-gradient(420px 320px at 100% 0%, rgb(79 224 194 / 0.22), transparent 70%),
    radial-gradient(420px 360px at 0% 100%, rgb(142 168 255 / 0.22), transparent 70%),
    linear-gradient(160deg, #121a38 0%, #0a0f1e 100%);
}
.grid { position: absolute; inset: 0; background-image: linear-gradient(rgb(142 168 255 / 0.06) 1px, transparent 1px), linear-gradient(90deg, rgb(142 168 255 / 0.06) 1px, transparent 1px); background-size: 28px 28px; mask-image: linear-gradient(180deg, black, transparent 85%); }
.kicker { display: inline-block; font-size: 12px; font-weight: 600; letter-spacing: 0.02em; color: #4fe0c2; background: rgb(79 224 194 / 0.12); border: 1px solid rgb(79 224 194 / 0.35); border-radius: 999px; padding: 5px 11px; }
h1 { font-family: "Sora", sans-serif; font-weight: 700; letter-spacing: -0.02em; line-height: 1.12; }
.gradient { background: linear-gradient(120deg, #8ea8ff 0%, #6fc4e0 50%, #4fe0c2 100%); -webkit-background-clip: text; color: transparent; }
`;
  if (kind === "mobile") {
    return `<!doctype html><html lang="${localeInfo[locale].iso}"><meta charset="utf-8"><style>${style}
.wrap { position: relative; height: 100%; display: flex; align-items: center; gap: 12px; padding: 0 20px; }
.text { flex: 1; min-width: 0; }
h1 { font-size: 23px; margin-top: 10px; }
.curve { flex: 0 0 150px; align-self: flex-end; margin-bottom: 18px; }
</style><div class="grid"></div><div class="wrap"><div class="text"><span class="kicker">${t(m.sale_image_kicker)}</span><h1><span class="gradient">${t(m.sale_image_title)}</span></h1></div><div class="curve">${bellCurve(150, 92)}</div></div></html>`;
  }
  const points = [
    m.sale_image_point_score,
    m.sale_image_point_certificate,
    m.sale_image_point_report,
  ]
    .map((message) => `<li>${check}<span>${t(message)}</span></li>`)
    .join("");
  return `<!doctype html><html lang="${localeInfo[locale].iso}"><meta charset="utf-8"><style>${style}
.wrap { position: relative; height: 100%; padding: 40px 32px 32px; display: flex; flex-direction: column; }
h1 { font-size: 34px; margin-top: 18px; }
.curve { margin: 52px -8px 0; }
.certificate { position: relative; margin: -46px auto 0 4px; transform: rotate(-3deg); width: 208px; padding: 16px 18px; border-radius: 14px; background: linear-gradient(160deg, #1a2447, #141c3a); border: 1px solid #26325c; box-shadow: 0 20px 40px -18px rgb(0 0 0 / 0.8); }
.certificate b { display: block; font-family: "Sora", sans-serif; font-size: 13px; letter-spacing: 0.14em; text-transform: uppercase; color: #8ea8ff; }
.certificate i { display: block; height: 8px; border-radius: 4px; background: #26325c; margin-top: 10px; }
.certificate i:nth-of-type(2) { width: 70%; }
.certificate .seal { position: absolute; right: 14px; bottom: 12px; width: 34px; height: 34px; border-radius: 50%; background: radial-gradient(circle, #4fe0c2 0 45%, transparent 46%), conic-gradient(#4fe0c2 0 25%, #8ea8ff 0 50%, #4fe0c2 0 75%, #8ea8ff 0); opacity: 0.9; }
ul { list-style: none; padding: 0; margin-top: auto; display: grid; gap: 12px; }
li { display: flex; gap: 10px; align-items: flex-start; font-size: 15px; line-height: 1.35; color: #c9d2f2; }
li svg { flex: 0 0 20px; }
</style><div class="grid"></div><div class="wrap"><div><span class="kicker">${t(m.sale_image_kicker)}</span></div><h1><span class="gradient">${t(m.sale_image_title)}</span></h1><div class="curve">${bellCurve(352, 180)}</div><div class="certificate"><b>${t(m.sale_image_certificate)}</b><i></i><i></i><span class="seal"></span></div><ul>${points}</ul></div></html>`;
}

/** Chromium photographs the page at `scale`; PNG (lossless) so WebP is encoded only once. */
async function photograph(
  browser: Browser,
  locale: Locale,
  kind: SaleImageKind,
  scale: number,
  type: "png" | "jpeg",
): Promise<Buffer> {
  const { width, height } = saleImageSizes[kind];
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: scale,
  });
  const tab = await context.newPage();
  await tab.setContent(page(locale, kind), { waitUntil: "load" });
  await tab.evaluate(() => document.fonts.ready);
  const bytes =
    type === "jpeg" ? await tab.screenshot({ type, quality: 82 }) : await tab.screenshot({ type });
  await context.close();
  return bytes;
}

/** Re-encodes a PNG as WebP with Chromium's canvas (page.screenshot has no WebP). */
async function toWebp(browser: Browser, png: Buffer): Promise<Buffer> {
  const tab = await browser.newPage();
  const dataUrl = await tab.evaluate(
    async ({ base64, quality }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext("2d")?.drawImage(image, 0, 0);
      return canvas.toDataURL("image/webp", quality);
    },
    { base64: png.toString("base64"), quality: saleImageWebpQuality },
  );
  await tab.close();
  const prefix = "data:image/webp;base64,";
  // Chromium falls back to PNG when it cannot encode the type asked for.
  if (!dataUrl.startsWith(prefix)) throw new Error("this Chromium cannot encode WebP");
  return Buffer.from(dataUrl.slice(prefix.length), "base64");
}

/** Width and height from a WebP's VP8, VP8L or VP8X header. */
export function webpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WEBP") {
    throw new Error("not a WebP file");
  }
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8 ") {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

if (import.meta.main) {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
  const files = {} as Record<Locale, Record<SaleImageKind, SaleImageFile[]>>;
  for (const locale of locales) {
    const webpDir = saleImageWebpDir(locale);
    rmSync(webpDir, { recursive: true, force: true });
    mkdirSync(webpDir, { recursive: true });
    files[locale] = { desktop: [], mobile: [] };
    for (const kind of Object.keys(saleImageSizes) as SaleImageKind[]) {
      const path = saleImagePath(locale, kind);
      writeFileSync(path, await photograph(browser, locale, kind, saleImageScale, "jpeg"));
      console.log(`wrote ${path}`);
      for (const width of saleImageWidths[kind]) {
        const png = await photograph(
          browser,
          locale,
          kind,
          width / saleImageSizes[kind].width,
          "png",
        );
        const webp = await toWebp(browser, png);
        const size = webpSize(webp);
        const hash = createHash("sha256").update(webp).digest("hex").slice(0, 12);
        const name = `${kind}-${width}w.${hash}.webp`;
        writeFileSync(join(webpDir, name), webp);
        files[locale][kind].push({
          ...size,
          url: `${localeInfo[locale].prefix}/sale-images/webp/${name}`,
        });
        console.log(
          `wrote ${webpDir}/${name} (${size.width}x${size.height}, ${webp.length} bytes)`,
        );
      }
    }
  }
  await browser.close();
  writeFileSync(
    generatedModule,
    `// Generated by \`npm run sale-images\` (scripts/sale-images.ts). Do not edit by hand.
import type { Locale } from "../locales/locales";
import type { SaleImageFile, SaleImageKind } from "./sale-images";

export const saleImageFiles: Record<Locale, Record<SaleImageKind, readonly SaleImageFile[]>> = ${JSON.stringify(files, null, 2)};
`,
  );
  console.log(`wrote ${generatedModule}`);
  process.exit(0);
}
