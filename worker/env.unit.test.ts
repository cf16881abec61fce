import { describe, expect, it } from "vitest";
import { describeConfigProblems, findConfigProblems } from "./env";

const binding = { prepare() {}, get() {}, idFromName() {} };
const good = {
  DB: binding,
  KV: binding,
  TEST_ATTEMPT: binding,
  ENVIRONMENT: "production",
  BASE_URL: "https://x.example",
  REPORT_PRICE_USD: "19.90",
  REPORT_PRICE_BRL: "49.90",
  TEST_DURATION_SECONDS: "1200",
  TEST_GRACE_SECONDS: "5",
  EMAIL_API_KEY: "re_123",
  EMAIL_FROM: "Lumen IQ <no-reply@x.example>",
  CHECKOUT_EXPIRY_MINUTES: "30",
  COUPON_LOCK_MINUTES: "60",
  STRIPE_SECRET_KEY: "sk_live_123",
  STRIPE_WEBHOOK_SECRET: "whsec_123",
  ITEM_SECRET: "item-secret-for-tests",
  REFUND_OPERATOR_EMAIL: "refunds@example.com",
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

  it("refuses test timings that are not whole positive seconds", () => {
    for (const bad of ["0", "-5", "1.5", "20m", "", " 1200", "01200", "1e3"]) {
      expect(findConfigProblems({ ...good, TEST_DURATION_SECONDS: bad })).toEqual([
        {
          key: "TEST_DURATION_SECONDS",
          message: 'must be a whole number of seconds above 0, such as "1200"',
        },
      ]);
    }
    expect(findConfigProblems({ ...good, TEST_GRACE_SECONDS: 5 }).map((p) => p.key)).toEqual([
      "TEST_GRACE_SECONDS",
    ]);
    const { TEST_GRACE_SECONDS: _, ...noGrace } = good;
    expect(findConfigProblems(noGrace)).toEqual([
      { key: "TEST_GRACE_SECONDS", message: "is missing" },
    ]);
    expect(findConfigProblems({ ...good, TEST_DURATION_SECONDS: "60" })).toEqual([]);
  });

  it("names a missing Durable Object binding", () => {
    expect(findConfigProblems({ ...good, TEST_ATTEMPT: undefined }).map((p) => p.key)).toEqual([
      "TEST_ATTEMPT",
    ]);
  });

  it("requires the e-mail provider in production, not in development", () => {
    const { EMAIL_API_KEY: _, EMAIL_FROM: __, ...noEmail } = good;
    expect(findConfigProblems(noEmail)).toEqual([
      {
        key: "EMAIL_API_KEY",
        message: "is required in production (without it no e-mail would ever be sent)",
      },
      {
        key: "EMAIL_FROM",
        message: "is required in production (without it no e-mail would ever be sent)",
      },
    ]);
    expect(findConfigProblems({ ...noEmail, ENVIRONMENT: "development" })).toEqual([]);
  });

  it("refuses to take payments in production without Stripe, not in development", () => {
    const { STRIPE_SECRET_KEY: _, STRIPE_WEBHOOK_SECRET: __, ...noStripe } = good;
    expect(findConfigProblems(noStripe)).toEqual([
      {
        key: "STRIPE_SECRET_KEY",
        message: "is required in production (without it no payment could be taken)",
      },
      {
        key: "STRIPE_WEBHOOK_SECRET",
        message: "is required in production (without it no payment could be taken)",
      },
    ]);
    expect(findConfigProblems({ ...noStripe, ENVIRONMENT: "development" })).toEqual([]);
  });

  it("requires the item secret in production, not in development", () => {
    const { ITEM_SECRET: _, ...noSecret } = good;
    expect(findConfigProblems(noSecret)).toEqual([
      {
        key: "ITEM_SECRET",
        message:
          "is required in production (without it anyone could derive an attempt's questions and their images from its id)",
      },
    ]);
    expect(findConfigProblems({ ...noSecret, ENVIRONMENT: "development" })).toEqual([]);
  });

  it("requires the refunds operator's address in production, not in development", () => {
    const { REFUND_OPERATOR_EMAIL: _, ...noOperator } = good;
    expect(findConfigProblems(noOperator)).toEqual([
      {
        key: "REFUND_OPERATOR_EMAIL",
        message:
          "is required in production (without it a boleto's refund request would reach nobody)",
      },
    ]);
    expect(findConfigProblems({ ...noOperator, ENVIRONMENT: "development" })).toEqual([]);
    expect(findConfigProblems({ ...good, REFUND_OPERATOR_EMAIL: "nobody" })[0]?.key).toBe(
      "REFUND_OPERATOR_EMAIL",
    );
  });

  it("keeps a checkout within the provider's limits and a coupon locked at least as long", () => {
    expect(
      findConfigProblems({ ...good, CHECKOUT_EXPIRY_MINUTES: "20" }).map((p) => p.key),
    ).toEqual(["CHECKOUT_EXPIRY_MINUTES"]);
    expect(
      findConfigProblems({ ...good, CHECKOUT_EXPIRY_MINUTES: "90" }).map((p) => p.key),
    ).toEqual(["COUPON_LOCK_MINUTES"]);
    expect(findConfigProblems({ ...good, COUPON_LOCK_MINUTES: "0" }).map((p) => p.key)).toEqual([
      "COUPON_LOCK_MINUTES",
    ]);
  });

  it("names the missing half of a secret pair", () => {
    const { EMAIL_FROM: _, ...noFrom } = good;
    expect(findConfigProblems({ ...noFrom, ENVIRONMENT: "development" })).toEqual([
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
