/**
 * Reads an e-book's text (content/ebooks/README.md): a small Markdown subset of chapters
 * (`# `), sections (`## `), paragraphs, bullet (`- `) and numbered (`1. `) lists, boxes
 * (`> `) and `**bold**`. Anything else is an error naming its line, so a typo in the text
 * fails the unit tests instead of reaching a buyer's PDF.
 */

export interface Run {
  text: string;
  bold?: boolean;
}

export type EbookBlock =
  | { kind: "paragraph"; runs: Run[] }
  | { kind: "section"; text: string }
  | { kind: "bullets"; items: Run[][] }
  | { kind: "numbered"; items: Run[][] }
  | { kind: "box"; runs: Run[] };

export interface EbookChapter {
  title: string;
  blocks: EbookBlock[];
}

export interface EbookText {
  introduction: EbookBlock[];
  chapters: EbookChapter[];
}

export class EbookSyntaxError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** `a **b** c` -> runs; an unclosed `**` is an error. */
export function inlineRuns(text: string, line = 0): Run[] {
  const parts = text.split("**");
  if (parts.length % 2 === 0) throw new EbookSyntaxError(line, "unbalanced **");
  return parts.flatMap((part, index) => {
    if (part === "") return [];
    return index % 2 === 1 ? [{ text: part, bold: true }] : [{ text: part }];
  });
}

type Pending =
  | { kind: "paragraph" | "box"; lines: string[]; start: number }
  | { kind: "bullets" | "numbered"; items: Run[][] };

export function parseEbook(source: string): EbookText {
  const book: EbookText = { introduction: [], chapters: [] };
  let pending: Pending | null = null;
  const blocks = () => book.chapters.at(-1)?.blocks ?? book.introduction;

  const flush = () => {
    const done = pending as Pending | null;
    pending = null;
    if (done === null) return;
    if ("lines" in done) {
      blocks().push({ kind: done.kind, runs: inlineRuns(done.lines.join(" "), done.start) });
    } else {
      blocks().push({ kind: done.kind, items: done.items });
    }
  };

  source.split(/\r?\n/).forEach((raw, index) => {
    const number = index + 1;
    const line = raw.trimEnd();
    if (line.trim() === "") {
      flush();
      return;
    }
    if (line.startsWith("# ")) {
      flush();
      book.chapters.push({ title: line.slice(2).trim(), blocks: [] });
      return;
    }
    if (line.startsWith("## ")) {
      flush();
      if (book.chapters.length === 0)
        throw new EbookSyntaxError(number, "a section before any chapter");
      blocks().push({ kind: "section", text: line.slice(3).trim() });
      return;
    }
    if (line.startsWith("#"))
      throw new EbookSyntaxError(number, "only '# ' and '## ' headings exist");
    const bullet = /^- (.*)$/.exec(line);
    const numbered = /^(\d+)\. (.*)$/.exec(line);
    const item = bullet?.[1] ?? numbered?.[2];
    if (item !== undefined) {
      const kind = bullet ? "bullets" : "numbered";
      if (pending?.kind !== kind) {
        flush();
        pending = { kind, items: [] };
      }
      if (numbered && Number(numbered[1]) !== pending.items.length + 1) {
        throw new EbookSyntaxError(number, `numbered item ${numbered[1]} out of order`);
      }
      pending.items.push(inlineRuns(item.trim(), number));
      return;
    }
    const quoted = /^> ?(.*)$/.exec(line);
    const kind = quoted ? "box" : "paragraph";
    const text = (quoted?.[1] ?? line).trim();
    if (pending?.kind !== kind) {
      flush();
      pending = { kind, lines: [], start: number };
    }
    pending.lines.push(text);
  });
  flush();
  return book;
}

/** Every text of a book, in reading order (tests, and the fonts' coverage check). */
export function ebookStrings(book: EbookText): string[] {
  const ofBlock = (block: EbookBlock): string[] => {
    switch (block.kind) {
      case "section":
        return [block.text];
      case "paragraph":
      case "box":
        return [block.runs.map((run) => run.text).join("")];
      case "bullets":
      case "numbered":
        return block.items.map((runs) => runs.map((run) => run.text).join(""));
    }
  };
  return [
    ...book.introduction.flatMap(ofBlock),
    ...book.chapters.flatMap((chapter) => [chapter.title, ...chapter.blocks.flatMap(ofBlock)]),
  ];
}
