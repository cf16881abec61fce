/**
 * The answer review of a form (issue 29.2): each of the attempt's 40 items as the taker saw
 * it (its images under the same names), the letter they chose, the key, and the worked
 * explanation its model writes from the instance. Built from the stored form: the drafts are
 * rebuilt from their names, so it costs the CPU of 40 builds (run it where CPU allows: the
 * attempt's Durable Object).
 */
import type { Letter, LocalizedText } from "../model.ts";
import type { PublicQuestion } from "../questions.ts";
import { buildInstance } from "./draw.ts";
import type { Form } from "./form.ts";
import { modelById } from "./models.ts";
import { type ImageNaming, publicForm } from "./public-form.ts";

export interface ReviewItem {
  question: PublicQuestion;
  /** The letter the taker chose; null when left unanswered. */
  chosen: Letter | null;
  key: Letter;
  explanation: LocalizedText;
}

export function reviewItems(
  form: Form,
  answers: Readonly<Record<string, Letter>>,
  naming: ImageNaming,
): ReviewItem[] {
  return reviewWithImages(form, answers, naming).items;
}

/**
 * The review with every image it names, by URL (the report's PDF draws them: issue 29.2).
 */
export function reviewWithImages(
  form: Form,
  answers: Readonly<Record<string, Letter>>,
  naming: ImageNaming,
): { items: ReviewItem[]; images: Record<string, string> } {
  const drafts = form.items.map((item) => {
    const model = modelById(item.instance.model);
    const draft = model && buildInstance(model, item.instance);
    if (!model || !draft) throw new Error(`review: ${item.code} cannot be rebuilt`);
    return { model, draft };
  });
  const { questions, images } = publicForm({ form, drafts: drafts.map((d) => d.draft) }, naming);
  const items = form.items.map((item, i) => {
    const { model, draft } = drafts[i] as (typeof drafts)[number];
    const explanation = model.explain?.(draft);
    if (!explanation) throw new Error(`review: ${model.id} has no explanation`);
    return {
      question: questions[i] as PublicQuestion,
      chosen: answers[item.code] ?? null,
      key: item.key,
      explanation,
    };
  });
  const byUrl: Record<string, string> = {};
  for (const [token, svg] of images) byUrl[naming.url(token)] = svg;
  return { items, images: byUrl };
}
