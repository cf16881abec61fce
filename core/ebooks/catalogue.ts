/**
 * The four bonus e-books of the premium report (docs/decisions/0021-pdfs.md), in the order
 * the selling page lists them. Their text lives in `content/ebooks/{slug}/{locale}.md`;
 * their titles are the selling page's messages (`sell_ebook_{slug}`).
 */
export const ebookSlugs = ["memory", "logic", "focus", "study"] as const;

export type EbookSlug = (typeof ebookSlugs)[number];

export function isEbookSlug(value: string | undefined): value is EbookSlug {
  return (ebookSlugs as readonly string[]).includes(value ?? "");
}

/** "Treine sua memória: técnicas" -> "treine-sua-memoria-tecnicas" (file names). */
export function fileSlug(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
