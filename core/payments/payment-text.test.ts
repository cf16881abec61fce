import { describe, expect, it } from "vitest";
import { ebookSlugs } from "../ebooks/catalogue";
import { paymentMethods } from "./checkout";
import { paymentStatusDetails } from "./payment-machine";
import {
  ebookTitles,
  formatMoney,
  methodTexts,
  paymentExplanation,
  priceNote,
} from "./payment-text";

describe("prices in the reader's language", () => {
  it.each([
    [{ cents: 1990, currency: "USD" as const }, "en", "US$\u00a019.90"],
    [{ cents: 1990, currency: "USD" as const }, "pt-br", "US$\u00a019,90"],
    [{ cents: 4990, currency: "BRL" as const }, "en", "R$49.90"],
    [{ cents: 4990, currency: "BRL" as const }, "pt-br", "R$\u00a049,90"],
    [{ cents: 3992, currency: "BRL" as const }, "pt-br", "R$\u00a039,92"],
    [{ cents: 100000, currency: "USD" as const }, "en", "US$\u00a01,000.00"],
  ] as const)("%o in %s reads %s", (money, locale, expected) => {
    expect(formatMoney(money, locale)).toBe(expected);
  });

  it("says USD includes VAT (the English terms) and BRL is paid once", () => {
    expect(priceNote.USD({}, { locale: "en" })).toContain("including VAT");
    expect(priceNote.BRL({}, { locale: "pt-br" })).toContain("pagamento único");
  });
});

describe("payment methods in words", () => {
  it("names every method of both currencies in both languages", () => {
    for (const method of [...paymentMethods.BRL, ...paymentMethods.USD]) {
      for (const locale of ["en", "pt-br"] as const) {
        expect(methodTexts[method].name({}, { locale })).not.toBe("");
        expect(methodTexts[method].text({}, { locale }).length).toBeGreaterThan(20);
      }
    }
    expect(methodTexts.wallets.name({}, { locale: "en" })).toContain("Apple Pay");
  });

  it("lists four e-books", () => {
    expect(Object.keys(ebookTitles)).toEqual([...ebookSlugs]);
    expect(new Set(ebookSlugs.map((slug) => ebookTitles[slug]({}, { locale: "pt-br" }))).size).toBe(
      4,
    );
  });
});

describe("what happened to a payment", () => {
  it("explains every rejection detail and a claimed coupon in its own words", () => {
    const rejections = paymentStatusDetails.filter((d) => d.startsWith("cc_rejected_"));
    const texts = rejections.map((statusDetail) =>
      paymentExplanation({ status: "rejected", statusDetail })?.({}, { locale: "en" }),
    );
    expect(texts.every((text) => text !== undefined && text.length > 20)).toBe(true);
    expect(new Set(texts).size).toBe(rejections.length);
    expect(
      paymentExplanation({
        status: "rejected",
        statusDetail: "cc_rejected_insufficient_amount",
      })?.({}, { locale: "en" }),
    ).toMatch(/enough funds/);
    expect(
      paymentExplanation({
        status: "rejected",
        statusDetail: "cc_rejected_call_for_authorize",
      })?.({}, { locale: "pt-br" }),
    ).toMatch(/Ligue/);
    expect(
      paymentExplanation({ status: "cancelled", statusDetail: "coupon_claimed" })?.(
        {},
        { locale: "en" },
      ),
    ).toMatch(/coupon/);
  });

  it("explains statuses that mean something without a detail, and nothing else", () => {
    expect(paymentExplanation({ status: "refunded", statusDetail: null })).not.toBeNull();
    expect(paymentExplanation({ status: "failure", statusDetail: null })).not.toBeNull();
    expect(paymentExplanation({ status: "rejected", statusDetail: null })).not.toBeNull();
    expect(paymentExplanation({ status: "approved", statusDetail: "accredited" })).toBeNull();
    expect(paymentExplanation({ status: "cancelled", statusDetail: null })).toBeNull();
    expect(
      paymentExplanation({ status: "awaiting", statusDetail: "waiting_webhook_message" }),
    ).toBeNull();
  });
});
