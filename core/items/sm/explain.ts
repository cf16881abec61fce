/**
 * The worked explanation of an SM instance (issue 29.2, the answer review): written from the
 * rule the instance was made by and its own numbers, ending with the calculation that gives
 * the key ("… : 27 + 5 = 32"). Never hand-written per item.
 */
import type { LocalizedText } from "../model.ts";
import { differences, last, type PoolSpec } from "./sequence.ts";

type Words = (en: string, pt: string) => LocalizedText;
const both: Words = (en, pt) => ({ en, "pt-br": pt });

const list = (values: readonly number[], locale: "en" | "pt-br") =>
  values.join(locale === "en" ? ", " : "; ");

/** "+ 5" or "− 5": the operation written with a true minus sign. */
const signed = (value: number) => (value < 0 ? `− ${-value}` : `+ ${value}`);

/** "27 + 5 = 32". */
const sum = (from: number, step: number, key: number) => `${from} ${signed(step)} = ${key}`;

/** Which of two interleaved sequences a position belongs to, counted from 1. */
const places = (parity: number) =>
  parity === 0 ? both("1st, 3rd, 5th…", "1ª, 3ª, 5ª…") : both("2nd, 4th, 6th…", "2ª, 4ª, 6ª…");

const more = (step: number): LocalizedText =>
  step >= 0
    ? both(`goes up by ${step}`, `aumenta ${step}`)
    : both(`goes down by ${-step}`, `diminui ${-step}`);

function join(parts: LocalizedText[]): LocalizedText {
  return both(parts.map((p) => p.en).join(" "), parts.map((p) => p["pt-br"]).join(" "));
}

/** The explanation of a sequence whose next term is `key`, by its declared rule. */
export function explainSequence(spec: PoolSpec, key: number): LocalizedText {
  const { rule, terms } = spec;
  const all = [...terms, key];
  const n = terms.length;
  const previous = last(terms);
  const num = (name: string) => Number(rule[name]);
  switch (rule.family) {
    case "arithmetic": {
      const step = num("step");
      return both(
        `Each number is ${Math.abs(step)} ${step > 0 ? "more" : "less"} than the one before: ${sum(previous, step, key)}.`,
        `Cada número é ${Math.abs(step)} a ${step > 0 ? "mais" : "menos"} que o anterior: ${sum(previous, step, key)}.`,
      );
    }
    case "geometric-fraction": {
      const times = num("times");
      const over = num("over");
      const [en, pt, op] =
        over === 1
          ? [`multiplied by ${times}`, `multiplicado por ${times}`, `× ${times}`]
          : times === 1
            ? [`divided by ${over}`, `dividido por ${over}`, `÷ ${over}`]
            : [
                `multiplied by ${times} and divided by ${over}`,
                `multiplicado por ${times} e dividido por ${over}`,
                `× ${times} ÷ ${over}`,
              ];
      return both(
        `Each number is the one before ${en}: ${previous} ${op} = ${key}.`,
        `Cada número é o anterior ${pt}: ${previous} ${op} = ${key}.`,
      );
    }
    case "interleaved":
    case "interleaved-mixed": {
      const parity = n % 2;
      const own = terms.filter((_, i) => i % 2 === parity);
      const ruleOf = (p: number): { text: LocalizedText; apply: string } => {
        if (rule.family === "interleaved") {
          const step = num(p === 0 ? "evenStep" : "oddStep");
          return { text: more(step), apply: `${signed(step)}` };
        }
        if (p === num("addAt")) {
          const step = num("step");
          return { text: more(step), apply: `${signed(step)}` };
        }
        const times = num("times");
        return {
          text: both(`is multiplied by ${times}`, `é multiplicada por ${times}`),
          apply: `× ${times}`,
        };
      };
      const [first, second] = [ruleOf(0), ruleOf(1)];
      const next = ruleOf(parity);
      return join([
        both("Two sequences take turns.", "Duas sequências se alternam."),
        both(
          `The ${places(0).en} numbers form one, which ${first.text.en} each time; the ${places(1).en} form the other, which ${second.text.en} each time.`,
          `Os números na ${places(0)["pt-br"]} posição formam uma, que ${first.text["pt-br"]} a cada vez; os da ${places(1)["pt-br"]}, a outra, que ${second.text["pt-br"]} a cada vez.`,
        ),
        both(
          `The missing number continues the ${parity === 0 ? "first" : "second"}: ${last(own)} ${next.apply} = ${key}.`,
          `O número que falta continua a ${parity === 0 ? "primeira" : "segunda"}: ${last(own)} ${next.apply} = ${key}.`,
        ),
      ]);
    }
    case "growing-difference":
    case "third-order":
    case "differences-fibonacci": {
      const steps = differences(all);
      const shown = steps.slice(0, -1);
      const nextStep = last(steps);
      const how =
        rule.family === "growing-difference"
          ? num("increment") >= 0
            ? both(
                `each one ${num("increment")} more than the one before`,
                `cada uma ${num("increment")} a mais que a anterior`,
              )
            : both(
                `each one ${-num("increment")} less than the one before`,
                `cada uma ${-num("increment")} a menos que a anterior`,
              )
          : rule.family === "third-order"
            ? both(
                `and the differences between them (${list(differences(shown), "en")}) grow by ${last(differences(differences(steps)))} each time`,
                `e as diferenças entre elas (${list(differences(shown), "pt-br")}) crescem ${last(differences(differences(steps)))} a cada vez`,
              )
            : both(
                "each one, from the third on, the sum of the two before it",
                "cada uma, a partir da terceira, a soma das duas anteriores",
              );
      return both(
        `The differences between neighbouring numbers are ${list(shown, "en")}, ${how.en}. So the next difference is ${nextStep}: ${sum(previous, nextStep, key)}.`,
        `As diferenças entre números vizinhos são ${list(shown, "pt-br")}, ${how["pt-br"]}. Então a próxima diferença é ${nextStep}: ${sum(previous, nextStep, key)}.`,
      );
    }
    case "fibonacci": {
      const [a, b] = [last(terms, 2), previous];
      return both(
        `Each number is the sum of the two before it: ${a} + ${b} = ${key}.`,
        `Cada número é a soma dos dois anteriores: ${a} + ${b} = ${key}.`,
      );
    }
    case "tribonacci": {
      const [a, b, c] = [last(terms, 3), last(terms, 2), previous];
      return both(
        `Each number is the sum of the three before it: ${a} + ${b} + ${c} = ${key}.`,
        `Cada número é a soma dos três anteriores: ${a} + ${b} + ${c} = ${key}.`,
      );
    }
    case "multiply-add": {
      const factor = num("factor");
      const addend = num("addend");
      const word = addend >= 0 ? both("plus", "mais") : both("minus", "menos");
      return both(
        `Each number is the one before times ${factor}, ${word.en} ${Math.abs(addend)}: ${previous} × ${factor} ${signed(addend)} = ${key}.`,
        `Cada número é o anterior vezes ${factor}, ${word["pt-br"]} ${Math.abs(addend)}: ${previous} × ${factor} ${signed(addend)} = ${key}.`,
      );
    }
    case "alternating": {
      const multiplyBy = num("multiplyBy");
      const add = num("add");
      const timesNow = (n - 1) % 2 === num("timesAt");
      const op = timesNow ? `× ${multiplyBy}` : signed(add);
      return both(
        `Two operations take turns: × ${multiplyBy}, then ${signed(add)}. The last step was ${timesNow ? signed(add) : `× ${multiplyBy}`}, so now it is ${op}: ${previous} ${op} = ${key}.`,
        `Duas operações se alternam: × ${multiplyBy} e depois ${signed(add)}. O último passo foi ${timesNow ? signed(add) : `× ${multiplyBy}`}, então agora é ${op}: ${previous} ${op} = ${key}.`,
      );
    }
    case "interleaved-growing": {
      const parity = n % 2;
      const growing = num("growingAt");
      const own = terms.filter((_, i) => i % 2 === parity);
      const step = key - last(own);
      const growingSteps = differences(all.filter((_, i) => i % 2 === growing));
      const steady = both(
        `The ${places(1 - growing).en} numbers go up by ${num("step")} each time;`,
        `Os números na ${places(1 - growing)["pt-br"]} posição aumentam ${num("step")} a cada vez;`,
      );
      const rising = both(
        `the ${places(growing).en} go up by ${list(growingSteps, "en")}: ${num("increment")} more each time.`,
        `os da ${places(growing)["pt-br"]} aumentam ${list(growingSteps, "pt-br")}: ${num("increment")} a mais a cada vez.`,
      );
      return join([
        both("Two sequences take turns.", "Duas sequências se alternam."),
        steady,
        rising,
        both(
          `The missing number continues the ${parity === growing ? "growing" : "steady"} one: ${sum(last(own), step, key)}.`,
          `O número que falta continua a ${parity === growing ? "que cresce cada vez mais" : "de passo fixo"}: ${sum(last(own), step, key)}.`,
        ),
      ]);
    }
    case "three-operations": {
      const ops = [signed(num("add")), `× ${num("multiplyBy")}`, signed(-num("subtract"))];
      const cycle = [0, 1, 2].map((k) => ops[(k + num("phase")) % 3] as string).join(", ");
      const op = ops[(n - 1 + num("phase")) % 3] as string;
      return both(
        `Three operations take turns, always in the same order: ${cycle}, then again. The next one is ${op}: ${previous} ${op} = ${key}.`,
        `Três operações se alternam, sempre na mesma ordem: ${cycle}, e de novo. A próxima é ${op}: ${previous} ${op} = ${key}.`,
      );
    }
    default:
      throw new Error(`no explanation for the SM rule ${rule.family}`);
  }
}
