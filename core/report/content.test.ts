import { describe, expect, it } from "vitest";
import type { QuestionCategory } from "../items/questions";
import type { Locale } from "../locales/locales";
import { reportContent, shownPercentage } from "./content";
import type { MessageRef } from "./messages";
import { renderReport } from "./render";
import { scoredResult } from "./result-fixture";
import { type Block, type RenderedReport, type ReportContent, sectionIds } from "./shape";

const raw = (SM: number, RA: number, RE: number, RL: number) => ({ SM, RA, RE, RL });
const locales: readonly Locale[] = ["en", "pt-br"];

function texts(block: Block<string>): string[] {
  switch (block.kind) {
    case "heading":
    case "paragraph":
      return [block.text];
    case "list":
      return block.items;
    case "figures":
      return block.items.flatMap((item) => [item.label, item.value]);
    case "scores":
      return block.rows.flatMap((row) => [row.name, row.text]);
  }
}

const allTexts = (report: RenderedReport) =>
  report.sections.flatMap((section) => [section.title, ...section.blocks.flatMap(texts)]);

const sectionText = (report: RenderedReport, id: string) => {
  const section = report.sections.find((candidate) => candidate.id === id);
  return section ? [section.title, ...section.blocks.flatMap(texts)].join("\n") : "";
};

/** Every message key a section uses, nested inputs included. */
function keysOf(content: ReportContent, id: string): string[] {
  const keys: string[] = [];
  const visit = (text: MessageRef) => {
    keys.push(text.key);
    for (const value of Object.values(text.inputs ?? {})) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (typeof value === "object") visit(value as MessageRef);
    }
  };
  const section = content.sections.find((candidate) => candidate.id === id);
  for (const block of section?.blocks ?? []) {
    if (block.kind === "list") block.items.forEach(visit);
    else if (block.kind === "paragraph" || block.kind === "heading") visit(block.text);
  }
  return keys;
}

const tipKeys = (content: ReportContent) =>
  keysOf(content, "suggestions").filter((key) => key.startsWith("premium_tip_"));

/** Abilities that name SM and RL as strengths and RA and RE as development areas (or the reverse). */
const uneven = (up: number) => ({
  overall: { theta: 0, se: 0.35 },
  byCategory: {
    SM: { theta: up, se: 0.6 },
    RA: { theta: -up, se: 0.6 },
    RE: { theta: -up, se: 0.6 },
    RL: { theta: up, se: 0.6 },
  },
});
const mid = scoredResult(raw(9, 4, 5, 8), { abilities: uneven(1.5) }); // 26 of 40: IQ 102, average band
const mirrored = scoredResult(raw(3, 9, 8, 4), { abilities: uneven(-1.5) }); // 24 of 40
const flat = scoredResult(raw(6, 6, 6, 6));
const nearlyFlat = scoredResult(raw(7, 6, 7, 6));
const ceiling = scoredResult(raw(10, 10, 10, 10));
const floor = scoredResult(raw(2, 3, 2, 3));

describe("every section, in the spec's order, in both languages", () => {
  for (const result of [mid, mirrored, flat, ceiling, floor]) {
    for (const locale of locales) {
      it(`${result.iqLabel} (${Object.values(result.rawByCategory).join("/")}) in ${locale}`, () => {
        const report = renderReport(reportContent(result), locale);
        expect(report.sections.map((section) => section.id)).toEqual([...sectionIds]);
        for (const section of report.sections) expect(section.blocks.length).toBeGreaterThan(0);
        for (const text of allTexts(report)) {
          expect(text.trim()).not.toBe("");
          expect(text).not.toMatch(/premium_|result_band|sell_area|undefined|NaN|[{}]/);
        }
      });
    }
  }

  it("writes Portuguese in Portuguese, numbers included", () => {
    const pt = renderReport(reportContent(mid), "pt-br");
    const en = renderReport(reportContent(mid), "en");
    expect(sectionText(pt, "cover")).toContain("Seu relatório de QI");
    expect(sectionText(pt, "generalOverview")).toContain("6,5 de 10");
    expect(sectionText(en, "generalOverview")).toContain("6.5 correct answers out of 10");
    expect(sectionText(pt, "generalOverview")).toContain(
      "sequências matemáticas e raciocínio lógico",
    );
    const english = new Set(allTexts(en));
    const same = allTexts(pt).filter((text) => english.has(text));
    // Only figures that are numbers or symbols may read the same in both languages.
    for (const text of same) expect(text).toMatch(/^[\d.,≤+–\s]+$/);
  });
});

describe("the precision of each area", () => {
  it("is said in IQ points a lay reader can picture, rounded to 5, in both languages", () => {
    const en = sectionText(renderReport(reportContent(mid), "en"), "results");
    const pt = sectionText(renderReport(reportContent(mid), "pt-br"), "results");
    const margins = [...en.matchAll(/margin about ±(\d+) IQ points/g)].map((m) => Number(m[1]));
    expect(margins).toHaveLength(4);
    for (const margin of margins) expect(margin % 5).toBe(0);
    expect([...pt.matchAll(/margem de cerca de ±(\d+) pontos de QI/g)]).toHaveLength(4);
  });
});

describe("two different profiles read differently", () => {
  const a = reportContent(mid);
  const b = reportContent(mirrored);

  it("in strengths and development areas", () => {
    const en = (content: ReportContent) =>
      sectionText(renderReport(content, "en"), "generalOverview");
    expect(en(a)).toContain("Your strengths: mathematical sequences and logical reasoning.");
    expect(en(a)).toContain("Your development areas: abstract reasoning and spatial reasoning.");
    expect(en(b)).toContain("Your strengths: abstract reasoning and spatial reasoning.");
    expect(en(b)).toContain(
      "Your development areas: mathematical sequences and logical reasoning.",
    );
  });

  it("in tips, the weakest areas' tips first", () => {
    expect(tipKeys(a).slice(0, 3)).toEqual([
      "premium_tip_ra",
      "premium_tip_re",
      "premium_tip_strength",
    ]);
    expect(tipKeys(b).slice(0, 3)).toEqual([
      "premium_tip_sm",
      "premium_tip_rl",
      "premium_tip_strength",
    ]);
    expect(sectionText(renderReport(a, "en"), "suggestions")).toContain(
      "strength in mathematical sequences",
    );
    expect(sectionText(renderReport(b, "en"), "suggestions")).toContain(
      "strength in abstract reasoning",
    );
  });

  it("in every skill section", () => {
    for (const category of ["SM", "RA", "RE", "RL"] as const) {
      for (const locale of locales) {
        const id = `skill:${category}`;
        expect(sectionText(renderReport(a, locale), id)).not.toBe(
          sectionText(renderReport(b, locale), id),
        );
      }
    }
    expect(keysOf(a, "skill:SM")).toContain("premium_skill_tier_top");
    expect(keysOf(b, "skill:SM")).toContain("premium_skill_tier_low");
    expect(keysOf(a, "skill:SM")).toContain("premium_skill_relative_strength");
    expect(keysOf(b, "skill:SM")).toContain("premium_skill_relative_development");
  });
});

describe("a flat profile", () => {
  it.each([flat, nearlyFlat])("is balanced, with no strength claimed (%#)", (result) => {
    const content = reportContent(result);
    const overview = keysOf(content, "generalOverview");
    expect(overview.some((key) => key.startsWith("premium_general_balanced"))).toBe(true);
    expect(overview).not.toContain("premium_general_strengths");
    expect(overview).not.toContain("premium_general_development");
    for (const category of ["SM", "RA", "RE", "RL"] as QuestionCategory[]) {
      expect(keysOf(content, `skill:${category}`)).toContain("premium_skill_relative_even");
    }
    expect(tipKeys(content).slice(0, 2)).toEqual([
      "premium_tip_balanced_rotate",
      "premium_tip_balanced_mix",
    ]);
    expect(tipKeys(content)).not.toContain("premium_tip_strength");
    const en = renderReport(content, "en");
    expect(sectionText(en, "generalOverview")).toMatch(
      /even within what 40 questions can tell|the same in all four areas/,
    );
    expect(allTexts(en).join("\n")).not.toMatch(/Your strengths|one of your strengths/);
  });
});

describe("how the percentages were made", () => {
  const withMethods = (world: "model" | "empirical", brazil: "model" | "empirical") =>
    sectionText(
      renderReport(
        reportContent(scoredResult(raw(9, 4, 5, 8), { percentileMethod: { world, brazil } })),
        "en",
      ),
      "results",
    );

  it("names the contested national mean and its source for the model", () => {
    const text = withMethods("model", "model");
    expect(text).toContain("83.42");
    expect(text).toContain("Becker's NIQ dataset v1.3.3; Lynn & Becker, 2019");
    expect(text).toContain("contested data");
    expect(text).not.toContain("random sample");
  });

  it("says the site's own takers are self-selected for the empirical figure", () => {
    const text = withMethods("empirical", "empirical");
    expect(text).toContain("this site's own takers in Brazil");
    expect(text).toContain("not a random sample of the country");
    expect(text).toContain("not a random sample of the world");
    expect(text).not.toContain("83.42");
  });

  it("gives each population its own method", () => {
    const text = withMethods("model", "empirical");
    expect(text).toContain("not a random sample of the country");
    expect(text).toContain("mean 100 and standard deviation 15");
  });
});

describe("percentages as precise as the score", () => {
  const withPercentages = (world: number, brazil: number, locale: Locale = "en") =>
    sectionText(
      renderReport(
        reportContent(
          scoredResult(raw(9, 4, 5, 8), { percentageWorld: world, percentageBrazil: brazil }),
        ),
        locale,
      ),
      "results",
    );

  it("rounds to whole percents: a 40-question score does not know a tenth", () => {
    const text = withPercentages(84.1, 97.6);
    expect(text).toContain("higher than 84% of people worldwide");
    expect(text).toContain("higher than 98% of people in Brazil");
    expect(text).toContain("higher than 84%\n");
    expect(text).not.toMatch(/\d[.,]\d%/);
    const pt = withPercentages(84.1, 97.6, "pt-br");
    expect(pt).toContain("maior que a de 84% das pessoas no mundo");
    expect(pt).not.toMatch(/\d[.,]\d%/);
  });

  it("says the last percent at each end in words, never 0 % or 100 %", () => {
    expect(shownPercentage(99.95)).toBe("top");
    expect(shownPercentage(99)).toBe("top");
    expect(shownPercentage(98.9)).toBe(99);
    expect(shownPercentage(1)).toBe(1);
    expect(shownPercentage(0.4)).toBe("bottom");
    const ends = withPercentages(0.2, 99.8);
    expect(ends).toContain("Your score is in the top 1% of people in Brazil.");
    expect(ends).toContain("Your score is in the bottom 1% of people worldwide.");
    expect(ends).toContain("top 1%\n");
    expect(ends).not.toMatch(/\b(0|100)%/);
    const pt = withPercentages(0.2, 99.8, "pt-br");
    expect(pt).toContain("Sua pontuação está entre o 1% mais alto das pessoas no Brasil.");
    expect(pt).toContain("Sua pontuação está entre o 1% mais baixo das pessoas no mundo.");
  });
});

describe("the scale's ends are said honestly", () => {
  const overview = (result: ReturnType<typeof scoredResult>, locale: Locale = "en") =>
    sectionText(renderReport(reportContent(result), locale), "intelligenceOverview");

  it("reads differently at the ceiling, at the floor and in the middle", () => {
    expect(overview(ceiling)).toContain(
      "Your score is 145+: the top of what this test can measure",
    );
    expect(overview(floor)).toContain(
      "Your score is ≤55: the bottom of what this test can measure",
    );
    expect(overview(mid)).toContain("between 91 and 113");
    expect(overview(mid)).not.toMatch(/top of what|bottom of what/);
    expect(overview(ceiling, "pt-br")).toContain("o máximo que este teste consegue medir");
  });

  it("gives the ceiling a tip about longer tests, and only the ceiling", () => {
    expect(tipKeys(reportContent(ceiling))).toContain("premium_tip_ceiling");
    expect(tipKeys(reportContent(mid))).not.toContain("premium_tip_ceiling");
  });

  it("gives low bands test-taking tips and high bands challenges", () => {
    expect(tipKeys(reportContent(floor))).toContain("premium_tip_low_read");
    expect(tipKeys(reportContent(floor))).not.toContain("premium_tip_high_challenge");
    expect(tipKeys(reportContent(ceiling))).toContain("premium_tip_high_challenge");
    expect(tipKeys(reportContent(ceiling))).not.toContain("premium_tip_low_read");
  });
});

describe("no diagnosis", () => {
  const words = /diagn|disorder|deficien|deficiên|transtorno|dist[uú]rbio|retard|patolog|patholog/i;

  it("is claimed anywhere, and the notice that says so appears once", () => {
    for (const result of [mid, mirrored, flat, ceiling, floor]) {
      for (const locale of locales) {
        const report = renderReport(reportContent(result), locale);
        const notice = renderReport(reportContent(result), locale)
          .sections.find((section) => section.id === "intelligenceOverview")
          ?.blocks.at(-1);
        const noticeText = notice?.kind === "paragraph" ? notice.text : "";
        expect(noticeText).toMatch(locale === "en" ? /not a diagnosis/ : /Não é um diagnóstico/);
        const others = allTexts(report).filter((text) => text !== noticeText);
        expect(others.length).toBe(allTexts(report).length - 1);
        for (const text of others) expect(text).not.toMatch(words);
      }
    }
  });
});

describe("thanks", () => {
  it("mentions the two 20% coupons", () => {
    const en = sectionText(renderReport(reportContent(mid), "en"), "thanks");
    expect(en).toContain("two coupons for 20% off");
    const pt = sectionText(renderReport(reportContent(mid), "pt-br"), "thanks");
    expect(pt).toContain("dois cupons de 20% de desconto");
  });
});
