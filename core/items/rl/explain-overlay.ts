/**
 * The worked explanation of an rl-overlay instance (issue 29.2, the answer review): the gate
 * the example rows follow, in words, then the last row worked through element by element,
 * ending with what the missing panel holds.
 */
import type { LocalizedText } from "../model.ts";
import { elementNames } from "./overlay.ts";
import type { OverlaySpec } from "./types.ts";

const gate: Record<OverlaySpec["op"], LocalizedText> = {
  or: {
    en: "the last panel of each row has every line and dot drawn in either of the first two",
    "pt-br":
      "o último quadro de cada linha tem tudo o que aparece em pelo menos um dos dois primeiros",
  },
  and: {
    en: "the last panel of each row keeps only what is drawn in both of the first two",
    "pt-br":
      "o último quadro de cada linha fica só com o que aparece nos dois primeiros ao mesmo tempo",
  },
  xor: {
    en: "the last panel of each row keeps what is drawn in exactly one of the first two: what they share disappears",
    "pt-br":
      "o último quadro de cada linha fica com o que aparece em só um dos dois primeiros: o que eles têm em comum some",
  },
  "a-minus-b": {
    en: "the last panel of each row keeps what the first panel has and the second does not: the second erases",
    "pt-br":
      "o último quadro de cada linha fica com o que o primeiro tem e o segundo não: o segundo apaga",
  },
  "b-minus-a": {
    en: "the last panel of each row keeps what the second panel has and the first does not: the first erases",
    "pt-br":
      "o último quadro de cada linha fica com o que o segundo tem e o primeiro não: o primeiro apaga",
  },
  xor3: {
    en: "the last panel of each row keeps what is drawn in one of the first three or in all three, and drops what is drawn in exactly two",
    "pt-br":
      "o último quadro de cada linha fica com o que aparece em um dos três primeiros ou nos três, e perde o que aparece em exatamente dois",
  },
};

const ordinals = [
  { en: "first", pt: "primeiro" },
  { en: "second", pt: "segundo" },
  { en: "third", pt: "terceiro" },
];

/** "the top side, the left side and the dot at top right"; "nothing" for an empty panel. */
function named(elements: readonly number[], locale: "en" | "pt-br"): string {
  const names = [...elements]
    .sort((a, b) => a - b)
    .map((e) => {
      const name = elementNames[e];
      if (!name) throw new Error(`rl-overlay: no name for element ${e}`);
      return locale === "en" ? name.en : name.pt;
    });
  if (names.length === 0) return locale === "en" ? "nothing" : "nada";
  const and = locale === "en" ? " and " : " e ";
  return names.length === 1
    ? (names[0] as string)
    : `${names.slice(0, -1).join(", ")}${and}${names.at(-1)}`;
}

export function explainOverlay(spec: OverlaySpec, key: readonly number[]): LocalizedText {
  const last = spec.rows[2];
  if (!last) throw new Error("rl-overlay: no last row");
  const inputs = (locale: "en" | "pt-br") =>
    last
      .map((panel, i) =>
        locale === "en"
          ? `the ${ordinals[i]?.en} panel has ${named(panel, "en")}`
          : `o ${ordinals[i]?.pt} quadro tem ${named(panel, "pt-br")}`,
      )
      .join("; ");
  const result = (locale: "en" | "pt-br") =>
    key.length === 0
      ? locale === "en"
        ? "an empty panel"
        : "um quadro vazio"
      : named(key, locale);
  return {
    en: `In both example rows, ${gate[spec.op].en}. In the last row, ${inputs("en")}. So the missing panel has: ${result("en")}.`,
    "pt-br": `Nas duas linhas de exemplo, ${gate[spec.op]["pt-br"]}. Na última linha, ${inputs("pt-br")}. Então o quadro que falta tem: ${result("pt-br")}.`,
  };
}
