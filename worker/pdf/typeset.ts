import { type Color, type PDFDocument, type PDFPage, rgb } from "pdf-lib";
import type { FontRole, FontSet } from "./fonts";

/**
 * A small typesetter for the report and the e-books (docs/decisions/0021-pdfs.md): A4 pages,
 * text wrapped into lines by measured widths, headings kept with what follows, lists, boxes
 * and custom drawings, then page footers once the page count is known. pdf-lib draws; this
 * decides where. Coordinates are PDF points from the bottom left (1 pt = 1/72 in).
 */

export const a4 = { width: 595.28, height: 841.89 } as const;

export function hex(value: string): Color {
  const n = Number.parseInt(value.replace("#", ""), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** The print palette of the report page (app/report.css) and the site's dark cover. */
export const colors = {
  ink: hex("#111827"),
  text: hex("#374151"),
  muted: hex("#6b7280"),
  heading: hex("#1e3a8a"),
  teal: hex("#0f766e"),
  rule: hex("#c7cede"),
  boxFill: hex("#f1f4fb"),
  boxEdge: hex("#4f6bd8"),
  bar: hex("#4f6bd8"),
  barAbove: hex("#0f9f84"),
  barBelow: hex("#8b93c9"),
  track: hex("#e5e7eb"),
  night: hex("#0a0f1e"),
  nightRaised: hex("#141c3a"),
  nightBorder: hex("#26325c"),
  nightText: hex("#e8ecff"),
  nightMuted: hex("#a3aed3"),
  primary: hex("#8ea8ff"),
  accent: hex("#4fe0c2"),
  white: rgb(1, 1, 1),
} as const;

/** A stretch of text; `bold` draws it with the bold face of a body style. */
export interface Run {
  text: string;
  bold?: boolean;
}

export type Inline = string | readonly Run[];

export interface TextStyle {
  role: FontRole;
  size: number;
  /** Line height in points. */
  leading: number;
  color: Color;
}

export const styles = {
  body: { role: "body", size: 10.5, leading: 16, color: colors.text },
  small: { role: "body", size: 8.5, leading: 12, color: colors.muted },
  chapter: { role: "display", size: 22, leading: 28, color: colors.ink },
  section: { role: "display", size: 15, leading: 20, color: colors.ink },
  subsection: { role: "display", size: 12, leading: 17, color: colors.heading },
} as const satisfies Record<string, TextStyle>;

interface Word {
  pieces: { text: string; role: FontRole }[];
  width: number;
}

interface Line {
  words: Word[];
  width: number;
}

export interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const defaultFrame: Frame = { left: 60, right: 60, top: 64, bottom: 72 };

function runsOf(inline: Inline): readonly Run[] {
  return typeof inline === "string" ? [{ text: inline }] : inline;
}

export class Typesetter {
  readonly pages: PDFPage[] = [];
  private current: PDFPage | null = null;
  /** The top of the free space on the current page. */
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: FontSet,
    readonly frame: Frame = defaultFrame,
  ) {}

  get page(): PDFPage {
    return this.current ?? this.newPage();
  }

  get width(): number {
    return a4.width - this.frame.left - this.frame.right;
  }

  get left(): number {
    return this.frame.left;
  }

  /** Room left above the bottom margin. */
  get room(): number {
    return this.y - this.frame.bottom;
  }

  newPage(): PDFPage {
    const page = this.doc.addPage([a4.width, a4.height]);
    this.pages.push(page);
    this.current = page;
    this.y = a4.height - this.frame.top;
    return page;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.current === null || this.room < height) this.newPage();
  }

  space(height: number): void {
    if (this.current === null) return;
    this.y -= Math.min(height, Math.max(this.room, 0));
  }

  textWidth(text: string, role: FontRole, size: number): number {
    return this.fonts.width(text, role, size);
  }

  /** `inline` broken into lines no wider than `width`. */
  lines(inline: Inline, style: TextStyle, width: number): Line[] {
    const words: Word[] = [];
    let word: Word | null = null;
    for (const run of runsOf(inline)) {
      const role: FontRole = run.bold && style.role === "body" ? "bold" : style.role;
      for (const token of run.text.split(/(\s+)/)) {
        if (token === "") continue;
        if (/^\s+$/.test(token)) {
          word = null;
          continue;
        }
        if (word === null) {
          word = { pieces: [], width: 0 };
          words.push(word);
        }
        word.pieces.push({ text: token, role });
        word.width += this.textWidth(token, role, style.size);
      }
    }
    const space = this.textWidth(" ", style.role, style.size);
    const lines: Line[] = [];
    let line: Line = { words: [], width: 0 };
    for (const next of words) {
      const added = line.words.length === 0 ? next.width : line.width + space + next.width;
      if (added > width && line.words.length > 0) {
        lines.push(line);
        line = { words: [next], width: next.width };
      } else {
        line.words.push(next);
        line.width = added;
      }
    }
    if (line.words.length > 0) lines.push(line);
    return lines;
  }

  /**
   * Draws one line with its top at `top`. Words of one face are drawn with one call (each
   * call makes fontkit lay the text out again, the slowest step of a PDF).
   */
  drawLine(
    page: PDFPage,
    line: Line,
    style: TextStyle,
    x: number,
    top: number,
    color: Color = style.color,
  ): void {
    const baseline = top - (style.leading - style.size) / 2 - style.size * 0.8;
    const segments: { text: string; role: FontRole; at: number }[] = [];
    let cursor = x;
    line.words.forEach((word, index) => {
      word.pieces.forEach((piece, pieceIndex) => {
        const last = segments[segments.length - 1];
        const gap = index > 0 && pieceIndex === 0 ? " " : "";
        if (gap) cursor += this.textWidth(" ", style.role, style.size);
        if (last && last.role === piece.role) last.text += gap + piece.text;
        else segments.push({ text: piece.text, role: piece.role, at: cursor });
        cursor += this.textWidth(piece.text, piece.role, style.size);
      });
    });
    for (const segment of segments) {
      let at = segment.at;
      for (const part of this.fonts.pieces(segment.text, segment.role)) {
        if (part.barred) {
          const width = this.textWidth(part.text, segment.role, style.size);
          const weight = style.size * (segment.role === "body" ? 0.075 : 0.1);
          const lift = style.size * 0.16;
          page.drawText(part.text, {
            x: at,
            y: baseline + lift,
            size: style.size,
            font: part.font,
            color,
          });
          page.drawLine({
            start: { x: at + width * 0.2, y: baseline + weight / 2 },
            end: { x: at + width * 0.8, y: baseline + weight / 2 },
            thickness: weight,
            color,
          });
          at += width;
          continue;
        }
        page.drawText(part.text, { x: at, y: baseline, size: style.size, font: part.font, color });
        at +=
          part.font === this.fonts.main(segment.role) && part.text === segment.text
            ? 0
            : this.textWidth(part.text, segment.role, style.size);
      }
    }
  }

  /** Text lines at a fixed place, outside the flow (covers, boxes). Returns the height. */
  textAt(
    page: PDFPage,
    inline: Inline,
    style: TextStyle,
    at: { x: number; top: number; width: number; align?: "left" | "center" },
  ): number {
    const lines = this.lines(inline, style, at.width);
    lines.forEach((line, index) => {
      const x = at.align === "center" ? at.x + (at.width - line.width) / 2 : at.x;
      this.drawLine(page, line, style, x, at.top - index * style.leading);
    });
    return lines.length * style.leading;
  }

  /** A paragraph in the flow, split across pages with at least two lines together. */
  paragraph(
    inline: Inline,
    style: TextStyle = styles.body,
    options: { indent?: number; after?: number } = {},
  ): void {
    const indent = options.indent ?? 0;
    const lines = this.lines(inline, style, this.width - indent);
    this.ensure(Math.min(lines.length, 2) * style.leading);
    lines.forEach((line, index) => {
      const left = lines.length - index;
      // No single line left alone at the bottom of a page (orphans and widows).
      if (this.room < style.leading || (left === 2 && index > 0 && this.room < 2 * style.leading)) {
        this.newPage();
      }
      this.drawLine(this.page, line, style, this.left + indent, this.y);
      this.y -= style.leading;
    });
    this.space(options.after ?? style.leading * 0.6);
  }

  /** A heading kept on the same page as the first lines that follow it. */
  heading(text: string, style: TextStyle, options: { before?: number; after?: number } = {}) {
    const lines = this.lines(text, style, this.width);
    const height = lines.length * style.leading;
    const keep = height + (options.after ?? 6) + 3 * styles.body.leading;
    if (this.current !== null && this.room < keep + (options.before ?? 0)) this.newPage();
    else if (this.current !== null && this.y < a4.height - this.frame.top) {
      this.space(options.before ?? 0);
    }
    this.textAt(this.page, text, style, { x: this.left, top: this.y, width: this.width });
    this.y -= height;
    this.space(options.after ?? 6);
  }

  /** Bullets or numbers, each item wrapped under its own first line. */
  list(items: readonly Inline[], options: { ordered?: boolean; style?: TextStyle } = {}) {
    const style = options.style ?? styles.body;
    const indent = 16;
    items.forEach((item, index) => {
      const lines = this.lines(item, style, this.width - indent);
      this.ensure(Math.min(lines.length, 2) * style.leading);
      const marker = options.ordered ? `${index + 1}.` : "•";
      const markerRole: FontRole = options.ordered ? "bold" : "body";
      lines.forEach((line, lineIndex) => {
        if (this.room < style.leading) this.newPage();
        if (lineIndex === 0) {
          const markerWidth = this.textWidth(marker, markerRole, style.size);
          const x = this.left + (options.ordered ? indent - 5 - markerWidth : 3);
          this.drawLine(
            this.page,
            {
              words: [{ pieces: [{ text: marker, role: markerRole }], width: markerWidth }],
              width: 0,
            },
            style,
            x,
            this.y,
            colors.teal,
          );
        }
        this.drawLine(this.page, line, style, this.left + indent, this.y);
        this.y -= style.leading;
      });
      this.space(style.leading * 0.25);
    });
    this.space(style.leading * 0.4);
  }

  /** A tinted box with a coloured edge around one paragraph, never split across pages. */
  box(inline: Inline, options: { style?: TextStyle; fill?: Color; edge?: Color } = {}) {
    const style = options.style ?? styles.body;
    const padding = 12;
    const lines = this.lines(inline, style, this.width - 2 * padding - 4);
    const height = lines.length * style.leading + 2 * padding;
    this.ensure(height);
    const page = this.page;
    page.drawRectangle({
      x: this.left,
      y: this.y - height,
      width: this.width,
      height,
      color: options.fill ?? colors.boxFill,
    });
    page.drawRectangle({
      x: this.left,
      y: this.y - height,
      width: 3,
      height,
      color: options.edge ?? colors.boxEdge,
    });
    lines.forEach((line, index) => {
      this.drawLine(
        page,
        line,
        style,
        this.left + padding + 4,
        this.y - padding - index * style.leading,
      );
    });
    this.y -= height;
    this.space(style.leading * 0.8);
  }

  /** A drawing of known height in the flow (charts, figure grids). */
  block(height: number, draw: (page: PDFPage, x: number, top: number, width: number) => void) {
    this.ensure(height);
    draw(this.page, this.left, this.y, this.width);
    this.y -= height;
  }

  rule(color: Color = colors.rule): void {
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.width, y: this.y },
      thickness: 0.75,
      color,
    });
  }

  /** Footers on every page but the skipped ones: a title on the left, "n / N" on the right. */
  footers(title: string, options: { skip?: number } = {}): void {
    const skip = options.skip ?? 1;
    const style = styles.small;
    const count = this.pages.length - skip;
    this.pages.slice(skip).forEach((page, index) => {
      const top = this.frame.bottom - 30;
      page.drawLine({
        start: { x: this.left, y: top + 8 },
        end: { x: this.left + this.width, y: top + 8 },
        thickness: 0.5,
        color: colors.rule,
      });
      this.textAt(page, title, style, { x: this.left, top, width: this.width - 60 });
      const number = `${index + 1} / ${count}`;
      const width = this.textWidth(number, style.role, style.size);
      this.textAt(page, number, style, {
        x: this.left + this.width - width,
        top,
        width: width + 1,
      });
    });
  }
}
