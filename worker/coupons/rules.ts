/**
 * Coupon rules without I/O (docs/decisions/0018-coupons.md). The SQL in lock.ts applies
 * the same lock rule; scripts/coupons.ts keeps a copy of the code rule.
 */

/** Stored codes: upper-case letters, digits and '-', 4 to 32 characters (as scripts/coupons.ts). */
export const couponCodePattern = /^[A-Z0-9-]{4,32}$/;

/** What a buyer typed, as stored: no surrounding spaces, upper-case. */
export function normalizeCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Whether a normalized code can exist at all (anything else is 'invalid' without a query). */
export function isCouponCode(code: string): boolean {
  return couponCodePattern.test(code);
}

/**
 * A lock taken at `now` stops counting at `now + lockMs`: couponLockTime minutes after the
 * last attempt, since each attempt of the same test takes its lock over (spec section 4).
 */
export function lockExpiry(now: number, lockMs: number): number {
  return now + lockMs;
}

/** Whether a `held` lock still holds a use at `now` (null: until the async result). */
export function isLockLive(heldUntil: number | null, now: number): boolean {
  return heldUntil === null || heldUntil > now;
}

/** How long the share coupons of a purchase stay valid. */
export const shareCouponLifetimeMs = 180 * 24 * 60 * 60 * 1000;

/** 32 symbols without 0/O and 1/I, so a byte modulo 32 picks one without bias. */
const shareCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** `IQ-` and 8 random symbols: 2^40 codes, easy to read aloud and to type. */
export function shareCouponCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let code = "IQ-";
  for (const byte of bytes) code += shareCodeAlphabet[byte % shareCodeAlphabet.length];
  return code;
}
