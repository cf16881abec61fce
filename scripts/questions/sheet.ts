/**
 * npm run questions:sheet: one HTML page with all 40 items, their lettered options and
 * the expected letter marked, each beside its audit figures (which options each
 * context-blind chooser picks, its expected hit, copies of the question; per category the
 * rates the tests hold to 35%, ADR 0025), plus a PNG of it through Chromium, for a person
 * to check by eye. Written to question-sheet/ (not committed).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { choosers, hitOf, rates, stemCopies } from "../../core/items/checks/audit.ts";
import { categories, letters } from "../../core/items/model.ts";
import { chromiumArgs, ensureChromium } from "../chromium.mjs";
import { type BuiltItem, bankSeed, buildBank } from "./bank.ts";

const bank = await buildBank(bankSeed);
const dataUri = (url: string) =>
  `data:image/svg+xml;base64,${Buffer.from(bank.images.get(url.split("/").pop() as string) as string).toString("base64")}`;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The choosers that single out some options of this item, with their picks and hit. */
function auditOf(item: BuiltItem): string {
  const rows = Object.entries(choosers).flatMap(([name, chooser]) => {
    const picked = chooser(item);
    if (picked.length === 4) return [];
    const hit = hitOf(chooser, item);
    return [
      `<tr class="${hit > 0.25 ? "hit" : ""}"><td>${name}</td><td>${picked.map((i) => letters[i]).join(" ")}</td><td>${percent(hit)}</td></tr>`,
    ];
  });
  const copies = stemCopies(item).flatMap((copy, i) => (copy ? [letters[i]] : []));
  return `<table class="audit"><tr><th>chooser (sees the options only)</th><th>picks</th><th>hit</th></tr>${rows.join("")}</table><p class="alt">copies of the question: ${copies.length ? copies.join(" ") : "none"}</p>`;
}

const summary = categories
  .map((category) => {
    const found = rates(bank.items.filter((item) => item.category === category));
    return `<p class="alt"><b>${category}</b>: ${Object.entries(found)
      .map(([name, rate]) => `${name} ${percent(rate)}`)
      .join(" · ")}</p>`;
  })
  .join("");

const sections = bank.questions
  .map((question) => {
    const item = bank.items.find((i) => i.code === question.code) as BuiltItem;
    const expect = bank.answerKey[question.code];
    const options = question.options
      .map(
        (option) =>
          `<figure class="${option.letter === expect ? "right" : ""}"><img src="${dataUri(option.image.url)}" alt="${option.image.alt.en}"><figcaption>${option.letter}${option.letter === expect ? " ✓" : ""}<br><small>${option.image.alt.en}</small></figcaption></figure>`,
      )
      .join("");
    return `<section><h2>${question.code} · ${question.title.en}<br><small>${question.title["pt-br"]}</small></h2><img class="question" src="${dataUri(question.image.url)}" alt="${question.image.alt.en}"><p class="alt">${question.image.alt.en}<br>${question.image.alt["pt-br"]}</p><div class="options">${options}</div>${auditOf(item)}</section>`;
  })
  .join("");

const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Item bank ${bank.version}</title><style>
body{background:#0a0f1e;color:#e8ecff;font-family:system-ui,sans-serif;margin:24px;max-width:1180px}
h1{font-size:22px}section{break-inside:avoid;border-top:1px solid #26325c;padding:16px 0;display:grid;grid-template-columns:520px 1fr;gap:16px}
h2{grid-column:1/-1;font-size:16px;margin:0}h2 small{color:#a3aed3;font-weight:400}.question{width:520px}.alt{grid-column:1/-1;color:#8f9bc4;font-size:12px;margin:0}
.options{display:grid;grid-template-columns:repeat(2,1fr);gap:10px;align-content:start}figure{margin:0;padding:6px;border-radius:10px;border:2px solid transparent}
figure img{width:100%}figure.right{border-color:#4fe0c2}figcaption{font-weight:700}figcaption small{font-weight:400;color:#8f9bc4}
.audit{grid-column:1/-1;font-size:12px;border-collapse:collapse;color:#a3aed3}.audit td,.audit th{padding:2px 10px 2px 0;text-align:left}.audit tr.hit{color:#ffc971}
</style><h1>Item bank ${bank.version}: ${bank.questions.length} items, seed ${bankSeed}</h1><p class="alt">Context-blind choosers per category (chance 25%, the tests allow 35%); below each item, the choosers that single out some of its options (amber: the pick includes the key).</p>${summary}${sections}</html>`;

mkdirSync("question-sheet", { recursive: true });
writeFileSync("question-sheet/index.html", html);
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1230, height: 1000 } });
await page.goto(`file://${process.cwd()}/question-sheet/index.html`);
await page.screenshot({ path: "question-sheet/sheet.png", fullPage: true });
await browser.close();
console.log("wrote question-sheet/index.html and question-sheet/sheet.png");
process.exit(0);
