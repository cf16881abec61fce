import type { Locale } from "../../core/locales/locales";
import { errorResponse } from "../http/responses";

/** Why a coupon cannot be used, in the order they are checked (spec sections 5 and 8). */
export type CouponProblem = "required" | "invalid" | "expired" | "unavailable" | "locked";

/**
 * The spec's statuses, but for 'invalid': a code that is mistyped, unknown or someone
 * else's is a form's validation error, 400 like 'required' and every field error of the
 * API, not a missing page (docs/decisions/0042-buyers-path-cancel-and-coupon-errors.md). The
 * spec gives none for 'locked', and 423 Locked says exactly that.
 */
const couponProblemStatus = {
  required: 400,
  invalid: 400,
  expired: 410,
  unavailable: 422,
  locked: 423,
} as const satisfies Record<CouponProblem, number>;

/** The error answer for a coupon problem: its message on the form's `coupon` field. */
export function couponProblemResponse(
  locale: Locale,
  problem: CouponProblem,
  lockMinutes: number,
): Response {
  const message =
    problem === "locked"
      ? { key: "coupon_locked", inputs: { couponLockTime: lockMinutes } }
      : `coupon_${problem}`;
  return errorResponse(locale, couponProblemStatus[problem], { fields: { coupon: [message] } });
}
