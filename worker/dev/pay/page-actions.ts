/**
 * What the local test provider's payment page (page.ts) can do to a payment:
 * each button sends one of these. Here, with no imports, so that node scripts (the
 * fuzzer) press the same buttons as the page offers.
 */
export const localPayActions = [
  "pay_card",
  "decline",
  "pix",
  "boleto",
  "cancel",
  "expire",
  "settle",
  "transfer_expire",
  "refund",
  "refund_fail",
  "dispute_open",
  "dispute_won",
  "dispute_lost",
] as const;

export type LocalPayAction = (typeof localPayActions)[number];
