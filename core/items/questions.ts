import type { Locale } from "../locales/locales";

/**
 * What the client may know of an item: code, title and image URLs, never the expected
 * letter (that lives in worker/questions/answer-key.server.ts).
 */
export type Letter = "A" | "B" | "C" | "D";
export type QuestionCategory = "SM" | "RA" | "RE" | "RL";

export interface QuestionImage {
  url: string;
  width: number;
  height: number;
  alt: Record<Locale, string>;
}

export interface PublicQuestion {
  code: string;
  category: QuestionCategory;
  title: Record<Locale, string>;
  image: QuestionImage;
  options: { letter: Letter; image: QuestionImage }[];
}

/** Codes in the spec's numbering: SM-01..SM-10, RA-01..RA-10, RE-01..RE-10, RL-01..RL-10. */
export const questionCodes: readonly string[] = (["SM", "RA", "RE", "RL"] as const).flatMap(
  (category) =>
    Array.from({ length: 10 }, (_, i) => `${category}-${String(i + 1).padStart(2, "0")}`),
);
