/** Number words for the alt texts, up to twelve (bank v2 needs eight, the pool more). */
export const numbersEn = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
export const numbersPt = [
  "zero",
  "um",
  "dois",
  "três",
  "quatro",
  "cinco",
  "seis",
  "sete",
  "oito",
  "nove",
  "dez",
  "onze",
  "doze",
];

/** A count in words up to twelve, in digits beyond. */
export function countWord(count: number, locale: "en" | "pt-br"): string {
  const words = locale === "en" ? numbersEn : numbersPt;
  return words[count] ?? String(count);
}

function list(items: string[], and: string): string {
  return items.length <= 1
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

/**
 * Where the filled cells of a grid are, row by row from the top, counted from 1:
 * "row 1: columns 1 and 2; row 2: column 2". Two different sets of cells (in the same
 * frame) always read differently, so a screen reader tells the options apart; the
 * description says where things are, never which option fits.
 */
export function cellsByRow(cells: readonly (readonly [number, number])[]): {
  en: string;
  "pt-br": string;
} {
  const rows = [...new Set(cells.map(([, y]) => y))].sort((a, b) => a - b);
  const en: string[] = [];
  const pt: string[] = [];
  for (const y of rows) {
    const columns = cells
      .filter(([, cy]) => cy === y)
      .map(([x]) => x)
      .sort((a, b) => a - b)
      .map((x) => String(x + 1));
    const plural = columns.length > 1;
    en.push(`row ${y + 1}: ${plural ? "columns" : "column"} ${list(columns, "and")}`);
    pt.push(`fileira ${y + 1}: ${plural ? "colunas" : "coluna"} ${list(columns, "e")}`);
  }
  return { en: en.join("; "), "pt-br": pt.join("; ") };
}
