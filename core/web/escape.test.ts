import { describe, expect, it } from "vitest";
import { escapeHtml, escapeXml } from "./escape";

describe("escaping text for markup", () => {
  it.each([
    ["plain text", "plain text", "plain text"],
    ["Tom & Jerry", "Tom &amp; Jerry", "Tom &amp; Jerry"],
    ['<a href="x">', "&lt;a href=&quot;x&quot;&gt;", "&lt;a href=&quot;x&quot;&gt;"],
    ["D'Ávila", "D&#39;Ávila", "D&apos;Ávila"],
    ["&amp;", "&amp;amp;", "&amp;amp;"],
  ])("%s", (text, html, xml) => {
    expect(escapeHtml(text)).toBe(html);
    expect(escapeXml(text)).toBe(xml);
  });
});
