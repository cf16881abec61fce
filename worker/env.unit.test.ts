import { describe, expect, it } from "vitest";
import { describeConfigProblems, findConfigProblems } from "./env";

const binding = { prepare() {}, get() {} };
const good = { DB: binding, KV: binding, ENVIRONMENT: "production", BASE_URL: "https://x.example" };

describe("env validation", () => {
  it("accepts a complete env", () => {
    expect(findConfigProblems(good)).toEqual([]);
  });

  it("names a missing key", () => {
    const { BASE_URL: _, ...rest } = good;
    const problems = findConfigProblems(rest);
    expect(problems).toEqual([{ key: "BASE_URL", message: "is missing" }]);
    expect(describeConfigProblems(problems)).toMatch(
      /^Invalid Worker configuration: BASE_URL is missing/,
    );
  });

  it("names a missing binding and an invalid value", () => {
    const problems = findConfigProblems({ ...good, DB: undefined, ENVIRONMENT: "staging" });
    expect(problems.map((p) => p.key).sort()).toEqual(["DB", "ENVIRONMENT"]);
  });
});
