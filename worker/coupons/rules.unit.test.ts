import { describe, expect, it } from "vitest";
import {
  isCouponCode,
  isLockLive,
  lockExpiry,
  normalizeCouponCode,
  shareCouponCode,
} from "./rules";

describe("coupon codes", () => {
  it("are compared trimmed and upper-case", () => {
    expect(normalizeCouponCode("  spring-25\n")).toBe("SPRING-25");
  });

  it.each([
    ["SPRING25", true],
    ["IQ-ABCD2345", true],
    ["ABC", false],
    ["A".repeat(33), false],
    ["SPRING 25", false],
    ["SPRING'25", false],
    ["spring25", false],
  ])("%s is a possible code: %s", (code, possible) => {
    expect(isCouponCode(code)).toBe(possible);
  });

  it("issued for sharing are 'IQ-' and 8 symbols without 0, O, 1 or I", () => {
    const codes = Array.from({ length: 200 }, shareCouponCode);
    for (const code of codes) {
      expect(code).toMatch(/^IQ-[A-HJ-NP-Z2-9]{8}$/);
      expect(isCouponCode(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("a held lock", () => {
  const lockMs = 60 * 60_000;
  const lastAttempt = Date.UTC(2027, 0, 10, 12);

  it("stops counting couponLockTime after the last attempt", () => {
    const heldUntil = lockExpiry(lastAttempt, lockMs);
    expect(isLockLive(heldUntil, lastAttempt + lockMs - 1)).toBe(true);
    expect(isLockLive(heldUntil, lastAttempt + lockMs)).toBe(false);
  });

  it("waiting for an async result (no expiry) counts until that result", () => {
    expect(isLockLive(null, lastAttempt + 1000 * lockMs)).toBe(true);
  });
});
