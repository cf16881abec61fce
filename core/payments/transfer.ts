/**
 * `GET /api/payments/{paymentId}/transfer`: what a buyer needs to pay a Pix or boleto that
 * waits for its transfer (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md), read
 * from the provider's PaymentIntent (`next_action`). Both providers give the same fields.
 */
export type TransferInstructions = PixInstructions | BoletoInstructions;

export interface PixInstructions {
  method: "pix";
  /** The "copia e cola" code (a BR Code); the page draws its QR code from it. */
  code: string;
  /** When the code stops being payable (ISO 8601). */
  expiresAt: string;
  /** The provider's page with the same code and QR, or null. */
  instructionsUrl: string | null;
}

export interface BoletoInstructions {
  method: "boleto";
  /** The provider's page with the voucher (barcode, number, PDF). */
  voucherUrl: string;
  /** The boleto's number (its digitable line), or null. */
  number: string | null;
  /** When it stops being payable (ISO 8601), or null. */
  expiresAt: string | null;
}

/** Milliseconds left before `expiresAt`, never below zero. */
export function msLeft(expiresAt: string, now: number): number {
  return Math.max(0, Date.parse(expiresAt) - now);
}

/** The time left as `m:ss`, or `h:mm:ss` from one hour on. */
export function countdownText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}
