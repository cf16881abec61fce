import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { poolModels } from "../core/items/pool/models";
import { questionBank } from "../core/items/question-bank.generated";
import { answerKey } from "../worker/questions/answer-key.server";

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe("SECURITY 27: the answer key stays on the server", () => {
  it("appears in no built client asset", () => {
    const key = JSON.stringify(answerKey);
    const bankImage = questionBank[0]?.image.url ?? "";
    const modelIds = poolModels.map((model) => model.id);
    const sequence = questionBank.map((q) => answerKey[q.code]).join("");
    // A minifier may write a string with any of the three quotes ("SM-01":`A` in the
    // Worker's build): every quote is one for the search.
    const q = "[\"'`]";
    const pairs = Object.entries(answerKey).map(
      ([code, letter]) => new RegExp(`${q}${code}${q}:${q}${letter}${q}`),
    );
    const quotedId = (id: string) => new RegExp(`${q}${id}${q}`);
    // The same search finds the key where it belongs (the Worker scores with it), so a
    // clean client is not the search missing it.
    const server = files("build/server")
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(f, "utf8").replaceAll(" ", ""));
    expect(pairs.every((pair) => server.some((text) => pair.test(text)))).toBe(true);
    expect(poolModels.every((model) => server.some((text) => quotedId(model.id).test(text)))).toBe(
      true,
    );
    const client = files("build/client").filter((f) => /\.(js|html|json|css|svg)$/.test(f));
    expect(client.length).toBeGreaterThan(10);
    for (const file of client) {
      const text = readFileSync(file, "utf8");
      expect(text.includes(key), file).toBe(false);
      expect(text.includes(sequence), file).toBe(false);
      expect(text.includes("answerKey"), file).toBe(false);
      // Nor the bank's questions (the page gets each attempt's own from the API), nor the
      // item models that make them.
      expect(text.includes(bankImage), file).toBe(false);
      for (const id of modelIds) expect(quotedId(id).test(text), `${file}: ${id}`).toBe(false);
      const compact = text.replaceAll(" ", "");
      expect(
        pairs.some((pair) => pair.test(compact)),
        file,
      ).toBe(false);
    }
  });
});
