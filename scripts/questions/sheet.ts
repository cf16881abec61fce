/**
 * npm run questions:sheet: one HTML page of items with their lettered options and the
 * expected letter marked, each beside its audit figures (which options each context-blind
 * chooser picks, its expected hit, copies of the question), plus a PNG of it through
 * Chromium, for a person to check by eye. Written to question-sheet/ (not committed).
 *
 *   npm run questions:sheet                       a random sample of the item pool: 10 per
 *                                                 category, a fresh seed printed (issue 28)
 *   npm run questions:sheet -- --sample 80 --seed s   80 instances (20 per category), seed s
 *   npm run questions:sheet -- --bank             the fixed bank v2 (ADR 0025)
 * Solve the items by eye first: the keys are marked, so cover the ✓ column.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { bankSeed } from "../../core/items/bank-v2.ts";
import { type AuditedItem, choosers, rates, stemCopies } from "../../core/items/checks/audit.ts";
import { expectedHit } from "../../core/items/checks/blind.ts";
import { categories, type LocalizedText, letters } from "../../core/items/model.ts";
import { modelById } from "../../core/items/pool/models.ts";
import { chromiumArgs, ensureChromium } from "../chromium.mjs";
import { type BuiltItem, buildBank } from "./bank.ts";
import { type SampledItem, samplePool } from "./pool-sample.ts";

interface SheetItem {
  heading: string;
  title: LocalizedText;
  question: { svg: string; alt: LocalizedText };
  options: { svg: string; alt: LocalizedText }[];
  audited: AuditedItem;
  /** More choosers' picks (the pool's heuristics), by name. */
  heuristics?: Record<string, number[]>;
  note?: string;
}

const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The choosers that single out some options of this item, with their picks and hit. */
function auditOf(item: SheetItem): string {
  const key = letters.indexOf(item.audited.expect);
  const picks = [
    ...Object.entries(choosers).map(([name, chooser]) => [name, chooser(item.audited)] as const),
    ...Object.entries(item.heuristics ?? {}),
  ];
  const rows = picks.flatMap(([name, picked]) => {
    if (picked.length === 4) return [];
    const hit = expectedHit(picked, key);
    return [
      `<tr class="${hit > 0.25 ? "hit" : ""}"><td>${name}</td><td>${picked.map((i) => letters[i]).join(" ")}</td><td>${percent(hit)}</td></tr>`,
    ];
  });
  const copies = stemCopies(item.audited).flatMap((copy, i) => (copy ? [letters[i]] : []));
  return `<table class="audit"><tr><th>chooser (sees the options only)</th><th>picks</th><th>hit</th></tr>${rows.join("")}</table><p class="alt">copies of the question: ${copies.length ? copies.join(" ") : "none"}</p>`;
}

function section(item: SheetItem): string {
  const options = item.options
    .map((option, i) => {
      const right = letters[i] === item.audited.expect;
      return `<figure class="${right ? "right" : ""}"><img src="${dataUri(option.svg)}" alt="${option.alt.en}"><figcaption>${letters[i]}${right ? " ✓" : ""}<br><small>${option.alt.en}<br>${option.alt["pt-br"]}</small></figcaption></figure>`;
    })
    .join("");
  return `<section><h2>${item.heading} · ${item.title.en}<br><small>${item.title["pt-br"]}</small></h2><img class="question" src="${dataUri(item.question.svg)}" alt="${item.question.alt.en}"><p class="alt">${item.question.alt.en}<br>${item.question.alt["pt-br"]}${item.note ? `<br>${item.note}` : ""}</p><div class="options">${options}</div>${auditOf(item)}</section>`;
}

function summaryOf(items: SheetItem[]): string {
  return categories
    .map((category) => {
      const own = items.filter((item) => item.audited.category === category).map((i) => i.audited);
      if (own.length === 0) return "";
      return `<p class="alt"><b>${category}</b> (${own.length}): ${Object.entries(rates(own))
        .map(([name, rate]) => `${name} ${percent(rate)}`)
        .join(" · ")}</p>`;
    })
    .join("");
}

async function fromBank(): Promise<{ heading: string; items: SheetItem[] }> {
  const bank = await buildBank(bankSeed);
  const image = (url: string) => bank.images.get(url.split("/").pop() as string) as string;
  const items = bank.questions.map((question) => {
    const audited = bank.items.find((i) => i.code === question.code) as BuiltItem;
    return {
      heading: question.code,
      title: question.title,
      question: { svg: image(question.image.url), alt: question.image.alt },
      options: question.options.map((o) => ({ svg: image(o.image.url), alt: o.image.alt })),
      audited,
    };
  });
  return { heading: `Item bank ${bank.version}: ${items.length} items, seed ${bankSeed}`, items };
}

function fromPool(sample: number, seed: string): { heading: string; items: SheetItem[] } {
  const per = Math.ceil(sample / categories.length);
  const items = categories.flatMap((category) =>
    samplePool(category, per, seed).flatMap(({ item }) => (item ? [poolItem(item)] : [])),
  );
  return {
    heading: `Item pool sample: ${items.length} instances, seed "${seed}" (npm run questions:sheet -- --sample ${sample} --seed ${seed})`,
    items,
  };
}

function poolItem(item: SampledItem): SheetItem {
  const model = modelById(item.instance.ref.model);
  if (!model) throw new Error(`no model ${item.instance.ref.model}`);
  const { draft, parameters, ref } = item.instance;
  return {
    heading: `${model.category} · ${ref.model}`,
    title: draft.title,
    question: { svg: model.renderQuestion(draft), alt: draft.alt },
    options: item.options.map((option) => ({
      svg: model.renderOption(draft, option),
      alt: model.optionAlt(draft, option),
    })),
    audited: item,
    heuristics: item.heuristics,
    note: `radicals ${JSON.stringify(ref.radicals)} · predicted b ${parameters.b.toFixed(2)} · ${item.instance.id}`,
  };
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const seed = option("--seed") ?? `sheet-${Date.now().toString(36)}`;
const { heading, items } = args.includes("--bank")
  ? await fromBank()
  : fromPool(Number(option("--sample") ?? 40), seed);

const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${heading}</title><style>
body{background:#0a0f1e;color:#e8ecff;font-family:system-ui,sans-serif;margin:24px;max-width:1180px}
h1{font-size:22px}section{break-inside:avoid;border-top:1px solid #26325c;padding:16px 0;display:grid;grid-template-columns:520px 1fr;gap:16px}
h2{grid-column:1/-1;font-size:16px;margin:0}h2 small{color:#a3aed3;font-weight:400}.question{width:520px}.alt{grid-column:1/-1;color:#8f9bc4;font-size:12px;margin:0}
.options{display:grid;grid-template-columns:repeat(2,1fr);gap:10px;align-content:start}figure{margin:0;padding:6px;border-radius:10px;border:2px solid transparent}
figure img{width:100%}figure.right{border-color:#4fe0c2}figcaption{font-weight:700}figcaption small{font-weight:400;color:#8f9bc4}
.audit{grid-column:1/-1;font-size:12px;border-collapse:collapse;color:#a3aed3}.audit td,.audit th{padding:2px 10px 2px 0;text-align:left}.audit tr.hit{color:#ffc971}
</style><h1>${heading}</h1><p class="alt">Context-blind choosers per category (chance 25%, the tests allow 35%); below each item, the choosers that single out some of its options (amber: the pick includes the key).</p>${summaryOf(items)}${items.map(section).join("")}</html>`;

mkdirSync("question-sheet", { recursive: true });
writeFileSync("question-sheet/index.html", html);
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1230, height: 1000 } });
await page.goto(`file://${process.cwd()}/question-sheet/index.html`);
await page.screenshot({ path: "question-sheet/sheet.png", fullPage: true });
await browser.close();
console.log(`${heading}\nwrote question-sheet/index.html and question-sheet/sheet.png`);
process.exit(0);
