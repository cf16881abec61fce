import type { QuestionCategory } from "../items/questions";
import type { MessageRef } from "./messages";
import type { CategoryProfile, VersusAverage } from "./profile";

/**
 * The report's content before it has a language: sections in the spec's order (section 2),
 * each a title and blocks of message references. The page, the API and the PDF render
 * this same shape (docs/decisions/0020-report-content.md).
 */

export const sectionIds = [
  "cover",
  "intelligenceOverview",
  "results",
  "generalOverview",
  "skill:SM",
  "skill:RA",
  "skill:RE",
  "skill:RL",
  "generalAnalysis",
  "strengthening",
  "suggestions",
  "conclusion",
  "thanks",
] as const satisfies readonly string[];

export type SectionId = (typeof sectionIds)[number];

/** One area's bar of the scores chart, with its sentence (the chart's text alternative). */
export interface ScoreRow<T = MessageRef> {
  category: QuestionCategory;
  raw: number;
  averageTaker: number;
  versus: VersusAverage;
  name: T;
  text: T;
}

export type Block<T = MessageRef> =
  | { kind: "heading"; text: T }
  | { kind: "paragraph"; text: T }
  | { kind: "list"; items: T[] }
  | { kind: "figures"; items: { label: T; value: T }[] }
  | { kind: "scores"; rows: ScoreRow<T>[] };

export interface ReportSection<T = MessageRef> {
  id: SectionId;
  title: T;
  blocks: Block<T>[];
}

export interface ReportContent {
  sections: ReportSection[];
  /** The figures the rules used, for charts and for the API. */
  profile: CategoryProfile;
}

/** The same report with every text in one language. */
export interface RenderedReport {
  sections: ReportSection<string>[];
}
