import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { ebookSlugs } from "../../core/ebooks/catalogue";
import { parseEbook } from "../../core/ebooks/parse";
import { drawFormWithDrafts, type Form } from "../../core/items/pool/form";
import { reviewWithImages } from "../../core/items/pool/review";
import type { Letter } from "../../core/items/questions";
import { locales } from "../../core/locales/locales";
import { reportContent } from "../../core/report/content";
import { renderReport } from "../../core/report/render";
import { scoredResult } from "../../core/report/result-fixture";
import { ebookFileName, ebookTitle, renderEbookPdf } from "./ebook";
import { ebookSource } from "./ebook-texts";
import { renderReportPdf, reportFileName } from "./report";
import { reviewPdfInput } from "./review-input";

/** A PDF as a reader's viewer opens it: its pages' text, in page order. */
async function read(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  // Text items are joined by the extractor; the tests compare words, not line breaks.
  const pages = (text as string[]).map((page) => page.replace(/\s+/g, " "));
  // A paragraph may run on to the next page: `all` reads on past the running footer.
  const footer = / ?Lumen IQ · [^·]+ · [^·]+? \d+ \/ \d+ ?/g;
  const all = pages.join(" ").replace(footer, " ").replace(/\s+/g, " ");
  return { totalPages, pages, all, title: info.Title ?? "" };
}

const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/** A real form, its answers: every third right, every third wrong, every third left blank. */
const form = drawFormWithDrafts("report-pdf-review").form;
const naming = {
  token: (id: string, part: string) => `${id}.${part}`,
  url: (t: string) => `/${t}`,
};
const wrong = (key: Letter): Letter => (key === "A" ? "B" : "A");
const answers = Object.fromEntries(
  form.items.flatMap((item, i) =>
    i % 3 === 2 ? [] : [[item.code, i % 3 === 0 ? item.key : wrong(item.key)]],
  ),
);
const reviewOf = (attempt: Form) => reviewWithImages(attempt, answers, naming);

function reportPdf(
  raw: { SM: number; RA: number; RE: number; RL: number },
  locale: "en" | "pt-br",
  name: string,
) {
  const result = scoredResult(raw);
  return renderReportPdf({
    report: renderReport(reportContent(result), locale),
    review: reviewPdfInput(reviewOf(form), locale),
    locale,
    name,
    date: locale === "en" ? "November 24, 2026" : "24 de novembro de 2026",
    finishedAt: new Date(result.finishedAt),
    coupons: [
      {
        code: "LUMEN-BUYER1",
        percent: 20,
        audience: "buyer",
        expiresAt: null,
        expiryText: "Valid until Dec 24, 2026",
      },
      {
        code: "LUMEN-FRIEND",
        percent: 20,
        audience: "friend",
        expiresAt: null,
        expiryText: "Valid until Dec 24, 2026",
      },
    ],
  });
}

describe("the report's PDF", () => {
  it.each(locales)(
    "%s: a cover with the buyer, then every section of the page in its order",
    async (locale) => {
      const result = scoredResult({ SM: 9, RA: 4, RE: 5, RL: 8 });
      const rendered = renderReport(reportContent(result), locale);
      const pdf = await read(
        await reportPdf({ SM: 9, RA: 4, RE: 5, RL: 8 }, locale, "Łucja da Conceição"),
      );
      expect(pdf.totalPages).toBeGreaterThanOrEqual(5);
      expect(pdf.title).toBe(`${rendered.sections[0]?.title}: Łucja da Conceição`);

      const cover = pdf.pages[0] ?? "";
      // The name needs the Latin Extended font for "Ł": it is drawn, not replaced.
      expect(cover).toContain("Łucja da Conceição");
      expect(cover).toContain(locale === "en" ? "November 24, 2026" : "24 de novembro de 2026");
      expect(cover).toContain(String(result.iq));

      let from = 0;
      for (const section of rendered.sections.slice(1)) {
        const at = pdf.all.indexOf(flat(section.title), from);
        expect(at, section.id).toBeGreaterThan(from);
        from = at;
      }
      for (const section of rendered.sections) {
        for (const block of section.blocks) {
          if (block.kind === "paragraph") expect(pdf.all).toContain(flat(block.text));
          if (block.kind === "list")
            for (const item of block.items) expect(pdf.all).toContain(flat(item));
        }
      }
      expect(pdf.all).toContain("LUMEN-BUYER1");
      // The answer review closes the report (issue 29.2): every item in its order, with its
      // outcome and explanation, and the numbers of its images drawn as text.
      const review = reviewPdfInput(reviewOf(form), locale);
      let at = pdf.all.indexOf(flat(review.title));
      expect(at).toBeGreaterThan(0);
      for (const item of review.items) {
        const next = pdf.all.indexOf(flat(item.heading), at);
        expect(next, item.heading).toBeGreaterThan(at);
        at = next;
        expect(pdf.all.slice(at)).toContain(flat(item.outcome));
        expect(pdf.all.slice(at)).toContain(flat(item.explanation));
      }
      const first = review.items[0]?.figure.question ?? "";
      const shown = [...first.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
      expect(shown.length).toBeGreaterThan(3);
      const sm01 = pdf.all.slice(pdf.all.indexOf(flat(review.items[0]?.heading ?? "")));
      expect(sm01.slice(0, 400)).toContain(shown.join(" "));
      expect(pdf.all).toContain("LUMEN-FRIEND");
      expect(pdf.pages.at(-1)).toContain(`${pdf.totalPages - 1} / ${pdf.totalPages - 1}`);
    },
  );

  it("two different profiles print different reports", async () => {
    // Stark profiles: ten questions an area name only differences beyond their margin.
    const one = await read(await reportPdf({ SM: 10, RA: 3, RE: 3, RL: 10 }, "en", "Ana"));
    const other = await read(await reportPdf({ SM: 2, RA: 10, RE: 10, RL: 2 }, "en", "Ana"));
    const strengths = (text: string) => /Your strengths: [^.]*\./.exec(text)?.[0];
    expect(strengths(one.all)).toBe(
      "Your strengths: mathematical sequences and logical reasoning.",
    );
    expect(strengths(other.all)).toMatch(
      /^Your strengths: (abstract reasoning and spatial reasoning|spatial reasoning and abstract reasoning)\.$/,
    );
    const balanced = await read(await reportPdf({ SM: 6, RA: 6, RE: 6, RL: 6 }, "en", "Ana"));
    expect(strengths(balanced.all)).toBeUndefined();
    expect(balanced.all).toContain("a perfectly balanced profile");
  });

  it('draws the floor\'s "≤55", which the fonts lack, from their own "<" (never a "?")', async () => {
    const floor = await read(await reportPdf({ SM: 0, RA: 1, RE: 0, RL: 0 }, "en", "Ana"));
    expect(floor.pages[0]).toContain("<55");
    expect(floor.all).not.toContain("?55");
  });

  it("names its file in the reader's language", () => {
    expect(reportFileName("en")).toBe("your-iq-report-lumen-iq.pdf");
    expect(reportFileName("pt-br")).toBe("seu-relatorio-de-qi-lumen-iq.pdf");
  });
});

describe("the four e-books as PDFs", () => {
  const cases = ebookSlugs.flatMap((slug) => locales.map((locale) => ({ slug, locale })));

  it.each(cases)(
    "$slug ($locale): cover with its title, contents, every chapter",
    async ({ slug, locale }) => {
      const title = ebookTitle(slug, locale);
      const book = parseEbook(ebookSource(slug, locale));
      const pdf = await read(await renderEbookPdf(slug, locale));
      expect(pdf.title).toBe(title);
      expect(pdf.totalPages).toBeGreaterThanOrEqual(book.chapters.length + 3);
      expect(flat(pdf.pages[0] ?? "")).toContain(flat(title));
      const contents = pdf.pages[1] ?? "";
      for (const chapter of book.chapters) {
        expect(contents).toContain(flat(chapter.title));
      }
      // Each chapter opens a page, under its number, in order.
      let page = 2;
      book.chapters.forEach((chapter, index) => {
        const opening = pdf.pages.findIndex(
          (text, at) => at > page && text.includes(flat(chapter.title)),
        );
        expect(opening, chapter.title).toBeGreaterThan(page);
        expect(pdf.pages[opening]).toMatch(new RegExp(`(CHAPTER|CAPÍTULO) ${index + 1}\\b`));
        page = opening;
      });
      expect(ebookFileName(slug, locale)).toMatch(/^[a-z0-9-]+\.pdf$/);
    },
  );

  it("the same book gives the same bytes (it can be kept and served again)", async () => {
    const [a, b] = await Promise.all([
      renderEbookPdf("focus", "en"),
      renderEbookPdf("focus", "en"),
    ]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
