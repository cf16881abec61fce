import { type Locale, localeInfo } from "../locales/locales";
import { numberFormat } from "../locales/number-format";
import { type MessageInput, type MessageRef, reportMessages } from "./messages";
import type { Block, RenderedReport, ReportContent, ReportSection } from "./shape";

/**
 * Gives the report's content words in one language through the static message table, so
 * the same code runs in the Worker and in the browser (docs/decisions/0015-home-performance.md).
 */

type Message = (inputs: Record<string, string>, options: { locale: Locale }) => string;

function formatInput(value: MessageInput, locale: Locale): string {
  const iso = localeInfo[locale].iso;
  if (typeof value === "number") {
    // Raw points, means, percentages, the national mean 83.42: as given, up to two decimals
    // ("6,25" in Portuguese). Percentages arrive rounded to one decimal (core/scoring/scoring.ts).
    return numberFormat(iso, { maximumFractionDigits: 2 }).format(value);
  }
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const words = value.map((item: MessageRef) => renderText(item, locale));
    return new Intl.ListFormat(iso, { style: "long", type: "conjunction" }).format(words);
  }
  return renderText(value as MessageRef, locale);
}

export function renderText(text: MessageRef, locale: Locale): string {
  const inputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(text.inputs ?? {})) {
    inputs[name] = formatInput(value, locale);
  }
  // Each message declares its own inputs; the table's common type cannot, hence the cast.
  const message = reportMessages[text.key] as unknown as Message;
  return message(inputs, { locale });
}

function renderBlock(block: Block, locale: Locale): Block<string> {
  const say = (text: MessageRef) => renderText(text, locale);
  switch (block.kind) {
    case "heading":
    case "paragraph":
      return { kind: block.kind, text: say(block.text) };
    case "list":
      return { kind: "list", items: block.items.map(say) };
    case "figures":
      return {
        kind: "figures",
        items: block.items.map((item) => ({ label: say(item.label), value: say(item.value) })),
      };
    case "scores":
      return {
        kind: "scores",
        rows: block.rows.map((row) => ({ ...row, name: say(row.name), text: say(row.text) })),
      };
  }
}

export function renderSection(section: ReportSection, locale: Locale): ReportSection<string> {
  return {
    id: section.id,
    title: renderText(section.title, locale),
    blocks: section.blocks.map((block) => renderBlock(block, locale)),
  };
}

export function renderReport(content: ReportContent, locale: Locale): RenderedReport {
  return { sections: content.sections.map((section) => renderSection(section, locale)) };
}
