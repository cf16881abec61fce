/**
 * The worked explanation of an RA pool instance (issue 29.2, the answer review): for each
 * attribute, the rule the generator gave it (spec.rules, spec.along), shown on the line of
 * the missing cell with its own values, then the missing figure. Never hand-written per item.
 */
import type { LocalizedText } from "../model.ts";
import type { Direction, Role } from "./pool-grid.ts";

type Words = { en: string; pt: string };
type Value = string | number;

const shapes: Record<string, Words> = {
  triangle: { en: "triangle", pt: "triângulo" },
  square: { en: "square", pt: "quadrado" },
  pentagon: { en: "pentagon", pt: "pentágono" },
  hexagon: { en: "hexagon", pt: "hexágono" },
  circle: { en: "circle", pt: "círculo" },
};
// Said after "o tamanho" and "o tom": masculine in Portuguese.
const sizes: Words[] = [
  { en: "small", pt: "pequeno" },
  { en: "medium", pt: "médio" },
  { en: "large", pt: "grande" },
];
const fills: Words[] = [
  { en: "unfilled", pt: "sem preenchimento" },
  { en: "dark", pt: "escuro" },
  { en: "mid-tone", pt: "intermediário" },
  { en: "light", pt: "claro" },
];

/** Each attribute's name in a sentence and how its values are said. */
/** `three`: "the same three …" with its plural (Portuguese with its gender). */
const attributeWords: Record<string, { name: Words; three: Words; value: (v: Value) => Words }> = {
  type: {
    name: { en: "the shape", pt: "a forma" },
    three: { en: "the same three shapes", pt: "as mesmas três formas" },
    value: (v) => shapes[v as string] as Words,
  },
  size: {
    name: { en: "the size", pt: "o tamanho" },
    three: { en: "the same three sizes", pt: "os mesmos três tamanhos" },
    value: (v) => sizes[v as number] as Words,
  },
  fill: {
    name: { en: "the shade", pt: "o tom" },
    three: { en: "the same three shades", pt: "os mesmos três tons" },
    value: (v) => fills[v as number] as Words,
  },
  number: {
    name: { en: "the number of figures", pt: "o número de figuras" },
    three: { en: "the same three numbers of figures", pt: "as mesmas três quantidades de figuras" },
    value: (v) => ({ en: String(v), pt: String(v) }),
  },
  outer: {
    name: { en: "the outer shape", pt: "a forma de fora" },
    three: { en: "the same three outer shapes", pt: "as mesmas três formas de fora" },
    value: (v) => shapes[v as string] as Words,
  },
  outerFill: {
    name: { en: "the outer shape's shade", pt: "o tom da forma de fora" },
    three: {
      en: "the same three shades of the outer shape",
      pt: "os mesmos três tons na forma de fora",
    },
    value: (v) => fills[v as number] as Words,
  },
  inner: {
    name: { en: "the inner shape", pt: "a forma de dentro" },
    three: { en: "the same three inner shapes", pt: "as mesmas três formas de dentro" },
    value: (v) => shapes[v as string] as Words,
  },
  innerFill: {
    name: { en: "the inner shape's shade", pt: "o tom da forma de dentro" },
    three: {
      en: "the same three shades of the inner shape",
      pt: "os mesmos três tons na forma de dentro",
    },
    value: (v) => fills[v as number] as Words,
  },
};

export interface AttributeStep {
  attribute: string;
  role: Role;
  along: Direction;
  /** The line of the missing cell along the rule's direction, the key's value last. */
  line: [Value, Value, Value];
}

/** The nine cells' values of one attribute, the key's in the bottom-right corner. */
function gridOf(
  cells: readonly Record<string, Value>[],
  key: Record<string, Value>,
  attribute: string,
) {
  const all = [...cells, key].map((c) => c[attribute] as Value);
  return [0, 1, 2].map((r) => all.slice(r * 3, r * 3 + 3));
}

export function explanationSteps(
  spec: {
    rules: Record<string, Role>;
    along: Record<string, Direction>;
    cells: readonly unknown[];
  },
  key: unknown,
): AttributeStep[] {
  const cells = spec.cells as Record<string, Value>[];
  const k = key as Record<string, Value>;
  return Object.entries(spec.rules).map(([attribute, role]) => {
    const along = spec.along[attribute] ?? "rows";
    const grid = gridOf(cells, k, attribute);
    const line =
      along === "rows" ? (grid[2] as Value[]) : [grid[0]?.[2], grid[1]?.[2], grid[2]?.[2]];
    return { attribute, role, along, line: line as [Value, Value, Value] };
  });
}

const lineWord = (along: Direction) =>
  along === "rows"
    ? { en: "row", pt: "linha", last: { en: "the last row", pt: "a última linha" } }
    : { en: "column", pt: "coluna", last: { en: "the last column", pt: "a última coluna" } };

function sentence(step: AttributeStep): Words {
  const words = attributeWords[step.attribute];
  if (!words) throw new Error(`RA: no words for the attribute ${step.attribute}`);
  const [a, b, c] = step.line.map(words.value) as [Words, Words, Words];
  const line = lineWord(step.along);
  const name = words.name;
  const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  switch (step.role) {
    case "progression":
      return {
        en: `${capital(name.en)} changes by one step along each ${line.en}: in ${line.last.en}, ${a.en}, ${b.en}, so ${c.en}.`,
        pt: `${capital(name.pt)} muda um passo a cada ${line.pt}: n${line.last.pt.slice(1)}, ${a.pt}, ${b.pt}, então ${c.pt}.`,
      };
    case "distribute-three":
      return {
        en: `Each ${line.en} has ${words.three.en}, each ${line.en} in its own order: ${line.last.en} has ${a.en} and ${b.en}, so it still lacks ${c.en}.`,
        pt: `Cada ${line.pt} tem ${words.three.pt}, cada uma em sua ordem: ${line.last.pt} tem ${a.pt} e ${b.pt}, então falta ${c.pt}.`,
      };
    case "arithmetic": {
      const add = Number(a.en) + Number(b.en) === Number(c.en);
      const op = add ? "+" : "−";
      return {
        en: `Along each ${line.en}, ${name.en} in the third cell is the ${add ? "sum" : "difference"} of the first two: ${a.en} ${op} ${b.en} = ${c.en}.`,
        pt: `Em cada ${line.pt}, ${name.pt} na terceira célula é a ${add ? "soma" : "diferença"} das duas primeiras: ${a.pt} ${op} ${b.pt} = ${c.pt}.`,
      };
    }
    case "row-constant":
      return {
        en: `${capital(name.en)} stays the same along each ${line.en}: ${c.en} in ${line.last.en}.`,
        pt: `${capital(name.pt)} se mantém igual ao longo de cada ${line.pt}: ${c.pt} n${line.last.pt.slice(1)}.`,
      };
    case "fixed":
      return {
        en: `${capital(name.en)} is the same in every cell: ${c.en}.`,
        pt: `${capital(name.pt)} é igual em todas as células: ${c.pt}.`,
      };
  }
}

/** The explanation: each attribute's rule on the missing cell's line, then the figure. */
export function explainMatrix(
  spec: {
    rules: Record<string, Role>;
    along: Record<string, Direction>;
    cells: readonly unknown[];
  },
  key: unknown,
  keyAlt: LocalizedText,
): LocalizedText {
  const steps = explanationSteps(spec, key)
    // The rules to find first, the constant attributes after.
    .sort(
      (x, y) =>
        Number(x.role === "fixed" || x.role === "row-constant") -
        Number(y.role === "fixed" || y.role === "row-constant"),
    );
  const parts = steps.map(sentence);
  const lower = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);
  return {
    en: `${parts.map((p) => p.en).join(" ")} So the missing cell holds: ${lower(keyAlt.en)}.`,
    "pt-br": `${parts.map((p) => p.pt).join(" ")} Então a célula que falta tem: ${lower(keyAlt["pt-br"])}.`,
  };
}
