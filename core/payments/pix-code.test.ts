import { describe, expect, it } from "vitest";
import { crc16, hasValidCrc, pixCode } from "./pix-code";

describe("crc16", () => {
  it("is CRC-16/CCITT-FALSE (its check value)", () => {
    expect(crc16("123456789")).toBe("29B1");
  });
});

describe("pixCode", () => {
  const code = pixCode({
    location: "pix.local.test/qr/v2/cs_test_local_abc",
    amountCents: 4990,
    merchantName: "IQ TEST LOCAL",
    merchantCity: "SAO PAULO",
  });

  it("is a dynamic BR Code: format 01, one use, the Pix GUI, reais, Brazil, the amount", () => {
    expect(code.startsWith("000201010212")).toBe(true);
    expect(code).toContain("0014br.gov.bcb.pix2538pix.local.test/qr/v2/cs_test_local_abc");
    expect(code).toContain("5303986");
    expect(code).toContain("540549.90");
    expect(code).toContain("5802BR");
    expect(code).toContain("5913IQ TEST LOCAL");
    expect(code).toContain("6009SAO PAULO");
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
  });

  it("ends with the CRC of everything before it, which a changed digit breaks", () => {
    expect(hasValidCrc(code)).toBe(true);
    expect(hasValidCrc(code.replace("49.90", "19.90"))).toBe(false);
  });
});
