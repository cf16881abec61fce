import { z } from "zod";

const binding = (name: string, method: string) =>
  z.custom<unknown>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof (value as Record<string, unknown>)[method] === "function",
    { message: `the ${name} binding is missing (declare it in wrangler.jsonc)` },
  );

const price = z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, {
  message: 'must be a decimal amount such as "19.90"',
});
/** Whole seconds as text, as wrangler vars are: "1200". */
const seconds = z.string().regex(/^[1-9]\d{0,5}$/, {
  message: 'must be a whole number of seconds above 0, such as "1200"',
});
const optionalSecret = z.string().min(1, { message: "must not be empty" }).optional();
/** Whole minutes as text: "60". */
const minutes = z.string().regex(/^[1-9]\d{0,4}$/, {
  message: 'must be a whole number of minutes above 0, such as "60"',
});

/**
 * What the Worker needs to run. Optional secrets come in pairs: setting one of a pair
 * without the other is a mistake worth naming at start.
 */
/** What production must have that development stands in for, and what fails without it. */
const requiredInProduction = [
  // In production the outbox is nobody's mailbox: password-reset e-mails must leave.
  { keys: ["EMAIL_API_KEY", "EMAIL_FROM"], without: "no e-mail would ever be sent" },
  // The local test provider takes no money: production must not offer it.
  { keys: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], without: "no payment could be taken" },
  // Forms and their image names are HMACs under it (worker/forms/item-secret.ts).
  {
    keys: ["ITEM_SECRET"],
    without: "anyone could derive an attempt's questions and their images from its id",
  },
  // A boleto cannot be refunded by the provider: someone must receive the request (ADR 0045).
  { keys: ["REFUND_OPERATOR_EMAIL"], without: "a boleto's refund request would reach nobody" },
] as const;

const envSchema = z
  .object({
    DB: binding("D1", "prepare"),
    KV: binding("KV", "get"),
    TEST_ATTEMPT: binding("Durable Object", "idFromName"),
    ENVIRONMENT: z.enum(["development", "production"], {
      message: 'must be "development" or "production"',
    }),
    BASE_URL: z.url({ message: "must be an absolute URL such as https://www.example.com" }),
    REPORT_PRICE_USD: price,
    REPORT_PRICE_BRL: price,
    /** The test's duration and the grace for answers in flight (ADR 0008). */
    TEST_DURATION_SECONDS: seconds,
    TEST_GRACE_SECONDS: seconds,
    /** How long a hosted checkout stays open (Stripe: 30 to 1440 minutes). */
    CHECKOUT_EXPIRY_MINUTES: minutes,
    /** How long a coupon stays locked after a payment attempt (at least the checkout's life). */
    COUPON_LOCK_MINUTES: minutes,
    STRIPE_SECRET_KEY: optionalSecret,
    STRIPE_WEBHOOK_SECRET: optionalSecret,
    EMAIL_API_KEY: optionalSecret,
    EMAIL_FROM: optionalSecret,
    EMAIL_API_URL: z.url({ message: "must be an absolute URL" }).optional(),
    GOOGLE_CLIENT_ID: optionalSecret,
    GOOGLE_CLIENT_SECRET: optionalSecret,
    ITEM_SECRET: optionalSecret,
    COUNT_D1_QUERIES: z.enum(["0", "1"], { message: 'must be "0" or "1"' }).optional(),
    REFUND_OPERATOR_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
  })
  .superRefine((env, issues) => {
    const pairs = [
      ["EMAIL_API_KEY", "EMAIL_FROM"],
      ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
      ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    ] as const;
    const checkoutMinutes = Number(env.CHECKOUT_EXPIRY_MINUTES);
    if (checkoutMinutes < 30 || checkoutMinutes > 1440) {
      issues.addIssue({
        code: "custom",
        path: ["CHECKOUT_EXPIRY_MINUTES"],
        message: "must be between 30 and 1440 (the hosted checkout's limits)",
      });
    }
    const lockMinutes = Number(env.COUPON_LOCK_MINUTES);
    if (lockMinutes > 0 && lockMinutes < checkoutMinutes) {
      issues.addIssue({
        code: "custom",
        path: ["COUPON_LOCK_MINUTES"],
        message:
          "must be at least CHECKOUT_EXPIRY_MINUTES (a coupon stays locked while its checkout is open)",
      });
    }
    if (env.ENVIRONMENT === "production") {
      for (const { keys, without } of requiredInProduction) {
        for (const key of keys) {
          if (!env[key]) {
            issues.addIssue({
              code: "custom",
              path: [key],
              message: `is required in production (without it ${without})`,
            });
          }
        }
      }
    }
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        issues.addIssue({
          code: "custom",
          path: [missing],
          message: `is missing (${a} and ${b} go together)`,
        });
      }
    }
  });

/** Secrets and vars the Worker may run without (`wrangler types` cannot know them). */
export interface OptionalSettings {
  /**
   * An HTTP e-mail provider (Resend-style API); required in production. Without it (in
   * development) mail goes to the outbox shown at /_dev/mailbox.
   */
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /** Defaults to https://api.resend.com/emails. */
  EMAIL_API_URL?: string;
  /** Google sign-in; without it the local stand-in at /_dev/oauth/google plays Google. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /**
   * Stripe (`sk_...` and the endpoint's `whsec_...`); required in production. Without them
   * (in development) the local test provider at /_dev/pay takes the payments.
   */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * The seed of every attempt's form and the names of its images are HMACs under it
   * (worker/forms/item-secret.ts); required in production. Without it (in development)
   * a fixed stand-in is used. At least 32 random bytes; changing it renames the images of
   * running attempts, so change it between deploys only with a reason.
   */
  ITEM_SECRET?: string;
  /**
   * "1" counts every D1 statement for the bench (`/_dev/d1-queries`,
   * worker/dev/d1-counter.ts); honoured in development only.
   */
  COUNT_D1_QUERIES?: string;
  /**
   * Who sends a boleto's refund by Pix (issue 30.6): the buyer's request is mailed there.
   * Required in production; in development it goes to refunds@lumen-iq.test in the outbox.
   */
  REFUND_OPERATOR_EMAIL?: string;
}

export function optionalSettings(env: Env): OptionalSettings {
  return env as Env & OptionalSettings;
}

/** Checkout and coupon-lock durations in ms (the env was validated at start). */
export function paymentTiming(env: Env): { checkoutMs: number; couponLockMs: number } {
  return {
    checkoutMs: Number(env.CHECKOUT_EXPIRY_MINUTES) * 60_000,
    couponLockMs: Number(env.COUPON_LOCK_MINUTES) * 60_000,
  };
}

/** The test's clock settings in ms (the env was validated at start). */
export function testTiming(env: Env): { durationMs: number; graceMs: number } {
  return {
    durationMs: Number(env.TEST_DURATION_SECONDS) * 1000,
    graceMs: Number(env.TEST_GRACE_SECONDS) * 1000,
  };
}

export type ConfigProblem = { key: string; message: string };

/** Checks the env and names every missing or invalid key. */
export function findConfigProblems(env: unknown): ConfigProblem[] {
  const result = envSchema.safeParse(env ?? {});
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    key: String(issue.path[0] ?? "env"),
    message:
      issue.code === "invalid_type" && issue.input === undefined ? "is missing" : issue.message,
  }));
}

export function describeConfigProblems(problems: ConfigProblem[]): string {
  return `Invalid Worker configuration: ${problems
    .map((p) => `${p.key} ${p.message}`)
    .join(
      "; ",
    )}. Set vars in wrangler.jsonc and secrets in .dev.vars or with \`wrangler secret put\`.`;
}

const checked = new WeakSet<object>();

/**
 * Validates the env once per env object (the Worker receives the same object for the
 * isolate's lifetime). Returns a message naming the bad keys, or null when all is well.
 */
export function validateEnvOnce(env: object): string | null {
  if (checked.has(env)) return null;
  const problems = findConfigProblems(env);
  if (problems.length > 0) return describeConfigProblems(problems);
  checked.add(env);
  return null;
}
