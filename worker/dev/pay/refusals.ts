/**
 * Why the local provider refuses a buyer action (sessions.ts), in the page's English
 * (texts.ts): one source for the page and for the refusal's error message. Here, with no
 * imports, so that sessions.ts and texts.ts both read it without an import circle.
 */
export const englishRefusals = {
  not_found: "No test checkout has this id.",
  not_open: "This checkout is no longer open: it was paid, left pending or has expired.",
  checkout_expired: "This checkout's time is over; it can only expire.",
  not_brl: "Pix and boleto exist only for payments in reais (BRL).",
  not_awaiting_transfer: "No Pix or boleto is waiting to be paid on this checkout.",
  not_paid: "Nothing was paid on this checkout.",
  already_after_payment: "This payment was already refunded or disputed.",
  not_disputed: "This payment has no open dispute.",
  not_refunded: "This payment has no refund that could fail.",
};

export type LocalRefusal = keyof typeof englishRefusals;
