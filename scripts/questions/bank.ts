/**
 * Assembles the bank: runs the four category generators, assigns answer letters
 * (balanced, never four equal in a row), renders every image and names it by its
 * content hash. Pure: returns the files to write; scripts/questions/generate.ts writes them.
 */
import { createHash } from "node:crypto";
import { bankSeed } from "../../core/items/bank-v2.ts";
import { answerLetters } from "../../core/items/letters.ts";
import type {
  Category,
  CategoryGenerator,
  Feature,
  ItemDraft,
  Letter,
  LocalizedText,
} from "../../core/items/model.ts";
import { categories, letters } from "../../core/items/model.ts";
import type { PublicQuestion, QuestionImage } from "../../core/items/questions.ts";
import { createRng } from "../../core/items/rng.ts";

export const imageFolder = "q";

export interface BuiltItem {
  code: string;
  category: Category;
  draft: ItemDraft;
  expect: Letter;
  /** Structured content of the options, in letter order A-D. */
  options: unknown[];
  /** Their visible attributes, for the context-blind checks. */
  features: Record<string, Feature>[];
}

export interface Bank {
  version: string;
  items: BuiltItem[];
  questions: PublicQuestion[];
  answerKey: Record<string, Letter>;
  /** Image files by name (`<hash>.svg`). */
  images: Map<string, string>;
}

async function loadGenerator(category: Category): Promise<CategoryGenerator> {
  const module = (await import(`../../core/items/${category.toLowerCase()}/generate.ts`)) as {
    generator: CategoryGenerator;
  };
  return module.generator;
}

function sizeOf(svg: string): { width: number; height: number } {
  const match = svg.match(/<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/);
  if (!match) throw new Error("an item image lacks width and height");
  return { width: Number(match[1]), height: Number(match[2]) };
}

function imageOf(svg: string, alt: LocalizedText, images: Map<string, string>): QuestionImage {
  const name = `${createHash("sha256").update(svg).digest("hex").slice(0, 16)}.svg`;
  images.set(name, svg);
  return {
    url: `/${imageFolder}/${name}`,
    ...sizeOf(svg),
    alt: { en: alt.en, "pt-br": alt["pt-br"] },
  };
}

export async function buildBank(
  seed = bankSeed,
  only: readonly Category[] = categories,
): Promise<Bank> {
  const generators = await Promise.all(only.map(loadGenerator));
  const drafts = generators.flatMap((generator) =>
    generator.generate(seed).map((draft) => ({ generator, draft })),
  );
  const expected = answerLetters(seed, generators.length);
  const images = new Map<string, string>();
  const items: BuiltItem[] = [];
  const questions: PublicQuestion[] = [];
  const answerKey: Record<string, Letter> = {};

  drafts.forEach(({ generator, draft }, index) => {
    const expect = expected[index] as Letter;
    const rng = createRng(`${seed}:${draft.code}:options`);
    const others = rng.shuffle(draft.distractors);
    const options = letters.map((letter) => (letter === expect ? draft.answer : others.shift()));
    const features = options.map((option) => generator.optionFeatures(draft, option));
    items.push({
      code: draft.code,
      category: generator.category,
      draft,
      expect,
      options,
      features,
    });
    answerKey[draft.code] = expect;
    questions.push({
      code: draft.code,
      category: generator.category,
      title: { en: draft.title.en, "pt-br": draft.title["pt-br"] },
      image: imageOf(generator.renderQuestion(draft), draft.alt, images),
      options: options.map((option, i) => ({
        letter: letters[i] as Letter,
        image: imageOf(
          generator.renderOption(draft, option),
          generator.optionAlt(draft, option),
          images,
        ),
      })),
    });
  });

  const version = createHash("sha256")
    .update(JSON.stringify({ questions, answerKey }))
    .digest("hex")
    .slice(0, 12);
  return { version, items, questions, answerKey, images };
}
