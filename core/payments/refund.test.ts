import { describe, expect, it } from "vitest";
import { businessDaysLater, checkPixKey, refundDeadline, withinRefundWindow } from "./refund";

describe("the 7-day window (CDC art. 49)", () => {
  it("ends at 23:59:59.999 São Paulo time on the 7th day after the approval's day", () => {
    // Approved on 2026-11-02 at 10:00 in São Paulo (13:00 UTC).
    const approved = Date.parse("2026-11-02T13:00:00Z");
    expect(new Date(refundDeadline(approved)).toISOString()).toBe("2026-11-10T02:59:59.999Z");
    // Approved at 23:30 São Paulo time: still that day, so the same rule.
    const late = Date.parse("2026-11-03T02:30:00Z");
    expect(new Date(refundDeadline(late)).toISOString()).toBe("2026-11-10T02:59:59.999Z");
    expect(withinRefundWindow(approved, Date.parse("2026-11-10T02:59:59.999Z"))).toBe(true);
    expect(withinRefundWindow(approved, Date.parse("2026-11-10T03:00:00Z"))).toBe(false);
    // Never less than 7 whole days.
    expect(refundDeadline(late) - late).toBeGreaterThan(7 * 24 * 60 * 60 * 1000);
  });

  it("counts business days without weekends", () => {
    // Friday 2026-11-27 (São Paulo): 5 business days later is Friday 2026-12-04.
    expect(businessDaysLater(Date.parse("2026-11-27T15:00:00Z"), 5)).toBe("2026-12-04");
    expect(businessDaysLater(Date.parse("2026-11-28T15:00:00Z"), 1)).toBe("2026-11-30");
  });
});

describe("Pix keys", () => {
  it("accepts the five kinds, normalized", () => {
    expect(checkPixKey(" 529.982.247-25 ")).toEqual({ ok: true, type: "cpf", key: "52998224725" });
    expect(checkPixKey("52998224725")).toMatchObject({ ok: true, type: "cpf" });
    expect(checkPixKey("11.222.333/0001-81")).toEqual({
      ok: true,
      type: "cnpj",
      key: "11222333000181",
    });
    expect(checkPixKey("Maria@Example.com")).toEqual({
      ok: true,
      type: "email",
      key: "maria@example.com",
    });
    expect(checkPixKey("+55 (11) 99999-9999")).toEqual({
      ok: true,
      type: "phone",
      key: "+5511999999999",
    });
    expect(checkPixKey("+551133334444")).toMatchObject({ ok: true, type: "phone" });
    expect(checkPixKey("123E4567-E89B-42D3-A456-426614174000")).toEqual({
      ok: true,
      type: "random",
      key: "123e4567-e89b-42d3-a456-426614174000",
    });
  });

  it("names what is wrong", () => {
    expect(checkPixKey("  ")).toEqual({ ok: false, problem: "required" });
    expect(checkPixKey("123.456.789-00")).toEqual({ ok: false, problem: "checkDigit" });
    expect(checkPixKey("111.111.111-11")).toEqual({ ok: false, problem: "checkDigit" });
    expect(checkPixKey("11.222.333/0001-82")).toEqual({ ok: false, problem: "checkDigit" });
    for (const bad of [
      "11 99999-9999",
      "+1 555 123 4567",
      "+55 11 9999",
      "maria@",
      "a@b",
      `${"a".repeat(70)}@example.com`,
      "not a key",
      "1234",
    ]) {
      expect(checkPixKey(bad)).toEqual({ ok: false, problem: "invalid" });
    }
  });
});
