/**
 * The worked explanation of an rl-scales instance (issue 29.2, the answer review): why the
 * key is the heaviest (lightest, second, or the shape the last scale needs), from the scales
 * shown, as a chain of what they say. Each statement it makes is one of the instance's scales.
 */
import type { LocalizedText } from "../model.ts";
import type { Scale, ScalesSpec } from "./model-scales.ts";
import { saidHeavier, saidLevel, theShape } from "./words.ts";

/** One fact a scale shows: `heavy` outweighs `light`, or the two weigh the same. */
export type Fact = { heavy: string; light: string; level: boolean };

export function factsOf(scales: readonly Scale[]): Fact[] {
  return scales.map((s) =>
    s.heavier === "level"
      ? { heavy: s.left, light: s.right, level: true }
      : s.heavier === "left"
        ? { heavy: s.left, light: s.right, level: false }
        : { heavy: s.right, light: s.left, level: false },
  );
}

const said = (fact: Fact): LocalizedText =>
  fact.level ? saidLevel(fact.heavy, fact.light) : saidHeavier(fact.heavy, fact.light);

function sentence(facts: readonly Fact[]): LocalizedText {
  const parts = facts.map(said);
  const join = (l: "en" | "pt-br", and: string) =>
    parts.length <= 1
      ? (parts[0]?.[l] ?? "")
      : `${parts
          .slice(0, -1)
          .map((p) => p[l])
          .join(", ")}${and}${parts.at(-1)?.[l]}`;
  return { en: join("en", " and "), "pt-br": join("pt-br", " e ") };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a" before "o círculo" / "a estrela": "ao círculo", "à estrela". */
const toThe = (shape: string) =>
  theShape(shape)["pt-br"].replace(/^o /, "ao ").replace(/^a /, "à ");

/**
 * A chain of facts from `from` down to `to` (each step to a lighter or equally heavy
 * shape), shortest first; null when the scales give none.
 */
export function chainDown(facts: readonly Fact[], from: string, to: string): Fact[] | null {
  const steps = new Map<string, Fact[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    if (at === to) return steps.get(at) ?? null;
    for (const fact of facts) {
      const next =
        fact.heavy === at ? fact.light : fact.level && fact.light === at ? fact.heavy : null;
      if (next === null || steps.has(next)) continue;
      steps.set(next, [...(steps.get(at) ?? []), fact]);
      queue.push(next);
    }
  }
  return null;
}

/** The shapes with a heavier one among `within` (a level partner of one counts too). */
function lighterThanAnother(facts: readonly Fact[], within: ReadonlySet<string>): Set<string> {
  const lighter = new Set<string>();
  for (const f of facts)
    if (!f.level && within.has(f.heavy) && within.has(f.light)) lighter.add(f.light);
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of facts) {
      if (!f.level || !within.has(f.heavy) || !within.has(f.light)) continue;
      for (const [a, b] of [
        [f.heavy, f.light],
        [f.light, f.heavy],
      ] as const)
        if (lighter.has(a) && !lighter.has(b)) {
          lighter.add(b);
          changed = true;
        }
    }
  }
  return lighter;
}

const flip = (facts: readonly Fact[]): Fact[] =>
  facts.map((f) => ({ heavy: f.light, light: f.heavy, level: f.level }));

export interface ScalesExplanation {
  text: LocalizedText;
  /** The facts the text states (each is one of the instance's scales). */
  stated: Fact[];
}

function extreme(facts: Fact[], shapes: string[], key: string, heavy: boolean): ScalesExplanation {
  const f = heavy ? facts : flip(facts);
  const others = shapes.filter((s) => s !== key);
  const example = others.map((s) => chainDown(f, key, s)).find((c) => c && c.length > 1) ?? null;
  const k = theShape(key);
  const w = heavy
    ? {
        en: ["heavier", "heaviest", "lighter"],
        pt: ["mais pesado", "a forma mais pesada", "mais leve"],
      }
    : {
        en: ["lighter", "lightest", "heavier"],
        pt: ["mais leve", "a forma mais leve", "mais pesada"],
      };
  const chainText = example ? sentence(heavy ? example : flip(example)) : null;
  return {
    stated: example ? (heavy ? example : flip(example)) : [],
    text: {
      en: `No scale shows anything ${w.en[0]} than ${k.en}, and every other shape is ${w.en[2]} than some shape on a scale (or weighs the same as one that is). Going from any shape to a ${w.en[0]} one always ends at ${k.en}${chainText ? `; for example, ${chainText.en}` : ""}. So ${k.en} is the ${w.en[1]}.`,
      "pt-br": `Nenhuma balança mostra algo ${w.pt[0]} que ${k["pt-br"]}, e todas as outras formas são ${heavy ? "mais leves" : "mais pesadas"} que alguma forma numa balança (ou pesam o mesmo que uma que é). Indo de qualquer forma para uma ${heavy ? "mais pesada" : "mais leve"}, sempre se chega ${toThe(key)}${chainText ? `; por exemplo, ${chainText["pt-br"]}` : ""}. Então ${k["pt-br"]} é ${w.pt[1]}.`,
    },
  };
}

function second(facts: Fact[], shapes: string[], key: string, heavy: boolean): ScalesExplanation {
  const f = heavy ? facts : flip(facts);
  const all = new Set(shapes);
  const lighter = lighterThanAnother(f, all);
  const top = shapes.find((s) => !lighter.has(s));
  if (!top) throw new Error("rl-scales: no end to the order");
  const t = theShape(top);
  const k = theShape(key);
  return {
    stated: [],
    text: {
      en: `First the ${heavy ? "heaviest" : "lightest"}: nothing is ${heavy ? "heavier" : "lighter"} than ${t.en}, and every other shape is ${heavy ? "lighter" : "heavier"} than some shape, so ${t.en} is the ${heavy ? "heaviest" : "lightest"}. Leave it aside: among the shapes left, only ${k.en} is ${heavy ? "lighter" : "heavier"} than none of the others, so ${k.en} is the second ${heavy ? "heaviest" : "lightest"}.`,
      "pt-br": `Primeiro a forma ${heavy ? "mais pesada" : "mais leve"}: nada é ${heavy ? "mais pesado" : "mais leve"} que ${t["pt-br"]}, e todas as outras formas são ${heavy ? "mais leves" : "mais pesadas"} que alguma forma, então ${t["pt-br"]} é a forma ${heavy ? "mais pesada" : "mais leve"}. Deixe essa de lado: entre as formas que restam, só ${k["pt-br"]} não pesa ${heavy ? "menos" : "mais"} que nenhuma outra, então ${k["pt-br"]} é a segunda forma ${heavy ? "mais pesada" : "mais leve"}.`,
    },
  };
}

function complete(
  facts: Fact[],
  spec: ScalesSpec,
  key: string,
  distractors: string[],
): ScalesExplanation {
  const query = spec.query;
  if (!query) throw new Error("rl-scales: a completion item without its last scale");
  // The shown shape's pan is down: the empty pan needs a lighter shape; up: a heavier one.
  const needHeavier = query.heavier !== query.side;
  const q = theShape(query.shape);
  const k = theShape(key);
  const toKey = needHeavier
    ? chainDown(facts, key, query.shape)
    : chainDown(facts, query.shape, key);
  if (!toKey) throw new Error("rl-scales: the key is not linked to the shown shape");
  const proofs = distractors.map((d) => {
    const chain = needHeavier ? chainDown(facts, query.shape, d) : chainDown(facts, d, query.shape);
    if (!chain) throw new Error(`rl-scales: ${d} is not ruled out by the scales`);
    return { shape: d, chain };
  });
  const keyText = sentence(toKey);
  const others = proofs.map((p) => {
    const chain = sentence(p.chain);
    const d = theShape(p.shape);
    const same = p.chain.every((fact) => fact.level);
    const en = same
      ? `${d.en} weighs the same as ${q.en}`
      : `${d.en} is ${needHeavier ? "lighter" : "heavier"} than ${q.en}`;
    const pt = same
      ? `${d["pt-br"]} pesa o mesmo que ${q["pt-br"]}`
      : `${d["pt-br"]} pesa ${needHeavier ? "menos" : "mais"} que ${q["pt-br"]}`;
    return { en: `${chain.en}, so ${en}`, "pt-br": `${chain["pt-br"]}, então ${pt}` };
  });
  const joined = (l: "en" | "pt-br") => others.map((o) => o[l]).join("; ");
  return {
    stated: [...toKey, ...proofs.flatMap((p) => p.chain)],
    text: {
      en: `The last scale needs a shape ${needHeavier ? "heavier" : "lighter"} than ${q.en}. ${capital(keyText.en)}${toKey.length > 1 ? `: so ${k.en} is ${needHeavier ? "heavier" : "lighter"} than ${q.en}` : `, so ${k.en} fits`}. None of the other options does: ${joined("en")}.`,
      "pt-br": `A última balança pede uma forma ${needHeavier ? "mais pesada" : "mais leve"} que ${q["pt-br"]}. ${capital(keyText["pt-br"])}${toKey.length > 1 ? `: então ${k["pt-br"]} pesa ${needHeavier ? "mais" : "menos"} que ${q["pt-br"]}` : `, então ${k["pt-br"]} serve`}. Nenhuma das outras alternativas serve: ${joined("pt-br")}.`,
    },
  };
}

export function explainScales(
  spec: ScalesSpec,
  key: string,
  distractors: string[],
): ScalesExplanation {
  const facts = factsOf(spec.scales);
  const shapes = [...new Set(spec.scales.flatMap((s) => [s.left, s.right]))];
  switch (spec.ask) {
    case "heaviest":
      return extreme(facts, shapes, key, true);
    case "lightest":
      return extreme(facts, shapes, key, false);
    case "second-heaviest":
      return second(facts, shapes, key, true);
    case "second-lightest":
      return second(facts, shapes, key, false);
    case "complete":
      return complete(facts, spec, key, distractors);
  }
}
