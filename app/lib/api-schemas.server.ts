import { z } from "zod";
import type { AccountView } from "../../core/accounts/account-rights";
import type { AttemptResult, AttemptState, AttemptStatus } from "../../core/attempts/attempt";
import type { AttemptsList } from "../../core/attempts/attempts-list";
import type { CertificateDetails, CertificateVerification } from "../../core/attempts/certificate";
import type { Letter } from "../../core/items/questions";
import type {
  CheckoutStarted,
  CheckoutView,
  CouponQuote,
  IssuedCoupon,
  Money,
  PaymentView,
} from "../../core/payments/checkout";
import { type PaymentResult, paymentStatusDetails } from "../../core/payments/payment-machine";
import { paymentStatuses } from "../../core/payments/payments";
import type { ReportBody } from "../../core/report/api";
import { reportCategories } from "../../core/report/profile";
import { sectionIds } from "../../core/report/shape";
import type { Band } from "../../core/scoring/scoring";

/**
 * The shapes of the API's answers that page loaders read (api-loader.server.ts). Each is
 * checked against its type in `core/` (`satisfies z.ZodType<...>`), so a field added to
 * the type must be added here. Server-only: zod stays out of the pages' scripts
 * (docs/decisions/0015-home-performance.md).
 */

/** Every value of a string union, as a zod enum: the record's type lists them all. */
function everyOf<T extends string>(values: Record<T, true>) {
  // Object.keys types its result as string[]; the record's keys are exactly T.
  return z.enum(Object.keys(values) as [T, ...T[]]);
}

const letter = everyOf<Letter>({ A: true, B: true, C: true, D: true });
const attemptStatus = everyOf<AttemptStatus>({ in_progress: true, finished: true, rejected: true });
const band = everyOf<Band>({
  giftedness: true,
  superior: true,
  above_average: true,
  average: true,
  dullness: true,
  slow: true,
  very_below_average: true,
});

/** `GET /api/tests/current`. */
export const attemptStateSchema = z.object({
  id: z.string(),
  status: attemptStatus,
  remainingMs: z.number(),
  durationMs: z.number(),
  answers: z.record(z.string(), letter),
  questionBankVersion: z.string(),
}) satisfies z.ZodType<AttemptState>;

/** `GET /api/tests/:id/result`. */
export const attemptResultSchema = z.object({
  id: z.string(),
  finishedAt: z.string(),
  iq: z.number(),
  iqLabel: z.string(),
  atCeiling: z.boolean(),
  atFloor: z.boolean(),
  interval: z.object({ low: z.number(), high: z.number() }),
  band,
  rawTotal: z.number(),
  normsVersion: z.string(),
  ageBand: z.string(),
}) satisfies z.ZodType<AttemptResult>;

/** `GET /api/tests`: 'My IQ tests'. */
export const attemptsListSchema = z.object({
  tests: z.array(
    z.discriminatedUnion("status", [
      z.object({
        id: z.string(),
        date: z.string(),
        status: z.literal("finished"),
        iq: z.number(),
        iqLabel: z.string(),
        paymentStatus: z.enum(paymentStatuses).nullable(),
      }),
      z.object({
        id: z.string(),
        date: z.string(),
        status: z.literal(["rejected", "in_progress"]),
        iq: z.null(),
        iqLabel: z.null(),
        paymentStatus: z.null(),
      }),
    ]),
  ),
}) satisfies z.ZodType<AttemptsList>;

/** `GET /api/certificates/verify/:code`. */
export const certificateVerificationSchema = z.object({
  name: z.string(),
  iqLabel: z.string(),
  date: z.string(),
}) satisfies z.ZodType<CertificateVerification>;

/** `GET /api/certificates/:id`. */
export const certificateDetailsSchema = z.object({
  code: z.string(),
  name: z.string(),
  iqLabel: z.string(),
  date: z.string(),
  verifyPath: z.string(),
}) satisfies z.ZodType<CertificateDetails>;

/** `GET /api/accounts/password-reset/:token`: the link is still usable. */
export const usableResetLinkSchema = z.object({ valid: z.literal(true) });

/** Amounts in whole cents (core/payments/checkout.ts). */
const money = z.object({
  cents: z.number().int().nonnegative(),
  currency: z.enum(["USD", "BRL"]),
}) satisfies z.ZodType<Money>;

const paymentResult = everyOf<PaymentResult>({
  pending: true,
  failure: true,
  cancelled: true,
  success: true,
});

const issuedCoupon = z.object({
  code: z.string(),
  percent: z.number(),
  audience: z.enum(["buyer", "friend"]),
  expiresAt: z.string().nullable(),
}) satisfies z.ZodType<IssuedCoupon>;

/** `GET /api/payments/:paymentId`, and the latest payment of a checkout. */
export const paymentViewSchema = z.object({
  id: z.string(),
  attemptId: z.string(),
  status: z.enum(paymentStatuses),
  statusDetail: z.enum(paymentStatusDetails).nullable(),
  result: paymentResult.nullable(),
  total: money,
  couponCode: z.string().nullable(),
  createdAt: z.string(),
  issuedCoupons: z.array(issuedCoupon),
}) satisfies z.ZodType<PaymentView>;

/** `GET /api/checkout/:attemptId`. */
export const checkoutViewSchema = z.object({
  attemptId: z.string(),
  iqLabel: z.string(),
  price: money,
  methods: z.array(z.enum(["card", "pix", "boleto", "wallets"])),
  couponLockMinutes: z.number(),
  latestPayment: paymentViewSchema.nullable(),
  canPay: z.boolean(),
}) satisfies z.ZodType<CheckoutView>;

/** `POST /api/checkout/:attemptId/coupon`. */
export const couponQuoteSchema = z.object({
  code: z.string(),
  percent: z.number(),
  list: money,
  discount: money,
  total: money,
}) satisfies z.ZodType<CouponQuote>;

/** `POST /api/checkout/:attemptId/payments`. */
export const checkoutStartedSchema = z.object({
  paymentId: z.string(),
  redirectUrl: z.url({ protocol: /^https?$/ }),
}) satisfies z.ZodType<CheckoutStarted>;

const reportBlock = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("heading"), text: z.string() }),
  z.object({ kind: z.literal("paragraph"), text: z.string() }),
  z.object({ kind: z.literal("list"), items: z.array(z.string()) }),
  z.object({
    kind: z.literal("figures"),
    items: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
  z.object({
    kind: z.literal("scores"),
    rows: z.array(
      z.object({
        category: z.enum(reportCategories as ["SM", "RA", "RE", "RL"]),
        raw: z.number(),
        averageTaker: z.number(),
        versus: z.enum(["above", "near", "below"]),
        name: z.string(),
        text: z.string(),
      }),
    ),
  }),
]);

/** `GET /api/tests/:id/report` once paid: the report in the page's language and the coupons. */
export const reportBodySchema = z.object({
  attemptId: z.string(),
  status: z.literal("ready"),
  report: z.object({
    sections: z.array(
      z.object({ id: z.enum(sectionIds), title: z.string(), blocks: z.array(reportBlock) }),
    ),
  }),
  coupons: z.array(issuedCoupon),
}) satisfies z.ZodType<ReportBody>;

/** `GET /api/account`: what the account page shows (issue 14). */
export const accountViewSchema = z.object({
  name: z.string(),
  email: z.string(),
  dateOfBirth: z.string().nullable(),
  shouldUpdate: z.boolean(),
  hasPassword: z.boolean(),
  google: z.object({ email: z.string() }).nullable(),
  reauthenticatedUntil: z.string().nullable(),
}) satisfies z.ZodType<AccountView>;
