/**
 * npm run sale-images: the promotional images of the login/sign-up modal (spec section 2:
 * "a sale-images path (desktop and mobile jpeg), prefixed with the locale unless the
 * locale is English"). Drawn as HTML with the site's palette and fonts, photographed by
 * Chromium as JPEG, written to public/sale-images/ and public/pt-br/sale-images/ and
 * committed. Every text comes from the message files.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { chromium } from "playwright-core";
import { type Locale, localeInfo, locales } from "../core/locales.ts";
import * as m from "../core/paraglide/messages.js";
import { chromiumArgs, ensureChromium } from "./chromium.mjs";

/** CSS pixels; photographed at twice the density for sharp phones and retina screens. */
export const saleImageSizes = {
  desktop: { width: 400, height: 620 },
  mobile: { width: 480, height: 160 },
} as const;
export const saleImageScale = 2;
export type SaleImageKind = keyof typeof saleImageSizes;

export function saleImagePath(locale: Locale, kind: SaleImageKind): string {
  return `public${localeInfo[locale].prefix}/sale-images/${kind}.jpg`;
}

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
.curve { margin: 30px -8px 0; }
.certificate { position: relative; margin: -46px auto 0 4px; transform: rotate(-3deg); width: 208px; padding: 16px 18px; border-radius: 14px; background: linear-gradient(160deg, #1a2447, #141c3a); border: 1px solid #26325c; box-shadow: 0 20px 40px -18px rgb(0 0 0 / 0.8); }
.certificate b { display: block; font-family: "Sora", sans-serif; font-size: 13px; letter-spacing: 0.14em; text-transform: uppercase; color: #8ea8ff; }
.certificate i { display: block; height: 8px; border-radius: 4px; background: #26325c; margin-top: 10px; }
.certificate i:nth-of-type(2) { width: 70%; }
.certificate .seal { position: absolute; right: 14px; bottom: 12px; width: 34px; height: 34px; border-radius: 50%; background: radial-gradient(circle, #4fe0c2 0 45%, transparent 46%), conic-gradient(#4fe0c2 0 25%, #8ea8ff 0 50%, #4fe0c2 0 75%, #8ea8ff 0); opacity: 0.9; }
ul { list-style: none; padding: 0; margin-top: auto; display: grid; gap: 12px; }
li { display: flex; gap: 10px; align-items: flex-start; font-size: 15px; line-height: 1.35; color: #c9d2f2; }
li svg { flex: 0 0 20px; }
</style><div class="grid"></div><div class="wrap"><div><span class="kicker">${t(m.sale_image_kicker)}</span></div><h1><span class="gradient">${t(m.sale_image_title)}</span></h1><div class="curve">${bellCurve(352, 150)}</div><div class="certificate"><b>${t(m.sale_image_certificate)}</b><i></i><i></i><span class="seal"></span></div><ul>${points}</ul></div></html>`;
}

if (import.meta.main) {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
  for (const locale of locales) {
    for (const kind of Object.keys(saleImageSizes) as SaleImageKind[]) {
      const { width, height } = saleImageSizes[kind];
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: saleImageScale,
      });
      const tab = await context.newPage();
      await tab.setContent(page(locale, kind), { waitUntil: "load" });
      await tab.evaluate(() => document.fonts.ready);
      const path = saleImagePath(locale, kind);
      mkdirSync(dirname(path), { recursive: true });
      await tab.screenshot({ path, type: "jpeg", quality: 82 });
      await context.close();
      console.log(`wrote ${path}`);
    }
  }
  await browser.close();
  process.exit(0);
}
