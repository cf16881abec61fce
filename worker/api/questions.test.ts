import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { questionCodes } from "../../core/items/questions";
import { answerKey } from "../questions/answer-key.server";

const allowedKeys = new Set([
  "version",
  "questions",
  "code",
  "category",
  "title",
  "image",
  "options",
  "letter",
  "url",
  "width",
  "height",
  "alt",
  "en",
  "pt-br",
]);

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      keysOf(v, into);
    }
  }
  return into;
}

describe("GET /api/questions", () => {
  it("lists the 40 items with titles and images in both languages", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/api/questions"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      questions: { code: string; options: { letter: string }[] }[];
    };
    expect(body.questions.map((q) => q.code)).toEqual(questionCodes);
    for (const question of body.questions)
      expect(question.options.map((o) => o.letter)).toEqual(["A", "B", "C", "D"]);
  });

  it("SECURITY 27: never carries the expected letter: only public fields, and no trace of the key", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/api/questions"));
    const text = await response.text();
    expect([...keysOf(JSON.parse(text))].filter((key) => !allowedKeys.has(key))).toEqual([]);
    expect(text).not.toContain(JSON.stringify(answerKey));
    expect(text).not.toMatch(/expect|answer|correct/i);
  });
});
