import { describe, expect, it } from "vitest";
import { describeConfigProblems, findConfigProblems } from "./env";

const binding = { prepare() {}, get() {} };
const good = {
  DB: binding,
  KV: binding,
  ENVIRONMENT: "production",
  BASE_URL: "https://x.example",
  REPORT_PRICE_USD: "19.90",
  REPORT_PRICE_BRL: "49.90",
};

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

  it("refuses a price that is not a decimal amount", () => {
    const problems = findConfigProblems({ ...good, REPORT_PRICE_BRL: "R$ 10" });
    expect(problems.map((p) => p.key)).toEqual(["REPORT_PRICE_BRL"]);
  });

  it("names the missing half of a secret pair", () => {
    expect(findConfigProblems({ ...good, EMAIL_API_KEY: "re_123" })).toEqual([
      { key: "EMAIL_FROM", message: "is missing (EMAIL_API_KEY and EMAIL_FROM go together)" },
    ]);
    expect(findConfigProblems({ ...good, GOOGLE_CLIENT_SECRET: "s" }).map((p) => p.key)).toEqual([
      "GOOGLE_CLIENT_ID",
    ]);
    expect(
      findConfigProblems({ ...good, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }),
    ).toEqual([]);
  });
});
