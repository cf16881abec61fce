import type Stripe from "stripe";
import type { TransferInstructions } from "../../core/payments/transfer";

/**
 * A PaymentIntent's `next_action` in our words (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md):
 * `pix_display_qr_code` (`data`, `expires_at`, `hosted_instructions_url`) or
 * `boleto_display_details` (`hosted_voucher_url`, `number`, `expires_at`). Both adapters
 * use it: Stripe's PaymentIntent and the local test provider's Stripe-shaped one. Null when
 * the intent waits for no transfer (paid, expired, a card, or fields missing).
 */
export function transferOfIntent(intent: Stripe.PaymentIntent | null): TransferInstructions | null {
  if (intent?.status !== "requires_action") return null;
  const action = intent.next_action;
  const pix = action?.pix_display_qr_code;
  if (pix?.data && pix.expires_at) {
    return {
      method: "pix",
      code: pix.data,
      expiresAt: new Date(pix.expires_at * 1000).toISOString(),
      instructionsUrl: pix.hosted_instructions_url ?? null,
    };
  }
  const boleto = action?.boleto_display_details;
  if (boleto?.hosted_voucher_url) {
    return {
      method: "boleto",
      voucherUrl: boleto.hosted_voucher_url,
      number: boleto.number ?? null,
      expiresAt: boleto.expires_at ? new Date(boleto.expires_at * 1000).toISOString() : null,
    };
  }
  return null;
}

/** The transfer a Checkout Session's expanded PaymentIntent waits for. */
export function transferOfSession(session: Stripe.Checkout.Session): TransferInstructions | null {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  return transferOfIntent(intent);
}
