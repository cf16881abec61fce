/**
 * Development aid for one category: `npx tsx scripts/questions/preview.ts SM` writes
 * /tmp/questions-preview-SM.html and .png (Chromium) and prints, per item, the solver's
 * verdict on each option, the context-blind choosers' expected hits and the SVG sizes.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import {
  expectedHit,
  mostCommonValueChooser,
  mostSimilarChooser,
} from "../../core/items/checks/blind.ts";
import type { Category, CategoryGenerator, CategorySolver } from "../../core/items/model.ts";

const category = (process.argv[2] ?? "").toUpperCase() as Category;
const seed = process.argv[3] ?? "lumen-iq-bank-v1";
const folder = category.toLowerCase();
const { generator } = (await import(`../../core/items/${folder}/generate.ts`)) as {
  generator: CategoryGenerator;
};
const { solver } = (await import(`../../core/items/${folder}/solve.ts`)) as {
  solver: CategorySolver;
};

const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
const items = generator.generate(seed);
let modeHits = 0;
let similarHits = 0;
let rows = "";
for (const item of items) {
  const options = [item.answer, ...item.distractors];
  const verdicts = options.map((option) =>
    solver.satisfies(JSON.parse(JSON.stringify(item)), JSON.parse(JSON.stringify(option))),
  );
  const features = options.map((option) => generator.optionFeatures(item, option));
  const mode = expectedHit(mostCommonValueChooser(features), 0);
  const similar = expectedHit(mostSimilarChooser(features), 0);
  modeHits += mode;
  similarHits += similar;
  const question = generator.renderQuestion(item);
  const optionSvgs = options.map((option) => generator.renderOption(item, option));
  const sizes = [question, ...optionSvgs].map((s) => Buffer.byteLength(s));
  const ok = verdicts[0] === true && verdicts.slice(1).every((v) => v === false);
  console.log(
    `${item.code} ${item.family.padEnd(16)} solver ${ok ? "OK " : "BAD"} [${verdicts.map((v) => (v ? "1" : "0")).join("")}]  blind mode ${mode.toFixed(2)} similar ${similar.toFixed(2)}  bytes ${sizes.join("/")}`,
  );
  rows += `<section><h2>${item.code} · ${item.title.en} / ${item.title["pt-br"]}</h2><p class="alt">${item.alt.en}</p><img class="q" src="${dataUri(question)}"><div class="opts">${optionSvgs
    .map(
      (svg, i) =>
        `<figure><img src="${dataUri(svg)}"><figcaption>${i === 0 ? "answer" : `distractor ${i}`}</figcaption></figure>`,
    )
    .join("")}</div></section>`;
}
console.log(
  `\ncontext-blind expected accuracy: most common value ${((modeHits / items.length) * 100).toFixed(1)}%, most similar ${((similarHits / items.length) * 100).toFixed(1)}%`,
);
const html = `<!doctype html><meta charset="utf-8"><style>body{background:#0a0f1e;color:#e8ecff;font-family:sans-serif;margin:16px;width:1100px}section{margin-bottom:28px;border-bottom:1px solid #26325c;padding-bottom:16px}h2{font-size:16px}.alt{color:#8f9bc4;font-size:13px}.q{max-width:700px;display:block}.opts{display:flex;gap:12px;margin-top:10px}figure{margin:0}figure img{width:200px}figcaption{font-size:12px;color:#8f9bc4}</style>${rows}`;
writeFileSync(`/tmp/questions-preview-${category}.html`, html);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const page = await browser.newPage({ viewport: { width: 1140, height: 900 } });
await page.goto(`file:///tmp/questions-preview-${category}.html`);
await page.screenshot({ path: `/tmp/questions-preview-${category}.png`, fullPage: true });
await browser.close();
console.log(`wrote /tmp/questions-preview-${category}.html and .png`);
process.exit(0);
