import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { coverage, discover, outcomesOf, projectOf, rules, scanSource } from "./security.ts";

/**
 * `npm run security` (scripts/security.ts) runs the tests named after SECURITY.md's rules;
 * this keeps the naming honest in `npm test`, without running them twice. The tags in
 * this file are built at run time, so the scan never takes them for titles.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const tag = (rule: number | string) => `SECURITY ${rule}:`;
const numbers = Array.from({ length: 34 }, (_, i) => i + 1);

describe("the SECURITY.md suite", () => {
  it("names the 34 rules, 1 to 34", () => {
    expect(Object.keys(rules).map(Number)).toEqual(numbers);
    for (const name of Object.values(rules)) expect(name.length).toBeGreaterThan(10);
  });

  it("has a running test titled after every rule, and no tag anywhere else", () => {
    const { titles, strays } = discover(root);
    expect(strays).toEqual([]);
    const missing = numbers.filter((rule) => !titles.some((title) => title.rule === rule));
    expect(missing).toEqual([]);
    for (const title of titles) expect(title.title).toMatch(/^SECURITY \d+: \S/);
  });

  it("reads titles of it, test and describe, with each and for, in any quotes", () => {
    const source = [
      `it("${tag(3)} a", () => {});`,
      `test('${tag(4)} b', () => {});`,
      `describe(\`${tag(5)} c\`, () => {});`,
      `it.each(["//x", "/\\\\x"])(\n  "${tag(6)} refuses %s",\n  async (url) => {},\n);`,
      `describe.each(widths)("${tag(7)} at %s", () => {});`,
      `it.for(sizes)("${tag(8)} d \\"quoted\\"", () => {});`,
    ].join("\n");
    const { titles, strays } = scanSource("worker/a.test.ts", source);
    expect(strays).toEqual([]);
    expect(titles.map((t) => [t.rule, t.title, t.line])).toEqual([
      [3, `${tag(3)} a`, 1],
      [4, `${tag(4)} b`, 2],
      [5, `${tag(5)} c`, 3],
      [6, `${tag(6)} refuses %s`, 5],
      [7, `${tag(7)} at %s`, 8],
      [8, `${tag(8)} d \\"quoted\\"`, 9],
    ]);
  });

  it("does not count a tag in a comment, a skipped or todo test, or inside a title", () => {
    const source = [
      `// it("${tag(1)} commented out", () => {});`,
      ` * ${tag(2)} in a doc comment`,
      `it.skip("${tag(3)} skipped", () => {});`,
      `it.todo("${tag(4)} later");`,
      `it.only("${tag(5)} only", () => {});`,
      `it.skipIf(ci)("${tag(6)} sometimes", () => {});`,
      `it("about ${tag(7)} x", () => {});`,
      `const name = "${tag(8)} a string";`,
    ].join("\n");
    const { titles, strays } = scanSource("e2e/a.test.ts", source);
    expect(titles).toEqual([]);
    expect(strays.map((s) => s.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("sends each file to its vitest project", () => {
    expect(projectOf("e2e/pages.test.ts")).toBe("e2e");
    expect(projectOf("worker/api/payments.test.ts")).toBe("worker");
    expect(projectOf("worker/security-headers.unit.test.ts")).toBe("unit");
    expect(projectOf("core/payments/payment-machine.test.ts")).toBe("unit");
    expect(projectOf("scripts/security.test.ts")).toBe("unit");
  });

  it("counts a rule covered only by a passing test, under its own title or a describe's", () => {
    const report = {
      testResults: [
        {
          name: `${root}worker/a.test.ts`,
          assertionResults: [
            { ancestorTitles: [`${tag(1)} tokens`], title: "one", status: "passed" },
            { ancestorTitles: [`${tag(1)} tokens`], title: "two", status: "passed" },
            { ancestorTitles: ["x"], title: `${tag(2)} cookie`, status: "failed" },
            { ancestorTitles: [], title: `${tag(3)} expiry`, status: "skipped" },
            { ancestorTitles: [], title: "not a rule", status: "passed" },
          ],
        },
      ],
    };
    const outcomes = outcomesOf(report, root);
    expect(outcomes).toEqual([
      {
        rule: 1,
        file: "worker/a.test.ts",
        title: `${tag(1)} tokens`,
        passed: 2,
        failed: 0,
        other: 0,
      },
      {
        rule: 2,
        file: "worker/a.test.ts",
        title: `${tag(2)} cookie`,
        passed: 0,
        failed: 1,
        other: 0,
      },
      {
        rule: 3,
        file: "worker/a.test.ts",
        title: `${tag(3)} expiry`,
        passed: 0,
        failed: 0,
        other: 1,
      },
    ]);
    const { covered, missing, failed } = coverage(outcomes);
    expect(covered).toEqual([1]);
    expect(missing).toEqual(numbers.slice(1));
    expect(failed.map((outcome) => outcome.rule)).toEqual([2]);
  });
});
