/** The SM images: the visible terms in boxes with a question mark, and one number per option. */
import { missingMark, panel, svgDocument, text } from "../svg.ts";

export function renderTerms(terms: readonly number[]): string {
  const values = [...terms.map(String), "?"];
  // Up to six boxes in one row; longer sequences read in two rows of four.
  const perRow = values.length <= 6 ? values.length : 4;
  const rows = Math.ceil(values.length / perRow);
  const gap = 16;
  const width = 720;
  const box = Math.floor(Math.min(150, (width - gap * (perRow + 1)) / perRow));
  const rowWidth = perRow * box + (perRow - 1) * gap;
  const left = (width - rowWidth) / 2;
  const height = rows * box + (rows + 1) * gap;
  const longest = Math.max(...values.map((v) => v.length));
  const size = Math.min(box * 0.46, (box * 1.5) / Math.max(longest, 2));
  const body = values
    .map((value, index) => {
      const x = left + (index % perRow) * (box + gap);
      const y = gap + Math.floor(index / perRow) * (box + gap);
      if (value === "?") return missingMark(x, y, box, box);
      return panel(x, y, box, box) + text(x + box / 2, y + box / 2, value, { size, weight: 650 });
    })
    .join("");
  return svgDocument(width, height, body);
}

export function renderNumber(option: number): string {
  const digits = String(option).length;
  return svgDocument(
    240,
    240,
    panel(2, 2, 236, 236, 18) +
      text(120, 120, String(option), {
        size: Math.min(84, 300 / Math.max(digits, 2)),
        weight: 650,
      }),
  );
}
