import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { locales } from "../locales/locales";
import { ebookSlugs, fileSlug, isEbookSlug } from "./catalogue";
import { EbookSyntaxError, type EbookText, ebookStrings, inlineRuns, parseEbook } from "./parse";

const source = (slug: string, locale: string) =>
  readFileSync(`content/ebooks/${slug}/${locale}.md`, "utf8");

describe("parseEbook", () => {
  it("reads an introduction, chapters, sections, paragraphs, lists, boxes and bold", () => {
    const book = parseEbook(
      [
        "Intro line one",
        "continues here.",
        "",
        "# First chapter",
        "## A section",
        "Text with **bold words** inside.",
        "",
        "- one",
        "- **two** items",
        "",
        "1. first",
        "2. second",
        "",
        "> **Try it.** A box",
        "> on two lines.",
        "# Second chapter",
        "Last.",
      ].join("\n"),
    );
    expect(book.introduction).toEqual([
      { kind: "paragraph", runs: [{ text: "Intro line one continues here." }] },
    ]);
    expect(book.chapters.map((chapter) => chapter.title)).toEqual([
      "First chapter",
      "Second chapter",
    ]);
    expect(book.chapters[0]?.blocks).toEqual([
      { kind: "section", text: "A section" },
      {
        kind: "paragraph",
        runs: [{ text: "Text with " }, { text: "bold words", bold: true }, { text: " inside." }],
      },
      {
        kind: "bullets",
        items: [[{ text: "one" }], [{ text: "two", bold: true }, { text: " items" }]],
      },
      { kind: "numbered", items: [[{ text: "first" }], [{ text: "second" }]] },
      { kind: "box", runs: [{ text: "Try it.", bold: true }, { text: " A box on two lines." }] },
    ]);
    expect(ebookStrings(book)).toContain("Try it. A box on two lines.");
  });

  it("names the line of what it cannot read", () => {
    expect(() => parseEbook("# A\n### deep")).toThrow(EbookSyntaxError);
    expect(() => parseEbook("# A\n### deep")).toThrow(/line 2/);
    expect(() => parseEbook("## before any chapter")).toThrow(/line 1/);
    expect(() => parseEbook("# A\n1. one\n3. three")).toThrow(/line 3: numbered item 3/);
    expect(() => inlineRuns("an **open bold", 7)).toThrow(/line 7: unbalanced/);
  });
});

describe("the four e-books' texts", () => {
  const books = ebookSlugs.flatMap((slug) =>
    locales.map((locale) => ({ slug, locale, book: parseEbook(source(slug, locale)) })),
  );
  const shape = (book: EbookText) =>
    book.chapters.map((chapter) => ({
      sections: chapter.blocks.filter((block) => block.kind === "section").length,
    }));

  it.each(books)(
    "$slug ($locale) is a real little book: 5 to 7 chapters, sections, boxes, 2,000+ words",
    ({ book }) => {
      expect(book.introduction.length).toBeGreaterThan(0);
      expect(book.chapters.length).toBeGreaterThanOrEqual(5);
      expect(book.chapters.length).toBeLessThanOrEqual(7);
      for (const chapter of book.chapters) {
        expect(chapter.blocks.some((block) => block.kind === "paragraph")).toBe(true);
        expect(chapter.title).not.toMatch(/^\d/);
      }
      const blocks = book.chapters.flatMap((chapter) => chapter.blocks);
      expect(blocks.filter((block) => block.kind === "box").length).toBeGreaterThanOrEqual(4);
      const text = ebookStrings(book).join(" ");
      expect(text.split(/\s+/).length).toBeGreaterThan(2000);
      expect(text).not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b|\bXXX\b/i);
      // The fonts' Latin files: Latin-1 and the typographic punctuation the texts use.
      expect(text).toMatch(/^[\u0020-\u007e\u00a0-\u00ff–—‘’“”•…−]*$/);
    },
  );

  it.each(ebookSlugs)(
    "%s has the same chapters and sections in English and Portuguese, in different words",
    (slug) => {
      const en = books.find((entry) => entry.slug === slug && entry.locale === "en")?.book;
      const pt = books.find((entry) => entry.slug === slug && entry.locale === "pt-br")?.book;
      if (!en || !pt) throw new Error(`missing ${slug}`);
      expect(shape(pt)).toEqual(shape(en));
      en.chapters.forEach((chapter, index) => {
        expect(pt.chapters[index]?.title).not.toBe(chapter.title);
      });
    },
  );

  it("the books are four different books", () => {
    const openings = books.map(({ book }) => book.chapters[0]?.title);
    expect(new Set(openings).size).toBe(books.length);
  });
});

describe("catalogue", () => {
  it("knows the four slugs and makes file names from titles", () => {
    expect(ebookSlugs).toEqual(["memory", "logic", "focus", "study"]);
    expect(isEbookSlug("logic")).toBe(true);
    expect(isEbookSlug("poetry")).toBe(false);
    expect(isEbookSlug(undefined)).toBe(false);
    expect(fileSlug("Treine sua memória: técnicas que funcionam")).toBe(
      "treine-sua-memoria-tecnicas-que-funcionam",
    );
  });
});
