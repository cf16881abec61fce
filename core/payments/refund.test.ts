import { describe, expect, it } from "vitest";
import {
  businessDaysLater,
  checkPixKey,
  easterSunday,
  isBankHoliday,
  refundDeadline,
  withinRefundWindow,
} from "./refund";

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

  it("leaves out the national bank holidays, fixed and moving", () => {
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // Easter: 2026-04-05, 2027-03-28, 2024-03-31 (published tables).
    expect([2024, 2026, 2027].map((year) => iso(easterSunday(year)))).toEqual([
      "2024-03-31",
      "2026-04-05",
      "2027-03-28",
    ]);
    for (const day of [
      "2026-01-01",
      "2026-02-16", // Carnival Monday
      "2026-02-17", // Carnival Tuesday
      "2026-04-03", // Good Friday
      "2026-04-21",
      "2026-06-04", // Corpus Christi
      "2026-11-20", // Consciência Negra (from 2024)
      "2026-12-25",
    ]) {
      expect(isBankHoliday(Date.parse(day)), day).toBe(true);
    }
    for (const day of ["2026-02-18", "2023-11-20", "2026-11-19", "2026-12-24"]) {
      expect(isBankHoliday(Date.parse(day)), day).toBe(false);
    }
    // From Wednesday 2026-11-18: Friday the 20th is a holiday, so the 5th day is Thursday 26th.
    expect(businessDaysLater(Date.parse("2026-11-18T15:00:00Z"), 5)).toBe("2026-11-26");
    // Christmas Eve: the next business day is Monday the 28th.
    expect(businessDaysLater(Date.parse("2026-12-24T15:00:00Z"), 1)).toBe("2026-12-28");
    // Carnival 2027 (8 and 9 February): from Friday the 5th, Wednesday the 10th.
    expect(businessDaysLater(Date.parse("2027-02-05T15:00:00Z"), 1)).toBe("2027-02-10");
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
