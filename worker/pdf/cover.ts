import { type PDFPage, rgb } from "pdf-lib";
import { a4, colors, type Inline, type TextStyle, type Typesetter } from "./typeset";

/**
 * The dark cover both PDFs open with: the site's night background, the wordmark, an
 * eyebrow, a large title, the site's blue-to-teal gradient as a bar, and a quiet pattern of
 * rings in the corner. What goes under the title differs (`body` draws it).
 */

const margin = 60;

/** The site's gradient (#8ea8ff -> #4fe0c2) drawn as thin vertical slices. */
function gradientBar(page: PDFPage, x: number, y: number, width: number, height: number) {
  const slices = 48;
  const from = [0x8e, 0xa8, 0xff];
  const to = [0x4f, 0xe0, 0xc2];
  for (let i = 0; i < slices; i++) {
    const t = i / (slices - 1);
    const [r, g, b] = from.map(
      (value, channel) => (value + ((to[channel] ?? 0) - value) * t) / 255,
    );
    page.drawRectangle({
      x: x + (width * i) / slices,
      y,
      width: width / slices + 0.5,
      height,
      color: rgb(r ?? 0, g ?? 0, b ?? 0),
    });
  }
}

export interface CoverText {
  eyebrow: string;
  title: string;
  /** Draws what sits under the title; `top` is where it may start. */
  body: (page: PDFPage, top: number, width: number) => void;
  footer: Inline;
}

export function drawCover(set: Typesetter, cover: CoverText): PDFPage {
  const page = set.newPage();
  const width = a4.width - 2 * margin;
  page.drawRectangle({ x: 0, y: 0, width: a4.width, height: a4.height, color: colors.night });
  for (const [radius, opacity] of [
    [260, 0.5],
    [200, 0.4],
    [140, 0.3],
  ] as const) {
    page.drawCircle({
      x: a4.width - 40,
      y: 120,
      size: radius,
      borderColor: colors.nightBorder,
      borderWidth: 1.2,
      borderOpacity: opacity,
    });
  }
  page.drawCircle({ x: a4.width - 40, y: 120, size: 70, color: colors.nightRaised });

  const wordmark: TextStyle = { role: "display", size: 15, leading: 20, color: colors.nightText };
  set.textAt(page, "Lumen IQ", wordmark, { x: margin, top: a4.height - 64, width });
  gradientBar(page, margin, a4.height - 92, 28, 3);

  const eyebrow: TextStyle = { role: "bold", size: 10, leading: 14, color: colors.accent };
  let top = a4.height - 250;
  top -= set.textAt(page, cover.eyebrow.toLocaleUpperCase(), eyebrow, { x: margin, top, width });
  top -= 14;
  const title: TextStyle = { role: "display", size: 34, leading: 42, color: colors.nightText };
  top -= set.textAt(page, cover.title, title, { x: margin, top, width: width - 30 });
  top -= 20;
  gradientBar(page, margin, top, 120, 4);
  cover.body(page, top - 32, width);

  const small: TextStyle = { role: "body", size: 9, leading: 13, color: colors.nightMuted };
  const footerLines = set.lines(cover.footer, small, width - 150).length;
  set.textAt(page, cover.footer, small, {
    x: margin,
    top: 56 + footerLines * small.leading,
    width: width - 150,
  });
  return page;
}
