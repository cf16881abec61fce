import { PDFDocument, type PDFPage } from "pdf-lib";
import { fileSlug } from "../../core/ebooks/catalogue";
import { type Locale, localeInfo } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { IssuedCoupon } from "../../core/payments/checkout";
import type { Block, RenderedReport, ReportSection, ScoreRow } from "../../core/report/shape";
import { drawCover } from "./cover";
import { FontSet } from "./fonts";
import { drawReview } from "./review";
import type { ReviewPdfInput } from "./review-input";
import { colors, styles, type TextStyle, Typesetter } from "./typeset";

/**
 * The premium report as a PDF (docs/decisions/0021-pdfs.md): the same rendered sections as
 * the page (core/report/render.ts), in the same order, typeset on A4 like the page's print
 * layout: a dark cover with the buyer's name, the test's date and the three headline
 * figures, then the sections in one flow, the scores chart drawn as vectors, and the two
 * share coupons under the thanks.
 */

export interface ReportPdfInput {
  report: RenderedReport;
  locale: Locale;
  /** The buyer's name as on the certificate. */
  name: string;
  /** The test's date, already in the reader's words ("24 de novembro de 2026"). */
  date: string;
  /** When the test finished (the PDF's dates: the same report gives the same bytes). */
  finishedAt: Date;
  coupons: readonly (IssuedCoupon & { expiryText: string })[];
  /**
   * Your answers, explained (issue 29.2), already in the reader's words: each item's
   * heading, what the question shows, the outcome and the explanation; or only a note (an
   * attempt on the shared banks has no review).
   */
  review: ReviewPdfInput;
}

export function reportFileName(locale: Locale): string {
  return `${fileSlug(`${m.premium_cover_title({}, { locale })} Lumen IQ`)}.pdf`;
}

const maxScore = 10;

function figuresGrid(
  set: Typesetter,
  items: readonly { label: string; value: string }[],
  options: { dark?: boolean; page?: PDFPage; top?: number } = {},
): number {
  const columns = Math.min(items.length, 3);
  const gap = 10;
  const cellWidth = (set.width - gap * (columns - 1)) / columns;
  const label: TextStyle = {
    role: "body",
    size: 8.5,
    leading: 12,
    color: options.dark ? colors.nightMuted : colors.muted,
  };
  const value: TextStyle = {
    role: "display",
    size: 15,
    leading: 19,
    color: options.dark ? colors.nightText : colors.ink,
  };
  const padding = 10;
  const heights = items.map(
    (item) =>
      set.lines(item.label, label, cellWidth - 2 * padding).length * label.leading +
      4 +
      set.lines(item.value, value, cellWidth - 2 * padding).length * value.leading,
  );
  const rows = Math.ceil(items.length / columns);
  const rowHeights = Array.from(
    { length: rows },
    (_, row) => Math.max(...heights.slice(row * columns, row * columns + columns)) + 2 * padding,
  );
  const total = rowHeights.reduce((sum, height) => sum + height, 0) + gap * (rows - 1);
  const draw = (page: PDFPage, top: number) => {
    let rowTop = top;
    rowHeights.forEach((rowHeight, row) => {
      items.slice(row * columns, row * columns + columns).forEach((item, column) => {
        const x = set.left + column * (cellWidth + gap);
        page.drawRectangle({
          x,
          y: rowTop - rowHeight,
          width: cellWidth,
          height: rowHeight,
          color: options.dark ? colors.nightRaised : colors.boxFill,
          borderColor: options.dark ? colors.nightBorder : colors.rule,
          borderWidth: 0.75,
        });
        const at = { x: x + padding, width: cellWidth - 2 * padding };
        const used = set.textAt(page, item.label, label, { ...at, top: rowTop - padding });
        set.textAt(page, item.value, value, { ...at, top: rowTop - padding - used - 4 });
      });
      rowTop -= rowHeight + gap;
    });
  };
  if (options.page && options.top !== undefined) draw(options.page, options.top);
  else set.block(total + 12, (page, _x, top) => draw(page, top));
  return total;
}

function scoresChart(set: Typesetter, rows: readonly ScoreRow<string>[], locale: Locale): void {
  const rowHeight = 40;
  const nameStyle: TextStyle = { role: "bold", size: 10, leading: 14, color: colors.ink };
  const valueStyle: TextStyle = { role: "body", size: 10, leading: 14, color: colors.text };
  const legend: TextStyle = { role: "body", size: 8.5, leading: 12, color: colors.text };
  const chartWidth = Math.min(set.width, 360);
  set.block(rows.length * rowHeight + 26, (page, x, top) => {
    rows.forEach((row, index) => {
      const rowTop = top - index * rowHeight;
      set.textAt(page, row.name, nameStyle, { x, top: rowTop, width: chartWidth - 40 });
      const value = `${row.raw}/${maxScore}`;
      const valueWidth = set.textWidth(value, "body", valueStyle.size);
      set.textAt(page, value, valueStyle, {
        x: x + chartWidth - valueWidth,
        top: rowTop,
        width: 40,
      });
      const barY = rowTop - 30;
      const barHeight = 9;
      const xOf = (score: number) =>
        (Math.min(Math.max(score, 0), maxScore) / maxScore) * chartWidth;
      page.drawRectangle({ x, y: barY, width: chartWidth, height: barHeight, color: colors.track });
      if (row.raw > 0) {
        const fill =
          row.versus === "above"
            ? colors.barAbove
            : row.versus === "below"
              ? colors.barBelow
              : colors.bar;
        page.drawRectangle({ x, y: barY, width: xOf(row.raw), height: barHeight, color: fill });
      }
      const average = x + xOf(row.averageTaker);
      page.drawLine({
        start: { x: average, y: barY - 4 },
        end: { x: average, y: barY + barHeight + 4 },
        thickness: 1.5,
        color: colors.ink,
      });
    });
    const legendTop = top - rows.length * rowHeight - 4;
    page.drawRectangle({ x, y: legendTop - 9, width: 14, height: 6, color: colors.bar });
    const you = m.report_chart_you({}, { locale });
    set.textAt(page, you, legend, { x: x + 20, top: legendTop, width: 200 });
    const after = x + 20 + set.textWidth(you, "body", legend.size) + 18;
    page.drawLine({
      start: { x: after + 3, y: legendTop - 12 },
      end: { x: after + 3, y: legendTop - 2 },
      thickness: 1.5,
      color: colors.ink,
    });
    set.textAt(page, m.report_chart_average({}, { locale }), legend, {
      x: after + 12,
      top: legendTop,
      width: 240,
    });
  });
  set.space(6);
  set.list(rows.map((row) => row.text));
}

function drawBlock(set: Typesetter, block: Block<string>, locale: Locale): void {
  switch (block.kind) {
    case "heading":
      set.heading(block.text, styles.subsection, { before: 8, after: 4 });
      break;
    case "paragraph":
      set.paragraph(block.text);
      break;
    case "list":
      set.list(block.items);
      break;
    case "figures":
      figuresGrid(set, block.items);
      break;
    case "scores":
      scoresChart(set, block.rows, locale);
      break;
  }
}

function drawSection(set: Typesetter, section: ReportSection<string>, locale: Locale): void {
  set.heading(section.title, styles.section, { before: 18, after: 8 });
  for (const block of section.blocks) drawBlock(set, block, locale);
}

function couponLines(input: ReportPdfInput): string[] {
  const { locale } = input;
  return input.coupons.map((coupon) =>
    m.pdf_report_coupon_line(
      {
        audience:
          coupon.audience === "buyer"
            ? m.payresult_coupon_buyer({}, { locale })
            : m.payresult_coupon_friend({}, { locale }),
        code: coupon.code,
        percent: String(coupon.percent),
        expiry: coupon.expiryText,
      },
      { locale },
    ),
  );
}

export async function renderReportPdf(input: ReportPdfInput): Promise<Uint8Array> {
  const { locale, report } = input;
  const [cover, ...sections] = report.sections;
  if (!cover) throw new Error("report without sections");
  const doc = await PDFDocument.create();
  const title = cover.title;
  doc.setTitle(`${title}: ${input.name}`, { showInWindowTitleBar: true });
  doc.setAuthor("Lumen IQ");
  doc.setSubject(m.report_eyebrow({}, { locale }));
  doc.setLanguage(localeInfo[locale].iso);
  doc.setCreator("Lumen IQ");
  doc.setProducer("Lumen IQ");
  doc.setCreationDate(input.finishedAt);
  doc.setModificationDate(input.finishedAt);

  const texts = [
    input.name,
    ...report.sections.flatMap((section) => JSON.stringify(section)),
    JSON.stringify(input.review.items.map(({ figure: _, ...words }) => words)),
    input.review.title,
    input.review.intro,
  ];
  const fonts = await FontSet.embed(doc, texts);
  const set = new Typesetter(doc, fonts);

  const figures = cover.blocks.find((block) => block.kind === "figures");
  const subtitle = cover.blocks.find((block) => block.kind === "paragraph");
  drawCover(set, {
    eyebrow: m.report_eyebrow({}, { locale }),
    title,
    body: (page, top, width) => {
      const label: TextStyle = { role: "body", size: 10, leading: 14, color: colors.nightMuted };
      const name: TextStyle = { role: "display", size: 22, leading: 28, color: colors.nightText };
      let y = top;
      y -= set.textAt(page, m.pdf_report_prepared_for({}, { locale }), label, {
        x: set.left,
        top: y,
        width,
      });
      y -= set.textAt(page, input.name, name, { x: set.left, top: y, width });
      y -= 2;
      y -= set.textAt(page, m.pdf_report_taken_on({ date: input.date }, { locale }), label, {
        x: set.left,
        top: y,
        width,
      });
      y -= 26;
      if (figures?.kind === "figures") {
        y -= figuresGrid(set, figures.items, { dark: true, page, top: y });
        y -= 22;
      }
      if (subtitle?.kind === "paragraph") {
        const lead: TextStyle = { role: "body", size: 11.5, leading: 17, color: colors.nightMuted };
        set.textAt(page, subtitle.text, lead, { x: set.left, top: y, width: width - 40 });
      }
    },
    footer: m.result_notice({}, { locale }),
  });

  set.newPage();
  sections.forEach((section, index) => {
    if (index === 0) set.y -= 8;
    drawSection(set, section, locale);
    if (section.id === "thanks" && input.coupons.length > 0) set.list(couponLines(input));
  });
  drawReview(set, input.review, locale);
  set.footers(`Lumen IQ · ${title} · ${input.name}`);
  return doc.save();
}
