import { beforeAll, describe, expect, it } from "vitest";
import { categories, letters } from "../model.ts";
import { buildInstance } from "./draw.ts";
import { contentOf, drawForm, type Form, itemsPerCategory } from "./form.ts";
import { modelById } from "./models.ts";

let forms: Form[];

// 100 forms take about 10 s on this 2-core machine, more beside other suites: past
// vitest's default hook timeout (it failed so once).
beforeAll(() => {
  forms = Array.from({ length: 100 }, (_, i) => drawForm(`form-test-${i}`));
}, 120_000);

describe("a form of its own for every attempt", () => {
  it("holds ten items per category, coded SM-01..RL-10, in rising predicted difficulty", () => {
    for (const form of forms) {
      expect(form.items.map((item) => item.code)).toEqual(
        categories.flatMap((c) =>
          Array.from(
            { length: itemsPerCategory },
            (_, i) => `${c}-${String(i + 1).padStart(2, "0")}`,
          ),
        ),
      );
      for (const category of categories) {
        const bs = form.items.filter((i) => i.code.startsWith(category)).map((i) => i.parameters.b);
        expect(bs, category).toEqual([...bs].sort((x, y) => x - y));
        expect(bs[0], category).toBeLessThan(-1.5);
        expect(bs.at(-1), category).toBeGreaterThan(2);
      }
    }
  });

  it("gives each letter the key two or three times per category, never four equal in a row", () => {
    for (const form of forms) {
      const keys = form.items.map((item) => item.key).join("");
      expect(keys).not.toMatch(/(A{4}|B{4}|C{4}|D{4})/);
      for (const [c] of categories.entries()) {
        const own = keys.slice(c * 10, c * 10 + 10);
        for (const letter of letters) {
          const count = own.split(letter).length - 1;
          expect(count, `${own} ${letter}`).toBeGreaterThanOrEqual(2);
          expect(count, `${own} ${letter}`).toBeLessThanOrEqual(3);
        }
      }
    }
  });

  it("puts the key at its letter, and rebuilds every item from its name alone", () => {
    for (const item of forms[0]?.items ?? []) {
      expect(item.order[letters.indexOf(item.key)]).toBe(0);
      expect([...item.order].sort()).toEqual([0, 1, 2, 3]);
      const model = modelById(item.instance.model);
      const draft = model && buildInstance(model, item.instance);
      expect(draft && contentOf(draft), item.code).toBe(item.content);
    }
  });

  it("is the same form for the same seed, and never repeats an item within a form", () => {
    expect(drawForm("form-test-0")).toEqual(forms[0]);
    for (const form of forms) expect(new Set(form.items.map((i) => i.content)).size).toBe(40);
  });

  it("shows a person nothing they have seen: five attempts in a row share no item", () => {
    const seen = new Set<string>();
    for (let attempt = 0; attempt < 5; attempt++) {
      const form = drawForm(`same-person-${attempt}`, seen);
      for (const item of form.items) {
        expect(seen.has(item.content), item.code).toBe(false);
        seen.add(item.content);
      }
    }
    expect(seen.size).toBe(200);
  });

  it("draws around what was seen even from the same seed (the test above could pass by luck; this cannot)", () => {
    const first = forms[0] as Form;
    const seen = new Set(first.items.map((item) => item.content));
    const again = drawForm("form-test-0", seen);
    for (const item of again.items) expect(seen.has(item.content), item.code).toBe(false);
  });

  it("overlaps rarely between different people (measured over 100 forms)", () => {
    const contents = forms.map((form) => new Set(form.items.map((i) => i.content)));
    let shared = 0;
    let pairs = 0;
    for (let i = 0; i < contents.length; i++)
      for (let j = i + 1; j < contents.length; j++) {
        pairs++;
        for (const content of contents[i] as Set<string>)
          if ((contents[j] as Set<string>).has(content)) shared++;
      }
    // 4,950 pairs of forms of 40 items: on average far below one shared item per pair.
    expect(shared / pairs).toBeLessThan(0.01);
  });
});
