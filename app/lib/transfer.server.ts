import type { RouterContextProvider } from "react-router";
import type { PaymentView } from "../../core/payments/checkout";
import type { TransferInstructions } from "../../core/payments/transfer";
import { encodeQr, qrPath } from "../../core/qr/qr-code";
import { callApi } from "./api-loader.server";

/** What the pending page shows of a Pix or boleto waiting to be paid. */
export interface PendingTransfer {
  transfer: TransferInstructions | null;
  /** The Pix code's QR as one SVG path, drawn on the server (nothing fetched from anyone). */
  qr: { d: string; side: number } | null;
  /** The provider did not answer: the page says so, and a reload asks again. */
  unavailable: boolean;
}

/**
 * Reads a pending payment's transfer (`GET /api/payments/{id}/transfer`) and draws the Pix
 * code's QR (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md). Nothing for a
 * payment that waits for no transfer.
 */
export async function pendingTransfer(
  context: Readonly<RouterContextProvider>,
  payment: PaymentView,
): Promise<PendingTransfer> {
  const none: PendingTransfer = { transfer: null, qr: null, unavailable: false };
  if (payment.result !== "pending" || payment.statusDetail !== "pending_waiting_transfer") {
    return none;
  }
  const answer = await callApi<TransferInstructions>(context, {
    path: `/api/payments/${encodeURIComponent(payment.id)}/transfer`,
  });
  if (!answer.ok) return { ...none, unavailable: answer.status === 503 };
  const transfer = answer.body;
  return {
    transfer,
    qr: transfer.method === "pix" ? qrPath(encodeQr(transfer.code)) : null,
    unavailable: false,
  };
}
