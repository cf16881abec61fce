import { describe, expect, it } from "vitest";
import { countdownText, msLeft } from "./transfer";

describe("the pending Pix page's countdown", () => {
  const expiresAt = "2026-11-28T20:00:00.000Z";
  const at = (iso: string) => Date.parse(iso);

  it("counts the time left, never below zero (then the page says the code expired)", () => {
    expect(msLeft(expiresAt, at("2026-11-28T19:00:00.000Z"))).toBe(3_600_000);
    expect(msLeft(expiresAt, at("2026-11-28T20:00:00.000Z"))).toBe(0);
    expect(msLeft(expiresAt, at("2026-11-28T21:00:00.000Z"))).toBe(0);
  });

  it("reads m:ss under an hour and h:mm:ss from one hour on, rounding a started second up", () => {
    expect(countdownText(3_600_000)).toBe("1:00:00");
    expect(countdownText(3_599_001)).toBe("1:00:00");
    expect(countdownText(3_599_000)).toBe("59:59");
    expect(countdownText(61_000)).toBe("1:01");
    expect(countdownText(9_000)).toBe("0:09");
    expect(countdownText(0)).toBe("0:00");
  });
});
