import focusEn from "../../content/ebooks/focus/en.md?raw";
import focusPt from "../../content/ebooks/focus/pt-br.md?raw";
import logicEn from "../../content/ebooks/logic/en.md?raw";
import logicPt from "../../content/ebooks/logic/pt-br.md?raw";
import memoryEn from "../../content/ebooks/memory/en.md?raw";
import memoryPt from "../../content/ebooks/memory/pt-br.md?raw";
import studyEn from "../../content/ebooks/study/en.md?raw";
import studyPt from "../../content/ebooks/study/pt-br.md?raw";
import type { EbookSlug } from "../../core/ebooks/catalogue";
import type { Locale } from "../../core/locales/locales";

/** The e-books' texts, bundled into the Worker (never served as files). */
const sources: Record<EbookSlug, Record<Locale, string>> = {
  memory: { en: memoryEn, "pt-br": memoryPt },
  logic: { en: logicEn, "pt-br": logicPt },
  focus: { en: focusEn, "pt-br": focusPt },
  study: { en: studyEn, "pt-br": studyPt },
};

export function ebookSource(slug: EbookSlug, locale: Locale): string {
  return sources[slug][locale];
}
