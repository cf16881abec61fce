import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hasValidCrc } from "../../core/payments/pix-code";
import type { TransferInstructions } from "../../core/payments/transfer";
import { Client, latestMail, mailCount } from "../../tests/worker/client";
import {
  buyer,
  finishedAttempt,
  paymentOf,
  providerPayment,
  startCheckout,
} from "../../tests/worker/payments";
import { issueTransfer, settleTransfer, transferExpiry } from "../dev/pay/buyer-actions";
import type { TransferMethod } from "../dev/pay/sessions";
import { sendPendingMailOnce } from "../payments/pending-mail";
import { loadPayment } from "../payments/store";

/**
 * `GET /api/payments/{id}/transfer` on the local test provider
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md): the Pix code and its expiry,
 * or the boleto's voucher, read through the provider port from the PaymentIntent's
 * `next_action`; the buyer's only.
 */

/** A buyer whose payment in reais waits for a Pix or boleto. */
async function waitingTransfer(method: TransferMethod) {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const { response, body } = await startCheckout(who.client, attemptId, {}, "pt-br");
  expect(response.status).toBe(201);
  const payment = await providerPayment(body.paymentId, attemptId);
  const issuedAt = Date.now();
  await issueTransfer(env, payment.sessionId, method);
  expect(await paymentOf(who.client, payment.id)).toMatchObject({
    status: "pending",
    statusDetail: "pending_waiting_transfer",
    result: "pending",
  });
  return { ...who, payment, issuedAt };
}

async function transferOf(client: Client, paymentId: string) {
  const response = await client.fetch(`/api/payments/${paymentId}/transfer`);
  const body = (await response.json()) as TransferInstructions & { code?: string };
  return { response, body };
}

describe("GET /api/payments/{id}/transfer", () => {
  it("gives a pending Pix's copy-and-paste code (a BR Code for the amount), its expiry and the provider's page", async () => {
    const { client, payment, issuedAt } = await waitingTransfer("pix");
    const { response, body } = await transferOf(client, payment.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    if (body.method !== "pix") throw new Error(`expected a Pix, got ${body.method}`);
    expect(body.code).toMatch(/^000201010212/);
    expect(body.code).toContain("0014br.gov.bcb.pix");
    expect(body.code).toContain("540549.90");
    expect(hasValidCrc(body.code)).toBe(true);
    // One hour after it was issued (worker/payments/stripe.ts pixExpiresAfterSeconds).
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(issuedAt / 1000) * 1000 + 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(body.instructionsUrl).toBe(`${env.BASE_URL}/_dev/pay/${payment.sessionId}`);

    // Its QR image, as Stripe's `image_url_svg`, drawn by the local provider itself.
    const image = await new Client().fetch(`/_dev/pay/${payment.sessionId}/qr.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await image.text()).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1".*<path d="M/);
    // The provider's page shows the same code, and its QR inline.
    const providerPage = await (await new Client().fetch(`/_dev/pay/${payment.sessionId}`)).text();
    expect(providerPage).toContain(body.code);
    expect(providerPage).toMatch(/<svg [^>]*viewBox="0 0 (\d+) \1"/);
  });

  it("gives a pending boleto's voucher, number and last day (23:59:59 in São Paulo)", async () => {
    const { client, payment, issuedAt } = await waitingTransfer("boleto");
    const { response, body } = await transferOf(client, payment.id);
    expect(response.status).toBe(200);
    if (body.method !== "boleto") throw new Error(`expected a boleto, got ${body.method}`);
    expect(body.voucherUrl).toBe(`${env.BASE_URL}/_dev/pay/${payment.sessionId}`);
    expect(body.number).toMatch(/^\d{47}$/);
    expect(body.expiresAt).toBe(new Date(transferExpiry("boleto", issuedAt)).toISOString());
    expect(body.expiresAt).toMatch(/T02:59:59\.000Z$/);
    // No QR image for a boleto.
    expect((await client.fetch(`/_dev/pay/${payment.sessionId}/qr.svg`)).status).toBe(404);
  });

  it("SECURITY 14: refuses a stranger (404, like the payment) and an anonymous visitor (401)", async () => {
    const { payment } = await waitingTransfer("pix");
    const stranger = await buyer();
    const refused = await transferOf(stranger.client, payment.id);
    expect(refused.response.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain("br.gov.bcb.pix");
    expect((await new Client().fetch(`/api/payments/${payment.id}/transfer`)).status).toBe(401);
    expect((await stranger.client.fetch("/api/payments/not-a-uuid/transfer")).status).toBe(404);
    expect(
      (await stranger.client.fetch(`/api/payments/${crypto.randomUUID()}/transfer`)).status,
    ).toBe(404);
  });

  it("answers 404 when nothing waits for a transfer: a checkout still open, a paid Pix, a forgotten session", async () => {
    const who = await buyer();
    const attemptId = await finishedAttempt(who.userId);
    const started = await startCheckout(who.client, attemptId, {}, "pt-br");
    expect((await transferOf(who.client, started.body.paymentId)).response.status).toBe(404);

    const { client, payment } = await waitingTransfer("pix");
    await settleTransfer(env, payment.sessionId);
    expect(await paymentOf(client, payment.id)).toMatchObject({ status: "approved" });
    expect((await transferOf(client, payment.id)).response.status).toBe(404);

    // A local session KV has forgotten waits for nothing: 404, not an error.
    const forgotten = await waitingTransfer("boleto");
    await env.KV.delete(`dev-pay:session:${forgotten.payment.sessionId}`);
    expect((await transferOf(forgotten.client, forgotten.payment.id)).response.status).toBe(404);
  });
});

describe("the pending e-mail", () => {
  const background = { waitUntil: (promise: Promise<unknown>) => void promise };

  it("goes once when a Pix starts waiting, in the buyer's language, with a link back to the pending page", async () => {
    const { client, email, payment } = await waitingTransfer("pix");
    const mail = await latestMail(email);
    expect(mail?.subject).toBe("Seu relatório está aguardando o Pix ou boleto");
    expect(mail?.text).toContain("R$\u00a049,90");
    const link = `${env.BASE_URL}/pt-br/pagamentos/pending/${payment.id}`;
    expect(mail?.links).toContain(link);
    const sent = await mailCount(email);
    expect(sent).toBe(1);

    // Read again, fulfilled again by a repeated event, or twice at once: still one.
    await client.fetch(`/api/payments/${payment.id}`);
    const row = await loadPayment(env, payment.id);
    if (!row) throw new Error("no payment row");
    await Promise.all([
      sendPendingMailOnce(env, row, background, Date.now()),
      sendPendingMailOnce(env, row, background, Date.now()),
    ]);
    expect(await mailCount(email)).toBe(sent);

    // The page behind the link reads the payment as its buyer: a stranger is refused (404),
    // here and in e2e/pending-transfer.test.ts.
    const stranger = await buyer();
    expect((await stranger.client.fetch(`/api/payments/${payment.id}`)).status).toBe(404);
  });

  it("goes for a boleto too, and not for a card payment", async () => {
    const { email } = await waitingTransfer("boleto");
    expect((await latestMail(email))?.subject).toBe(
      "Seu relatório está aguardando o Pix ou boleto",
    );
    const who = await buyer();
    const attemptId = await finishedAttempt(who.userId);
    const started = await startCheckout(who.client, attemptId);
    const row = await loadPayment(env, started.body.paymentId);
    if (!row) throw new Error("no payment row");
    const before = await mailCount(who.email);
    await sendPendingMailOnce(env, row, background, Date.now());
    expect(await mailCount(who.email)).toBe(before);
  });
});
