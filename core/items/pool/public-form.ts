/**
 * What the test page may know of a form (issue 28.5; docs/decisions/0039-forms-served-and-scored.md):
 * each position's title, its question and option images with their alt texts, in letter
 * order, and never the key, the model, the radicals or the seed. Every image is named by an
 * opaque token the caller makes from the instance and the image's content (the question, or
 * one option by its place among [answer, ...distractors], never by its letter), so the same
 * item has the same image names in every form and nothing in a name tells which is the key.
 */
import type { LocalizedText } from "../model.ts";
import type { Letter, PublicQuestion, QuestionImage } from "../questions.ts";
import { buildInstance } from "./draw.ts";
import type { DrawnForm, Form, FormItem } from "./form.ts";
import { instanceId } from "./item-model.ts";
import { modelById } from "./models.ts";

/** Which image of an instance: its question, or option i of [answer, ...distractors]. */
export type ImagePart = "question" | `option-${0 | 1 | 2 | 3}`;

export interface ImageNaming {
  /** An opaque, deterministic name for one image of one instance. */
  token(instanceId: string, part: ImagePart): string;
  /** The URL the page loads the image from. */
  url(token: string): string;
}

export interface PublicForm {
  questions: PublicQuestion[];
  /** Every image of the form by its token: what the image route serves. */
  images: Map<string, string>;
}

/** The width and height an item image declares (every renderer writes both). */
export function svgSize(svg: string): { width: number; height: number } {
  const match = svg.match(/<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/);
  if (!match) throw new Error("an item image lacks width and height");
  return { width: Number(match[1]), height: Number(match[2]) };
}

const letterOrder: readonly Letter[] = ["A", "B", "C", "D"];

/** The page's view of a drawn form, and its images. */
export function publicForm({ form, drafts }: DrawnForm, naming: ImageNaming): PublicForm {
  const images = new Map<string, string>();
  const questions = form.items.map((item: FormItem, index): PublicQuestion => {
    const draft = drafts[index];
    const model = modelById(item.instance.model);
    if (!draft || !model) throw new Error(`form item ${item.code} cannot be rendered`);
    const id = instanceId(item.instance);
    const image = (svg: string, part: ImagePart, alt: LocalizedText): QuestionImage => {
      const token = naming.token(id, part);
      images.set(token, svg);
      return {
        url: naming.url(token),
        ...svgSize(svg),
        alt: { en: alt.en, "pt-br": alt["pt-br"] },
      };
    };
    const canonical = [draft.answer, ...draft.distractors];
    return {
      code: item.code,
      category: model.category,
      title: { en: draft.title.en, "pt-br": draft.title["pt-br"] },
      image: image(model.renderQuestion(draft), "question", draft.alt),
      options: letterOrder.map((letter, i) => {
        const place = item.order[i] as 0 | 1 | 2 | 3;
        const option = canonical[place];
        return {
          letter,
          image: image(
            model.renderOption(draft, option),
            `option-${place}`,
            model.optionAlt(draft, option),
          ),
        };
      }),
    };
  });
  return { questions, images };
}

const parts: readonly ImagePart[] = ["question", "option-0", "option-1", "option-2", "option-3"];

/**
 * One image of a stored form made again from its instance, found by its token; null when no
 * image of the form has it. Costs one instance build (up to ~20 ms of CPU for RA): the
 * attempt's Durable Object runs it once its storage of the images is gone.
 */
export function formImage(form: Form, token: string, naming: ImageNaming): string | null {
  for (const item of form.items) {
    const id = instanceId(item.instance);
    const part = parts.find((p) => naming.token(id, p) === token);
    if (!part) continue;
    const model = modelById(item.instance.model);
    const draft = model && buildInstance(model, item.instance);
    if (!model || !draft) return null;
    if (part === "question") return model.renderQuestion(draft);
    return model.renderOption(draft, [draft.answer, ...draft.distractors][Number(part.slice(-1))]);
  }
  return null;
}
