/**
 * npm run questions -- census [--per N] [--seed S]: draws N instances per category from the
 * pool's models (radicals at random), every one verified as the Worker would verify it, and
 * prints per category what issue 28 asks of the pool: distinct instances, the failure rate
 * of tries, the spread of predicted difficulty, every context-blind chooser's rate, and the
 * time a draw takes. Exits 1 when a requirement fails. docs/decisions/0037-item-models.md.
 */
import { choosers, hitOf } from "../../core/items/checks/audit.ts";
import { expectedHit } from "../../core/items/checks/blind.ts";
import { type Category, categories, letters } from "../../core/items/model.ts";
import { maxTries } from "../../core/items/pool/draw.ts";
import { drawForm } from "../../core/items/pool/form.ts";
import { v2Parameters } from "../../core/items/pool/v2-parameters.ts";
import { testInformation } from "../../core/scoring/irt.ts";
import { type SampledItem, samplePool } from "./pool-sample.ts";

/** What the issue requires of every category. */
export const requirements = { distinct: 1000, chooserRate: 0.35 } as const;

export interface CategoryCensus {
  category: Category;
  models: number;
  drawn: number;
  gaveUp: number;
  tries: number;
  failedTries: number;
  /** The most frequent reasons tries failed, with their counts. */
  reasons: [string, number][];
  distinct: number;
  /** Predicted b: min, first quartile, median, third quartile, max. */
  difficulty: [number, number, number, number, number];
  perModel: {
    id: string;
    drawn: number;
    failedTries: number;
    bMin: number;
    bMax: number;
    /** The chooser right most often on this model's instances alone, and its rate. */
    worstChooser: [string, number];
  }[];
  /** Every chooser's expected accuracy over the instances (chance 0.25). */
  rates: Record<string, number>;
  ms: { p50: number; p99: number; max: number };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

/** Every chooser's expected accuracy over the items (chance 0.25). */
function ratesOf(items: readonly SampledItem[]): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const [name, chooser] of Object.entries(choosers))
    rates[name] = items.reduce((sum, item) => sum + hitOf(chooser, item), 0) / (items.length || 1);
  for (const name of Object.keys(items[0]?.heuristics ?? {}))
    rates[name] =
      items.reduce(
        (sum, item) =>
          sum + expectedHit(item.heuristics[name] ?? [0, 1, 2, 3], letters.indexOf(item.expect)),
        0,
      ) / (items.length || 1);
  return rates;
}

export function censusOf(category: Category, per: number, seed: string): CategoryCensus {
  const sample = samplePool(category, per, seed);
  const items = sample.flatMap((s) => (s.item ? [s.item] : []));
  const reasons = new Map<string, number>();
  for (const s of sample)
    for (const failure of s.draw.failures)
      for (const reason of failure ?? ["the model could not build the try"]) {
        const short = reason.replace(/\(.*$/, "").replace(/\d+/g, "n").trim();
        reasons.set(short, (reasons.get(short) ?? 0) + 1);
      }
  const distinct = new Set(
    items.map((item) =>
      JSON.stringify([item.draft.spec, item.options.map((o) => JSON.stringify(o)).sort()]),
    ),
  ).size;
  const bs = items.map((item) => item.instance.parameters.b).sort((a, b) => a - b);
  const rates = ratesOf(items);
  const times = sample.map((s) => s.ms).sort((a, b) => a - b);
  const ids = [...new Set(sample.map((s) => s.model.id))];
  return {
    category,
    models: ids.length,
    drawn: sample.length,
    gaveUp: sample.filter((s) => !s.item).length,
    tries: sample.reduce((sum, s) => sum + s.draw.tries, 0),
    failedTries: sample.reduce((sum, s) => sum + s.draw.failures.length, 0),
    reasons: [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4),
    distinct,
    difficulty: [0, 0.25, 0.5, 0.75, 1].map((q) => quantile(bs, q)) as CategoryCensus["difficulty"],
    perModel: ids.map((id) => {
      const own = sample.filter((s) => s.model.id === id);
      const b = own.flatMap((s) => (s.item ? [s.item.instance.parameters.b] : []));
      return {
        id,
        drawn: own.length,
        failedTries: own.reduce((sum, s) => sum + s.draw.failures.length, 0),
        bMin: Math.min(...b),
        bMax: Math.max(...b),
        worstChooser: Object.entries(ratesOf(own.flatMap((s) => (s.item ? [s.item] : [])))).reduce(
          (worst, entry) => (entry[1] > worst[1] ? entry : worst),
          ["", 0] as [string, number],
        ),
      };
    }),
    rates,
    ms: { p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1) ?? 0 },
  };
}

/** The requirements a category's census misses, in words; empty when it meets them all. */
export function shortfalls(census: CategoryCensus): string[] {
  const out: string[] = [];
  if (census.models === 0) out.push("no item model");
  if (census.gaveUp > 0) out.push(`${census.gaveUp} draws gave up after ${maxTries} tries`);
  if (census.distinct < Math.min(requirements.distinct, Math.floor(census.drawn * 0.9)))
    out.push(`${census.distinct} distinct instances (at least ${requirements.distinct})`);
  for (const [name, rate] of Object.entries(census.rates))
    if (rate > requirements.chooserRate)
      out.push(`"${name}" right ${(rate * 100).toFixed(1)} % (at most 35 %)`);
  return out;
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

export function printCensus(census: CategoryCensus): void {
  const c = census;
  console.log(
    `\n${c.category}: ${c.models} models, ${c.drawn} draws, ${c.distinct} distinct instances`,
  );
  console.log(
    `  tries: ${c.tries}, failed ${c.failedTries} (${percent(c.failedTries / (c.tries || 1))}); draws that gave up: ${c.gaveUp}`,
  );
  for (const [reason, count] of c.reasons) console.log(`    ${count} × ${reason}`);
  console.log(
    `  predicted b: min ${c.difficulty.map((b) => b.toFixed(2)).join(" / ")} max (quartiles)`,
  );
  for (const m of c.perModel)
    console.log(
      `    ${m.id.padEnd(22)} ${String(m.drawn).padStart(5)} draws, failed tries ${String(m.failedTries).padStart(5)}, b ${m.bMin.toFixed(2)} .. ${m.bMax.toFixed(2)}; its own top chooser ${percent(m.worstChooser[1])} (${m.worstChooser[0]})`,
    );
  console.log(
    `  draw time (tries and checks): p50 ${c.ms.p50.toFixed(2)} ms, p99 ${c.ms.p99.toFixed(2)} ms, max ${c.ms.max.toFixed(1)} ms`,
  );
  console.log("  context-blind choosers (chance 25 %, at most 35 %):");
  for (const [name, rate] of Object.entries(c.rates).sort((a, b) => b[1] - a[1]))
    console.log(`    ${percent(rate).padStart(7)}  ${name}`);
}

/**
 * Test information of 100 forms (mean and lowest) beside bank v2's, both with the
 * parameters the models predict (issue 28.4).
 */
export function printInformation(count = 100, seed = "census-forms"): void {
  const v2 = v2Parameters().map((item) => item.parameters);
  const forms = Array.from({ length: count }, (_, i) =>
    drawForm(`${seed}-${i}`).items.map((item) => item.parameters),
  );
  const thetas = [-3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3];
  const cell = (x: number) => x.toFixed(2).padStart(6);
  const row = (label: string, values: number[]) =>
    console.log(`  ${label.padEnd(24)}${values.map(cell).join("")}`);
  console.log(
    `\nTest information, ${count} forms against bank v2 (same model: the pool's predicted a, b, c):`,
  );
  row("ability (SD)", thetas);
  row(
    "bank v2",
    thetas.map((t) => testInformation(v2, t)),
  );
  row(
    "forms, mean",
    thetas.map((t) => forms.reduce((s, f) => s + testInformation(f, t), 0) / count),
  );
  const lowest = thetas.map((t) => Math.min(...forms.map((f) => testInformation(f, t))));
  row("forms, lowest", lowest);
  row(
    "lowest / bank v2",
    thetas.map((t, i) => (lowest[i] as number) / testInformation(v2, t)),
  );
}

export function runCensus(args: readonly string[]): number {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const per = Number(option("--per") ?? 2500);
  const seed = option("--seed") ?? "census-v1";
  const only = option("--category") as Category | undefined;
  console.log(`Census of the item pool: ${per} draws per category, seed "${seed}"`);
  let failed = 0;
  for (const category of only ? [only] : categories) {
    const census = censusOf(category, per, seed);
    printCensus(census);
    const missing = shortfalls(census);
    for (const line of missing) console.log(`  ✗ ${line}`);
    if (missing.length === 0) console.log("  ✓ meets the pool's requirements");
    failed += missing.length;
  }
  if (!only) printInformation();
  return failed === 0 ? 0 : 1;
}
