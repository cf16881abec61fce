import type { PaymentResult, PaymentStatusDetail } from "./payment-machine";
import type { PaymentStatus } from "./payments";

/**
 * What the checkout and payment endpoints answer (issue 12, docs/decisions/0017-payments.md).
 * Amounts are whole cents: the server computes every total, the client only shows it.
 */

export type Currency = "USD" | "BRL";

/** Payment methods offered per currency: Pix and boleto exist only in reais. */
export const paymentMethods = {
  BRL: ["card", "pix", "boleto"],
  USD: ["card", "wallets"],
} as const satisfies Record<Currency, readonly string[]>;

export type PaymentMethod = (typeof paymentMethods)[Currency][number];

/** Coupons give 1 to 90 percent: an order always costs something a provider can charge. */
export const couponPercentRange = { min: 1, max: 90 } as const;

/** The share coupons issued after a purchase (spec sections 1 and 9). */
export const shareCouponPercent = 20;

/**
 * The price after a discount, in cents, rounded half up to the cent. A provider never
 * sees any other amount (SECURITY.md 21).
 */
export function discountedCents(listCents: number, percent: number): number {
  return Math.round((listCents * (100 - percent)) / 100);
}

/** "49.90" (configuration) to 4990 without floating point surprises. */
export function priceToCents(price: string): number {
  const [whole = "0", fraction = ""] = price.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

export interface Money {
  /** Whole cents. */
  cents: number;
  currency: Currency;
}

export interface CouponQuote {
  code: string;
  percent: number;
  list: Money;
  discount: Money;
  total: Money;
}

/** A payment as its owner sees it. */
export interface PaymentView {
  id: string;
  attemptId: string;
  status: PaymentStatus;
  statusDetail: PaymentStatusDetail | null;
  /** The result page it leads to; null while nothing is known yet. */
  result: PaymentResult | null;
  total: Money;
  couponCode: string | null;
  createdAt: string;
  /** The two share coupons, once approved (empty otherwise). */
  issuedCoupons: IssuedCoupon[];
}

export interface IssuedCoupon {
  code: string;
  percent: number;
  /** `buyer`: only its owner can use it; `friend`: anyone, once. */
  audience: "buyer" | "friend";
  expiresAt: string | null;
}

/** `GET /api/checkout/{attemptId}`: what the checkout page shows before paying. */
export interface CheckoutView {
  attemptId: string;
  iqLabel: string;
  price: Money;
  methods: readonly PaymentMethod[];
  couponLockMinutes: number;
  /** The attempt's latest payment, if any. */
  latestPayment: PaymentView | null;
  /** Whether a new payment may start (none, or the last one failed or was cancelled). */
  canPay: boolean;
  /**
   * The price in reais, offered beside a dollar price when the request comes from Brazil
   * (the edge's country): Pix and boleto are paid in reais (ADR 0043). Null otherwise.
   */
  brazilOffer: Money | null;
}

export const currencies = ["USD", "BRL"] as const satisfies readonly Currency[];

/** The checkout's currency: the buyer's choice, else the language's (ADR 0017). */
export function checkoutCurrency(locale: string, chosen?: Currency | null): Currency {
  return chosen ?? (locale === "pt-br" ? "BRL" : "USD");
}

/** A `currency` parameter as a currency, or null. */
export function currencyParam(value: unknown): Currency | null {
  return value === "USD" || value === "BRL" ? value : null;
}

/** `POST /api/checkout/{attemptId}/payments`: where to send the buyer. */
export interface CheckoutStarted {
  paymentId: string;
  /** The provider's hosted page (or the local test provider's). */
  redirectUrl: string;
}

/**
 * Where Pay may send the buyer: an absolute http(s) address, never a path of ours or a
 * script. The checkout's action checks it before redirecting (ADR 0036).
 */
export function isCheckoutAddress(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  return protocol === "https:" || protocol === "http:";
}
