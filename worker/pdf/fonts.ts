import interLatin400 from "@fontsource/inter/files/inter-latin-400-normal.woff?inline";
import interLatin600 from "@fontsource/inter/files/inter-latin-600-normal.woff?inline";
import interLatinExt400 from "@fontsource/inter/files/inter-latin-ext-400-normal.woff?inline";
import interLatinExt600 from "@fontsource/inter/files/inter-latin-ext-600-normal.woff?inline";
import soraLatin700 from "@fontsource/sora/files/sora-latin-700-normal.woff?inline";
import soraLatinExt700 from "@fontsource/sora/files/sora-latin-ext-700-normal.woff?inline";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";
import { bytesOf } from "../certificates/fonts";

/**
 * The PDFs' fonts: the site's own faces (Sora for titles, Inter for text), bundled into
 * the Worker like the certificate's (SECURITY.md 30: nothing is fetched). Each role has its
 * Latin file, which covers all of English and Portuguese, and its Latin Extended file,
 * embedded only when a text needs it (a buyer's name such as "Łukasz" or "Đorđe"). Fonts
 * are subset to the glyphs a document uses, so a PDF carries a few kilobytes of each.
 */

export type FontRole = "display" | "body" | "bold";

const files: Record<FontRole, readonly [latin: string, latinExt: string]> = {
  display: [soraLatin700, soraLatinExt700],
  body: [interLatin400, interLatinExt400],
  bold: [interLatin600, interLatinExt600],
};

export const fontRoles = Object.keys(files) as FontRole[];

/** One stretch of text drawn with one font. */
export interface Piece {
  text: string;
  font: PDFFont;
  /** Drawn raised with a bar under it: "≤" and "≥" from "<" and ">". */
  barred?: boolean;
}

/**
 * "≤55" and "≥145" are how the site writes the test's floor and ceiling, but no subset of
 * the site's fonts has "≤" or "≥" (the browser borrows them from a system font; a PDF has
 * none to borrow). The typesetter draws them from the font's own "<" and ">".
 */
const barredSigns: Record<string, string> = { "≤": "<", "≥": ">" };

/** A role's fonts in fallback order, with the code points each one has. */
interface Family {
  fonts: { font: PDFFont; covers: Set<number> }[];
}

export class FontSet {
  private constructor(private readonly families: Record<FontRole, Family>) {}

  /**
   * Embeds every role's Latin font, and its Latin Extended font when one of `texts` has a
   * character the Latin file lacks. Text outside both is drawn as "?" (never an error).
   */
  static async embed(doc: PDFDocument, texts: readonly string[] = []): Promise<FontSet> {
    doc.registerFontkit(fontkit);
    const families = {} as Record<FontRole, Family>;
    for (const role of fontRoles) {
      const [latin, latinExt] = files[role];
      const first = await embedOne(doc, latin);
      const family: Family = { fonts: [first] };
      if (texts.some((text) => [...text].some((ch) => !covered(first.covers, ch)))) {
        family.fonts.push(await embedOne(doc, latinExt));
      }
      families[role] = family;
    }
    return new FontSet(families);
  }

  /** The role's main font (for widths of spaces and digits). */
  main(role: FontRole): PDFFont {
    // Every family has its Latin font first.
    return (this.families[role].fonts[0] as { font: PDFFont }).font;
  }

  /** `text` cut where the font that draws it changes. */
  pieces(text: string, role: FontRole): Piece[] {
    const { fonts } = this.families[role];
    const main = this.main(role);
    const out: Piece[] = [];
    for (const ch of text) {
      const sign = barredSigns[ch];
      if (sign !== undefined && !fonts.some((entry) => covered(entry.covers, ch))) {
        out.push({ text: sign, font: main, barred: true });
        continue;
      }
      const found = fonts.find((entry) => covered(entry.covers, ch));
      const font = found?.font ?? main;
      const drawn = found ? ch : "?";
      const last = out[out.length - 1];
      if (last && last.font === font && !last.barred) last.text += drawn;
      else out.push({ text: drawn, font });
    }
    return out;
  }

  /** Widths at size 1, by role and text: fontkit's layout is slow, and words repeat. */
  private readonly widths = new Map<string, number>();

  width(text: string, role: FontRole, size: number): number {
    const key = `${role}\u0000${text}`;
    let unit = this.widths.get(key);
    if (unit === undefined) {
      unit = 0;
      for (const piece of this.pieces(text, role)) {
        unit += piece.font.widthOfTextAtSize(piece.text, 1000) / 1000;
      }
      this.widths.set(key, unit);
    }
    return unit * size;
  }
}

/** Whitespace is always drawable (line breaks never reach the page). */
function covered(covers: Set<number>, ch: string): boolean {
  const point = ch.codePointAt(0) ?? 0;
  return point <= 0x20 || covers.has(point);
}

/** The parts of pdf-lib's font embedder and fontkit's font this file relies on. */
interface FontkitGlyph {
  id: number;
  advanceWidth: number;
}
interface Embedder {
  font: {
    layout: (text: string) => { glyphs: FontkitGlyph[] };
    glyphForCodePoint: (point: number) => FontkitGlyph;
  };
}

/**
 * Each glyph straight from the font's character map. pdf-lib asks fontkit to shape every
 * text it measures or draws (ligatures, kerning positions it then ignores), which cost
 * about a millisecond per line; the report and e-books use no ligatures, and Latin text
 * needs no shaping, so one glyph per character gives the same page ten times faster.
 */
function mapCharacters(font: PDFFont): void {
  const fontkitFont = (font as unknown as { embedder: Embedder }).embedder.font;
  const cache = new Map<number, FontkitGlyph>();
  fontkitFont.layout = (text: string) => {
    const glyphs: FontkitGlyph[] = [];
    for (const ch of text) {
      const point = ch.codePointAt(0) ?? 0;
      let glyph = cache.get(point);
      if (glyph === undefined) {
        glyph = fontkitFont.glyphForCodePoint(point);
        cache.set(point, glyph);
      }
      glyphs.push(glyph);
    }
    return { glyphs };
  };
}

async function embedOne(doc: PDFDocument, dataUrl: string) {
  const font = await doc.embedFont(new Uint8Array(bytesOf(dataUrl)), { subset: true });
  mapCharacters(font);
  return { font, covers: new Set(font.getCharacterSet()) };
}
