/** Coupons owned by the app in D1 (docs/decisions/0018-coupons.md). */
export { type CouponCheck, type CouponLock, checkCoupon, couponLockCopy, lockCoupon } from "./lock";
export { type CouponProblem, couponProblemResponse } from "./problems";
export {
  isCouponCode,
  isLockLive,
  lockExpiry,
  normalizeCouponCode,
  shareCouponLifetimeMs,
} from "./rules";
export {
  consumeLockStatements,
  holdLockUntilResultStatements,
  issueShareCouponsStatements,
  listIssuedCoupons,
  releaseLockStatements,
} from "./statements";
