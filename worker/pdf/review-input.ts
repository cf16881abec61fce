import type { ReviewItem } from "../../core/items/pool/review";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";

/**
 * What the report's PDF shows of the answer review (issue 29.2), already in the reader's
 * words, with each item's images as SVG (drawn by ./review.ts). Kept apart from the drawing
 * so the API builds it without loading pdf-lib, which the PDF routes load lazily.
 */
export interface ReviewPdfItem {
  /** "SM-03 · Complete the sequence" */
  heading: string;
  /** What the question shows, in words (its alt text). */
  question: string;
  outcome: string;
  explanation: string;
  figure: {
    /** The question's SVG. */
    question: string;
    options: { letter: string; svg: string }[];
    key: string;
    chosen: string | null;
  };
}

export interface ReviewPdfInput {
  title: string;
  intro: string;
  items: ReviewPdfItem[];
}

/**
 * The review of a form for the PDF, or, with `review` null (an attempt on the shared banks),
 * only why there is none.
 */
export function reviewPdfInput(
  review: { items: readonly ReviewItem[]; images: Readonly<Record<string, string>> } | null,
  locale: Locale,
): ReviewPdfInput {
  const title = m.review_title({}, { locale });
  if (!review) return { title, intro: m.review_shared_bank({}, { locale }), items: [] };
  const svg = (url: string): string => {
    const found = review.images[url];
    if (found === undefined) throw new Error("review: an image of the form is missing");
    return found;
  };
  return {
    title,
    intro: m.review_text({}, { locale }),
    items: review.items.map((item) => ({
      heading: `${item.question.code} · ${item.question.title[locale]}`,
      question: m.pdf_review_question({ alt: item.question.image.alt[locale] }, { locale }),
      outcome:
        item.chosen === null
          ? m.review_outcome_none({ letter: item.key }, { locale })
          : item.chosen === item.key
            ? m.review_outcome_right({ letter: item.key }, { locale })
            : m.review_outcome_wrong({ chosen: item.chosen, letter: item.key }, { locale }),
      explanation: item.explanation[locale],
      figure: {
        question: svg(item.question.image.url),
        options: item.question.options.map((option) => ({
          letter: option.letter,
          svg: svg(option.image.url),
        })),
        key: item.key,
        chosen: item.chosen,
      },
    })),
  };
}
