import type { EbookSlug } from "../ebooks/catalogue";
import type { QuestionCategory } from "../items/questions";
import { type Locale, localeInfo } from "../locales/locales";
import type { Text } from "../locales/message-text";
import { numberFormat } from "../locales/number-format";
import * as m from "../paraglide/messages";
import type { Currency, Money, PaymentMethod } from "./checkout";
import type { PaymentState, PaymentStatusDetail } from "./payment-machine";
import type { PaymentStatus } from "./payments";

/**
 * The words of the paid path picked by data (a currency, a method, a payment's detail),
 * as tables of message functions: pages must not look messages up by name, or the
 * bundler keeps every message in the browser (docs/decisions/0015-home-performance.md).
 */

/**
 * An amount as a reader of the language writes it, its currency always named: 'US$ 19.90'
 * on en and 'US$ 19,90' on pt-br (a bare '$' reads as reais to a Brazilian, issue 30.5),
 * 'R$ 49,90' in either. Cents are whole numbers (core/payments/checkout.ts); this is only
 * display, and every page, e-mail and receipt shows a price through it.
 */
export function formatMoney(money: Money, locale: Locale): string {
  const parts = numberFormat(localeInfo[locale].iso, {
    style: "currency",
    currency: money.currency,
  }).formatToParts(money.cents / 100);
  if (money.currency !== "USD") return parts.map((part) => part.value).join("");
  return parts
    .map((part, index) => {
      if (part.type !== "currency") return part.value;
      return parts[index + 1]?.type === "literal" ? "US$" : "US$\u00a0";
    })
    .join("");
}

/** What the price includes, beside it: the English terms say USD including VAT. */
export const priceNote: Readonly<Record<Currency, Text>> = {
  USD: m.sell_price_note_usd,
  BRL: m.sell_price_note_brl,
};

/** Each payment method's name and what paying with it is like. */
export const methodTexts: Readonly<Record<PaymentMethod, { name: Text; text: Text }>> = {
  card: { name: m.checkout_method_card, text: m.checkout_method_card_text },
  pix: { name: m.checkout_method_pix, text: m.checkout_method_pix_text },
  boleto: { name: m.checkout_method_boleto, text: m.checkout_method_boleto_text },
  wallets: { name: m.checkout_method_wallets, text: m.checkout_method_wallets_text },
};

/** The four question areas as the report names them. */
export const areaNames: Readonly<Record<QuestionCategory, Text>> = {
  SM: m.sell_area_sm,
  RA: m.sell_area_ra,
  RE: m.sell_area_re,
  RL: m.sell_area_rl,
};

/** The four bonus e-books' titles (core/ebooks/catalogue.ts lists them in order). */
export const ebookTitles: Record<EbookSlug, Text> = {
  memory: m.sell_ebook_memory,
  logic: m.sell_ebook_logic,
  focus: m.sell_ebook_focus,
  study: m.sell_ebook_study,
};

/** Details that say something to the buyer (the other two are internal: no news, paid). */
type ExplainedDetail = Exclude<PaymentStatusDetail, "waiting_webhook_message" | "accredited">;

const detailTexts: Readonly<Record<ExplainedDetail, Text>> = {
  pending_contingency: m.payment_detail_pending_review,
  pending_review_manual: m.payment_detail_pending_review,
  pending_waiting_transfer: m.payment_detail_pending_waiting_transfer,
  cc_rejected_bad_filled_date: m.payment_detail_cc_rejected_bad_filled_date,
  cc_rejected_bad_filled_other: m.payment_detail_cc_rejected_bad_filled_other,
  cc_rejected_bad_filled_security_code: m.payment_detail_cc_rejected_bad_filled_security_code,
  cc_rejected_blacklist: m.payment_detail_cc_rejected_blacklist,
  cc_rejected_call_for_authorize: m.payment_detail_cc_rejected_call_for_authorize,
  cc_rejected_card_disabled: m.payment_detail_cc_rejected_card_disabled,
  cc_rejected_duplicated_payment: m.payment_detail_cc_rejected_duplicated_payment,
  cc_rejected_high_risk: m.payment_detail_cc_rejected_high_risk,
  cc_rejected_insufficient_amount: m.payment_detail_cc_rejected_insufficient_amount,
  cc_rejected_invalid_installments: m.payment_detail_cc_rejected_invalid_installments,
  cc_rejected_max_attempts: m.payment_detail_cc_rejected_max_attempts,
  cc_rejected_other_reason: m.payment_detail_cc_rejected_other_reason,
  coupon_claimed: m.payment_detail_coupon_claimed,
  canceled_by_user: m.payment_detail_canceled_by_user,
};

/** Statuses whose meaning needs a sentence even without a detail. */
const statusTexts: Readonly<Partial<Record<PaymentStatus, Text>>> = {
  authorized: m.payment_detail_authorized,
  in_mediation: m.payment_detail_in_mediation,
  refunded: m.payment_detail_refunded,
  charged_back: m.payment_detail_charged_back,
  failure: m.payment_detail_failure,
  // A card declined without a code the provider shared.
  rejected: m.payment_detail_cc_rejected_other_reason,
};

/**
 * What happened to a payment, in plain words for its owner (the detail first, then the
 * status), or null when there is nothing to add to the result page's own title.
 */
export function paymentExplanation(state: PaymentState): Text | null {
  const { status, statusDetail } = state;
  if (statusDetail !== null && Object.hasOwn(detailTexts, statusDetail)) {
    return detailTexts[statusDetail as ExplainedDetail];
  }
  return statusTexts[status] ?? null;
}
