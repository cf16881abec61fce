/**
 * The words a screen reader says for what RL questions show: shapes, operations, the
 * relations of balance scales. A question's alt states its content (the equations, the
 * scales), never its answer: a person who cannot see the picture can still solve it.
 */
import type { LocalizedText } from "../model.ts";

interface ShapeWord {
  en: string;
  pt: string;
  /** Portuguese grammatical gender: "a estrela", "o círculo". */
  feminine: boolean;
}

const shapeWords: Record<string, ShapeWord> = {
  circle: { en: "circle", pt: "círculo", feminine: false },
  square: { en: "square", pt: "quadrado", feminine: false },
  triangle: { en: "triangle", pt: "triângulo", feminine: false },
  star: { en: "star", pt: "estrela", feminine: true },
  diamond: { en: "diamond", pt: "losango", feminine: false },
  hexagon: { en: "hexagon", pt: "hexágono", feminine: false },
  cross: { en: "cross", pt: "cruz", feminine: true },
};

function word(shape: string): ShapeWord {
  const found = shapeWords[shape];
  if (!found) throw new Error(`no words for the shape ${shape}`);
  return found;
}

const operations: Record<string, LocalizedText> = {
  "+": { en: "plus", "pt-br": "mais" },
  "-": { en: "minus", "pt-br": "menos" },
  "*": { en: "times", "pt-br": "vezes" },
};

/** An expression of shapes and operations, said: "triangle plus square". */
export function saidExpression(tokens: readonly string[]): LocalizedText {
  const say = (locale: "en" | "pt-br") =>
    tokens
      .map((token) => {
        const operation = operations[token];
        if (operation) return operation[locale];
        return locale === "en" ? word(token).en : word(token).pt;
      })
      .join(" ");
  return { en: say("en"), "pt-br": say("pt-br") };
}

/** "the star" / "a estrela". */
export function theShape(shape: string): LocalizedText {
  const w = word(shape);
  return { en: `the ${w.en}`, "pt-br": `${w.feminine ? "a" : "o"} ${w.pt}` };
}

/** "the star is heavier than the circle" / "a estrela é mais pesada que o círculo". */
export function saidHeavier(heavy: string, light: string): LocalizedText {
  const [h, l] = [theShape(heavy), theShape(light)];
  const agreement = word(heavy).feminine ? "mais pesada" : "mais pesado";
  return {
    en: `${h.en} is heavier than ${l.en}`,
    "pt-br": `${h["pt-br"]} é ${agreement} que ${l["pt-br"]}`,
  };
}

/** "the star and the circle weigh the same" / "a estrela e o círculo pesam o mesmo". */
export function saidLevel(a: string, b: string): LocalizedText {
  const [x, y] = [theShape(a), theShape(b)];
  return {
    en: `${x.en} and ${y.en} weigh the same`,
    "pt-br": `${x["pt-br"]} e ${y["pt-br"]} pesam o mesmo`,
  };
}
