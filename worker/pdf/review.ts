import type { PDFPage } from "pdf-lib";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { ReviewPdfInput, ReviewPdfItem } from "./review-input";
import { type Drawing, drawSvg, readSvg } from "./svg-drawing";
import { colors, hex, styles, type TextStyle, type Typesetter } from "./typeset";

/**
 * "Your answers, explained" in the report's PDF (issue 29.2): each of the buyer's items as
 * they saw it (the question's image, and the four options with the right one and their own
 * marked in words and by an edge), then the outcome and the worked explanation. The images
 * are the form's own SVGs drawn as vectors (./svg-drawing.ts) on the site's dark panel, as
 * the page shows them.
 */

/** The question's column and its tallest image, in points; the options' tiles beside it. */
const questionWidth = 300;
const questionHeight = 180;
const tile = 66;
const tileGap = 10;
const padding = 6;
const labelStyle: TextStyle = { role: "body", size: 8, leading: 10.5, color: colors.muted };
const markStyle: TextStyle = { role: "bold", size: 8, leading: 10.5, color: colors.teal };
const altStyle: TextStyle = { ...styles.small, color: colors.muted };
/** Two rows of option tiles, each with two lines of words under it. */
const optionRow = tile + 4 + 2 * labelStyle.leading;
const optionsHeight = 2 * optionRow + 4;

const panel = hex("#0d1430");
const panelEdge = hex("#26325c");
const chosenEdge = hex("#8f9bc4");

function roundedBox(
  page: PDFPage,
  box: { x: number; top: number; width: number; height: number },
  edge: { color: typeof panel; width: number },
): void {
  const { x, top, width, height } = box;
  const r = 6;
  const y = 0;
  const d =
    `M${r} ${y}H${width - r}A${r} ${r} 0 0 1 ${width} ${r}V${height - r}` +
    `A${r} ${r} 0 0 1 ${width - r} ${height}H${r}A${r} ${r} 0 0 1 0 ${height - r}V${r}` +
    `A${r} ${r} 0 0 1 ${r} 0Z`;
  page.drawSvgPath(d, {
    x,
    y: top,
    color: panel,
    borderColor: edge.color,
    borderWidth: edge.width,
  });
}

/** An option's words under its tile: its letter, and "Right answer" or "Your answer". */
function optionLabel(
  letter: string,
  figure: ReviewPdfItem["figure"],
  locale: Locale,
): { text: string; style: TextStyle } {
  if (letter === figure.key) {
    return { text: `${letter} · ${m.review_right_answer({}, { locale })}`, style: markStyle };
  }
  if (letter === figure.chosen) {
    return {
      text: `${letter} · ${m.review_your_answer({}, { locale })}`,
      style: { ...markStyle, color: colors.text },
    };
  }
  return { text: letter, style: labelStyle };
}

function drawFigure(set: Typesetter, item: ReviewPdfItem, locale: Locale): void {
  const { figure } = item;
  const question: Drawing = readSvg(figure.question);
  const scale = Math.min(
    (questionWidth - 2 * padding) / question.width,
    (questionHeight - 2 * padding) / question.height,
  );
  const questionBox = {
    width: question.width * scale + 2 * padding,
    height: question.height * scale + 2 * padding,
  };
  const height = Math.max(questionBox.height, optionsHeight);
  set.block(height + 8, (page, x, top, width) => {
    roundedBox(page, { x, top, ...questionBox }, { color: panelEdge, width: 0.75 });
    drawSvg(page, question, set.fonts, {
      x: x + padding,
      top: top - padding,
      scale,
    });
    const optionsLeft = x + width - (2 * tile + tileGap);
    figure.options.forEach((option, index) => {
      const left = optionsLeft + (index % 2) * (tile + tileGap);
      const tileTop = top - Math.floor(index / 2) * optionRow;
      const marked = option.letter === figure.key || option.letter === figure.chosen;
      roundedBox(
        page,
        { x: left, top: tileTop, width: tile, height: tile },
        option.letter === figure.key
          ? { color: colors.accent, width: 2 }
          : marked
            ? { color: chosenEdge, width: 1.5 }
            : { color: panelEdge, width: 0.75 },
      );
      const drawing = readSvg(option.svg);
      const inner = tile - 2 * padding;
      const optionScale = Math.min(inner / drawing.width, inner / drawing.height);
      drawSvg(page, drawing, set.fonts, {
        x: left + padding + (inner - drawing.width * optionScale) / 2,
        top: tileTop - padding - (inner - drawing.height * optionScale) / 2,
        scale: optionScale,
      });
      const label = optionLabel(option.letter, figure, locale);
      set.textAt(page, label.text, label.style, {
        x: left,
        top: tileTop - tile - 4,
        width: tile,
      });
    });
  });
}

export function drawReview(set: Typesetter, review: ReviewPdfInput, locale: Locale): void {
  set.heading(review.title, styles.section, { before: 18, after: 8 });
  set.paragraph(review.intro);
  for (const item of review.items) {
    // An item's heading, its images and its outcome stay on one page; its explanation
    // may run on to the next, as any paragraph does.
    const head =
      set.lines(item.heading, styles.subsection, set.width).length * styles.subsection.leading +
      14 +
      Math.max(questionHeight, optionsHeight) +
      8;
    set.ensure(head + 3 * styles.body.leading);
    set.heading(item.heading, styles.subsection, { before: 8, after: 6 });
    drawFigure(set, item, locale);
    set.paragraph(item.question, altStyle, { after: 4 });
    set.paragraph(item.outcome);
    set.paragraph(item.explanation);
  }
}
