/**
 * Receives one provider event (SECURITY.md 17-20): verify on the raw body, store it once,
 * move the payment, fulfil. The HTTP route `POST /api/payments/webhook` and the local test
 * provider (which delivers its events in-process) both call this.
 */
export interface WebhookAnswer {
  status: 200 | 400;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

export async function receiveWebhook(
  _env: Env,
  _rawBody: string,
  _signature: string | null,
): Promise<WebhookAnswer> {
  // Written in the payments commit that follows (issue 12).
  return { status: 400, body: { received: false, error: "not ready" } };
}
