import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { answerKey, answerKeyVersion } from "../../worker/questions/answer-key.server";
import { groupByVersion, parseAnswerKeyModule } from "./results.ts";

const keys = new Map([
  ["v1", { "SM-01": "A", "SM-02": "B" } as const],
  ["v2", { "SM-01": "C", "SM-02": "D" } as const],
]);

describe("stored attempts by question bank version", () => {
  it("reads each version against its own key, with omitted and invalid answers as none", () => {
    const { sets, withoutKey } = groupByVersion(
      [
        {
          version: "v1",
          answers: '{"SM-01":{"letter":"A","at":1},"SM-02":{"letter":"C","at":2}}',
          ageBand: "25-34",
        },
        {
          version: "v2",
          answers: '{"SM-01":{"letter":"C","at":1},"SM-02":{"letter":"E","at":2}}',
          ageBand: null,
        },
        { version: "v2", answers: "not json", ageBand: "65+" },
        { version: "v0", answers: "{}", ageBand: null },
        { version: "v0", answers: "{}", ageBand: null },
      ],
      keys,
    );
    expect(sets.get("v1")).toEqual({
      items: ["SM-01", "SM-02"],
      key: ["A", "B"],
      takers: [{ ageBand: "25-34", choices: ["A", "C"] }],
    });
    expect(sets.get("v2")?.key).toEqual(["C", "D"]);
    expect(sets.get("v2")?.takers).toEqual([
      { ageBand: "unknown", choices: ["C", null] },
      { ageBand: "65+", choices: [null, null] },
    ]);
    expect([...withoutKey]).toEqual([["v0", 2]]);
  });

  it("reads the version and key back from the generated answer-key module", () => {
    const text = readFileSync("worker/questions/answer-key.server.ts", "utf8");
    expect(parseAnswerKeyModule(text)).toEqual({ version: answerKeyVersion, key: answerKey });
    expect(parseAnswerKeyModule("export const x = 1;")).toBeNull();
  });
});
