import { hasNoHorizontalOverflow, screenshot, viewports } from "./browser";
import { describe, expect, it } from "./fixtures";

/**
 * How the test works, in public (issue 29.5): the page in both languages at a phone width
 * and on a desktop, its figures written in the reader's language, and the FAQ's way to it.
 */

const texts = {
  en: {
    home: "/",
    method: "/how-it-works",
    title: "How the test works",
    faq: "How is my score calculated?",
    sections: [
      "1. What you answer",
      "2. Questions made for your test",
      "3. From your answers to a score",
      "4. How precise it is",
      "5. Who you are compared with",
      "6. What this test is not",
    ],
    reliability: /reliability of the whole test is about 0\.\d\d/,
    margins: /about ±\d+ IQ points for scores between 85 and 130/,
    psychologists: /reserved to psychologists/,
  },
  "pt-br": {
    home: "/pt-br",
    method: "/pt-br/como-funciona",
    title: "Como o teste funciona",
    faq: "Como meu resultado é calculado?",
    sections: [
      "1. O que você responde",
      "2. Questões feitas para o seu teste",
      "3. Das suas respostas à pontuação",
      "4. Qual é a precisão",
      "5. Com quem você é comparado",
      "6. O que este teste não é",
    ],
    reliability: /confiabilidade do teste inteiro é de cerca de 0,\d\d/,
    margins: /cerca de ±\d+ pontos de QI para pontuações entre 85 e 130/,
    psychologists: /privativa de psicólogos/,
  },
} as const;

describe.each([
  ["en", "phone"],
  ["pt-br", "desktop"],
  ["en", "desktop"],
  ["pt-br", "phone"],
] as const)("how the test works in %s on a %s", (locale, size) => {
  const t = texts[locale];

  it("says how the questions are made and scored, how precise they are, and what the test is not", async ({
    newPage,
  }) => {
    const { page, problems } = await newPage({ viewport: viewports[size] });
    const response = await page.goto(t.method);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
    const method = page.getByTestId("method");
    expect(await method.locator("h2.legal-section-title").allTextContents()).toEqual(t.sections);
    const text = (await method.textContent()) ?? "";
    expect(text).toMatch(t.reliability);
    expect(text).toMatch(t.margins);
    expect(text).toMatch(t.psychologists);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, `method-${locale}-${size}`);
    expect(problems).toEqual([]);
  });

  it("is reached from the FAQ's answer on the score", async ({ newPage }) => {
    const { page, problems } = await newPage({ viewport: viewports[size] });
    await page.goto(t.home);
    const question = page.getByText(t.faq, { exact: true });
    await question.click();
    const link = page.getByTestId("faq-method-link");
    expect(await link.getAttribute("href")).toBe(t.method);
    expect(problems).toEqual([]);
  });
});
