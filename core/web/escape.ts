/** Text made safe to put into markup: HTML pages and e-mails, XML (the sitemap, SVG). */

const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** For HTML text and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);
}

/** For XML text and attributes: the same, with XML's own name for the apostrophe. */
export function escapeXml(value: string): string {
  return escapeHtml(value).replaceAll("&#39;", "&apos;");
}
