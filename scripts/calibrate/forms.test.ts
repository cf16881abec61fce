import { describe, expect, it } from "vitest";
import { modelById } from "../../core/items/pool/models.ts";
import { parseFormAttempts, type StoredFormAttempt } from "./forms.ts";

const arithmetic = { magnitude: "small", direction: "up", visible: 6 };
const item = (
  code: string,
  key: string,
  radicals: object = arithmetic,
  model = "sm-arithmetic",
) => ({
  code,
  instance: { model, radicals, seed: `s-${code}` },
  key,
  order: [0, 1, 2, 3],
  parameters: { a: 1, b: -2, c: 0.25 },
  content: "x",
});
const form = (...items: object[]) => JSON.stringify({ version: "form-v1", items });
const answers = (letters: Record<string, string>) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(letters).map(([c, l]) => [c, { letter: l, at: 1 }])),
  );
const good: StoredFormAttempt = {
  form: form(item("SM-01", "A"), item("SM-02", "C", { ...arithmetic, visible: 4 })),
  answers: answers({ "SM-01": "A", "SM-02": "B" }),
  ageBand: "25-34",
  parameterVersion: "lltm-v1",
};

describe("stored form attempts", () => {
  it("reads each item's cell and whether the answer was the key", () => {
    const parsed = parseFormAttempts([good], modelById);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.formVersions).toEqual({ "form-v1": 1 });
    expect(parsed.data.cells).toEqual([
      {
        category: "SM",
        model: "sm-arithmetic",
        design: modelById("sm-arithmetic")?.design(arithmetic as never),
      },
      {
        category: "SM",
        model: "sm-arithmetic",
        design: modelById("sm-arithmetic")?.design({ ...arithmetic, visible: 4 } as never),
      },
    ]);
    expect(parsed.data.takers).toEqual([
      {
        ageBand: "25-34",
        responses: [
          { cell: 0, right: true },
          { cell: 1, right: false },
        ],
      },
    ]);
  });

  it("pools instances of the same cell (other seeds, radicals in another order) into one", () => {
    const other = {
      form: form(item("SM-01", "B", { visible: 6, direction: "up", magnitude: "small" })),
      answers: answers({ "SM-01": "B" }),
      ageBand: null,
      parameterVersion: null,
    };
    const parsed = parseFormAttempts([good, other], modelById);
    expect(parsed.data.cells).toHaveLength(2);
    expect(parsed.parameterVersions).toEqual({ "lltm-v1": 1, unknown: 1 });
    expect(parsed.data.takers[1]).toEqual({
      ageBand: "unknown",
      responses: [{ cell: 0, right: true }],
    });
  });

  it("scores an item without an answer, or with an unreadable one, as wrong", () => {
    const parsed = parseFormAttempts(
      [
        {
          ...good,
          answers: JSON.stringify({ "SM-02": { letter: "C" }, "SM-01": { letter: "Z" } }),
        },
        { ...good, answers: "{}" },
      ],
      modelById,
    );
    expect(parsed.rejected).toEqual([]);
    expect(parsed.data.takers.map((t) => t.responses.map((r) => r.right))).toEqual([
      [false, true],
      [false, false],
    ]);
  });

  it.each(
    (
      [
        ["not json", good.answers, "the form is not JSON"],
        [good.form, "not json", "the answers are not JSON"],
        [good.form, "[1]", "the answers are not an object"],
        [JSON.stringify({ version: "form-v1", items: [] }), good.answers, "the form has no items"],
        [
          form(item("SM-01", "A", arithmetic, "sm-retired")),
          good.answers,
          "unknown item model sm-retired",
        ],
        [form(item("SM-01", "E")), good.answers, "a form item without a key letter"],
        [
          form(item("SM-01", "A", { ...arithmetic, visible: 3 })),
          good.answers,
          "radicals outside the domains of sm-arithmetic",
        ],
        [
          form(item("SM-01", "A", { magnitude: "small" })),
          good.answers,
          "radicals outside the domains of sm-arithmetic",
        ],
        [form(item("RA-01", "A")), good.answers, "RA-01 holds a model of another category"],
        [form({ code: "SM-01" }), good.answers, "a form item without its code or instance"],
      ] as const
    ).map(([form, answers, reason]) => ({ form, answers, reason })),
  )(
    "leaves out a row that cannot be read whole: $reason",
    ({ form: formText, answers: answersText, reason }) => {
      // A bad item anywhere leaves the whole attempt out: a good item of it is not read either.
      const bad = { form: formText, answers: answersText, ageBand: null, parameterVersion: null };
      const parsed = parseFormAttempts([good, bad, bad], modelById);
      expect(parsed.rejected).toEqual([{ reason, attempts: 2 }]);
      expect(parsed.data.takers).toHaveLength(1);
      expect(parsed.formVersions).toEqual({ "form-v1": 1 });
    },
  );
});
