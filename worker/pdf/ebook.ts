import { PDFDocument, type PDFPage } from "pdf-lib";
import { type EbookSlug, fileSlug } from "../../core/ebooks/catalogue";
import { type EbookBlock, ebookStrings, parseEbook } from "../../core/ebooks/parse";
import { type Locale, localeInfo } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { ebookTitles } from "../../core/payments/payment-text";
import { drawCover } from "./cover";
import { ebookSource } from "./ebook-texts";
import { FontSet } from "./fonts";
import { a4, colors, styles, type TextStyle, Typesetter } from "./typeset";

/**
 * A bonus e-book as a PDF (docs/decisions/0021-pdfs.md): a dark cover, a contents page with
 * page numbers, the introduction, then one chapter per `#` heading of
 * content/ebooks/{slug}/{locale}.md, each on a new page. The same text always gives the
 * same bytes (fixed dates), so a PDF can be cached by its slug and language.
 */

export function ebookTitle(slug: EbookSlug, locale: Locale): string {
  return ebookTitles[slug]({}, { locale });
}

export function ebookFileName(slug: EbookSlug, locale: Locale): string {
  return `${fileSlug(ebookTitle(slug, locale))}.pdf`;
}

/** The e-books' texts were last edited in this year (the copyright line and PDF dates). */
const edition = new Date("2026-11-23T00:00:00Z");

const eyebrowStyle: TextStyle = { role: "bold", size: 9.5, leading: 14, color: colors.teal };

function drawBlocks(set: Typesetter, blocks: readonly EbookBlock[]): void {
  for (const block of blocks) {
    switch (block.kind) {
      case "section":
        set.heading(block.text, styles.subsection, { before: 10, after: 4 });
        break;
      case "paragraph":
        set.paragraph(block.runs);
        break;
      case "bullets":
      case "numbered":
        set.list(block.items, { ordered: block.kind === "numbered" });
        break;
      case "box":
        set.box(block.runs);
        break;
    }
  }
}

/** A chapter's opening: eyebrow, title and a rule, on a new page. */
function chapterOpening(set: Typesetter, eyebrow: string, title: string): PDFPage {
  const page = set.newPage();
  set.y -= 40;
  set.y -= set.textAt(page, eyebrow.toLocaleUpperCase(), eyebrowStyle, {
    x: set.left,
    top: set.y,
    width: set.width,
  });
  set.y -= 6;
  set.heading(title, styles.chapter, { after: 14 });
  set.rule();
  set.space(22);
  return page;
}

export async function renderEbookPdf(slug: EbookSlug, locale: Locale): Promise<Uint8Array> {
  const book = parseEbook(ebookSource(slug, locale));
  const title = ebookTitle(slug, locale);
  const doc = await PDFDocument.create();
  const year = String(edition.getUTCFullYear());
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor("Lumen IQ");
  doc.setSubject(m.pdf_bonus_ebook({}, { locale }));
  doc.setLanguage(localeInfo[locale].iso);
  doc.setCreator("Lumen IQ");
  doc.setProducer("Lumen IQ");
  doc.setCreationDate(edition);
  doc.setModificationDate(edition);

  const fonts = await FontSet.embed(doc, [title, ...ebookStrings(book)]);
  const set = new Typesetter(doc, fonts);

  drawCover(set, {
    eyebrow: m.pdf_bonus_ebook({}, { locale }),
    title,
    body: (page, top, width) => {
      const lead: TextStyle = { role: "body", size: 12, leading: 18, color: colors.nightMuted };
      set.textAt(page, m.pdf_ebook_included({}, { locale }), lead, { x: set.left, top, width });
    },
    footer: `${m.pdf_ebook_note({}, { locale })} ${m.pdf_rights({ year }, { locale })}`,
  });

  // The contents page is drawn last, when every chapter's page number is known.
  const contentsPage = set.newPage();
  const starts: { eyebrow: string; title: string; page: number }[] = [];

  const introduction = m.pdf_introduction({}, { locale });
  chapterOpening(set, title, introduction);
  starts.push({ eyebrow: "", title: introduction, page: set.pages.length });
  drawBlocks(set, book.introduction);

  book.chapters.forEach((chapter, index) => {
    const eyebrow = m.pdf_chapter({ number: String(index + 1) }, { locale });
    chapterOpening(set, eyebrow, chapter.title);
    starts.push({ eyebrow, title: chapter.title, page: set.pages.length });
    drawBlocks(set, chapter.blocks);
  });

  drawContents(set, contentsPage, m.pdf_contents({}, { locale }), starts);
  set.footers(title);
  return doc.save();
}

function drawContents(
  set: Typesetter,
  page: PDFPage,
  heading: string,
  entries: readonly { eyebrow: string; title: string; page: number }[],
): void {
  let top = a4.height - set.frame.top - 40;
  top -= set.textAt(page, heading, styles.chapter, { x: set.left, top, width: set.width });
  top -= 18;
  const entry: TextStyle = { role: "body", size: 11.5, leading: 17, color: colors.ink };
  for (const item of entries) {
    // Page numbers as the footers count them: the cover has none.
    const number = String(item.page - 1);
    const numberWidth = set.textWidth(number, "bold", entry.size);
    const x = set.left;
    const labelWidth = set.width - 60;
    if (item.eyebrow) {
      set.textAt(
        page,
        item.eyebrow.toLocaleUpperCase(),
        { ...eyebrowStyle, size: 8 },
        {
          x,
          top,
          width: labelWidth,
        },
      );
      top -= 12;
    }
    const height = set.textAt(page, item.title, entry, { x, top, width: labelWidth });
    set.textAt(
      page,
      number,
      { ...entry, role: "bold", color: colors.teal },
      {
        x: set.left + set.width - numberWidth,
        top,
        width: numberWidth + 1,
      },
    );
    top -= height + 12;
    page.drawLine({
      start: { x: set.left, y: top + 6 },
      end: { x: set.left + set.width, y: top + 6 },
      thickness: 0.5,
      color: colors.rule,
    });
    top -= 6;
  }
}
