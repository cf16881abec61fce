import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../tests/fail-on-console-error";
import { Client, origin } from "../../../tests/worker/client";
import { checkoutRequest } from "../../../tests/worker/local-checkout";
import { buyer, finishedAttempt, paymentOf, startCheckout } from "../../../tests/worker/payments";
import type { CheckoutRequest } from "../../payments/provider";
import { createLocalProvider } from "./provider";
import { findLocalSession } from "./sessions";
import { localDeclineCodes } from "./stripe-objects";

/**
 * The local pay page: its content and forms, where each action sends the buyer, the session
 * it leaves behind and, through the real `receiveWebhook`, the payment's status. Actions that
 * deliver events act on payments started through the API (an event for no payment of ours
 * is logged as an error); the others use bare sessions.
 */

async function createSession(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkoutRequest(overrides);
  const { sessionId, url } = await createLocalProvider(env).createCheckout(request);
  return { request, sessionId, url, path: new URL(url).pathname };
}

/** A payment started through the API, and its session on the local pay page. */
async function apiSession(language: "en" | "pt-br" = "en") {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const { response, body } = await startCheckout(who.client, attemptId, {}, language);
  expect(response.status).toBe(201);
  const path = new URL(body.redirectUrl).pathname;
  const sessionId = path.split("/").pop() as string;
  const session = await findLocalSession(env, sessionId);
  if (!session) throw new Error("the API did not create a local session");
  const status = async () => (await paymentOf(who.client, body.paymentId)).status;
  return { path, sessionId, successUrl: session.successUrl, cancelUrl: session.cancelUrl, status };
}

async function page(path: string) {
  const response = await new Client().fetch(path);
  return { response, html: await response.text() };
}

function act(
  path: string,
  fields: Record<string, string>,
  options: { origin?: string | null } = {},
) {
  const form = new URLSearchParams(fields).toString();
  return new Client().fetch(path, {
    method: "POST",
    body: form,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    ...options,
  });
}

const testId = (id: string) => `data-testid="${id}"`;

describe("GET /_dev/pay/:sessionId", () => {
  it("shows an open USD checkout in English: the TEST label, the amount, card options", async () => {
    const { path, request } = await createSession({ currency: "USD", locale: "en" });
    const { response, html } = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(html).toContain(
      `<h1 data-testid="pay-banner">Test payment provider — no real money moves</h1>`,
    );
    expect(html).toContain('<div lang="en-US">');
    expect(html).toContain(`<span data-testid="pay-amount">$19.90</span>`);
    expect(html).toContain(request.orderId);
    expect(html).toContain('data-state="open"');
    for (const id of ["pay-card", "decline-reason", "pay-decline", "pay-cancel", "pay-expire"]) {
      expect(html).toContain(testId(id));
    }
    for (const code of localDeclineCodes) expect(html).toContain(`<option value="${code}">`);
    expect(html).toContain("Insufficient funds (insufficient_funds)");
    // Pix and boleto are for reais only; nothing after the payment yet.
    for (const id of [
      "pay-pix",
      "pay-boleto",
      "transfer-settle",
      "payment-refund",
      "back-to-shop",
    ]) {
      expect(html).not.toContain(testId(id));
    }
    expect(html).not.toContain("<script");
    expect(html).toContain(`<form method="post" action="${path}">`);
  });

  it("shows a BRL checkout in Portuguese, with Pix and boleto", async () => {
    const { path } = await createSession({ currency: "BRL", locale: "pt-br", totalCents: 3992 });
    const { html } = await page(path);
    expect(html).toContain("Provedor de pagamento de teste — nenhum dinheiro real é movimentado");
    expect(html).toContain('<div lang="pt-BR">');
    expect(html).toMatch(/data-testid="pay-amount">R\$\s39,92</);
    expect(html).toContain("Pagar com cartão (aprovado)");
    expect(html).toContain("Saldo insuficiente (insufficient_funds)");
    expect(html).toContain(testId("pay-pix"));
    expect(html).toContain(testId("pay-boleto"));
  });

  it("answers 404 for an unknown or malformed session id", async () => {
    for (const path of [
      "/_dev/pay/cs_test_local_unknown",
      "/_dev/pay/cs_live_123",
      "/_dev/pay/x%3Cy",
    ]) {
      const { response, html } = await page(path);
      expect(response.status).toBe(404);
      expect(html).toContain(testId("pay-not-found"));
    }
  });
});

describe("POST /_dev/pay/:sessionId", () => {
  it("pay by card: back to the success URL, payment approved; then dispute, lost", async () => {
    const { path, sessionId, successUrl, status } = await apiSession();
    const response = await act(path, { action: "pay_card" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(successUrl);
    expect(await findLocalSession(env, sessionId)).toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      method: "card",
    });
    expect(await status()).toBe("approved");
    const { html } = await page(path);
    expect(html).toContain('data-state="paid"');
    expect(html).toContain("Payment approved");
    for (const id of ["back-to-shop", "payment-refund", "dispute-open"]) {
      expect(html).toContain(testId(id));
    }
    expect(html).not.toContain(testId("pay-card"));

    expect((await act(path, { action: "dispute_open" })).headers.get("Location")).toBe(path);
    expect(await status()).toBe("in_mediation");
    const disputed = (await page(path)).html;
    expect(disputed).toContain('data-state="disputed"');
    expect(disputed).toContain(testId("dispute-won"));
    expect(disputed).toContain(testId("dispute-lost"));
    expect(disputed).not.toContain(testId("payment-refund"));
    await act(path, { action: "dispute_lost" });
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBe("dispute_lost");
    expect(await status()).toBe("charged_back");
    expect((await page(path)).html).toContain('data-state="dispute_lost"');
  });

  it("refund after a payment", async () => {
    const { path, sessionId, status } = await apiSession();
    await act(path, { action: "pay_card" });
    expect((await act(path, { action: "refund" })).status).toBe(303);
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBe("refunded");
    expect(await status()).toBe("refunded");
    const { html } = await page(path);
    expect(html).toContain("The payment was refunded.");
    expect(html).not.toContain(testId("dispute-open"));
  });

  it("a refund that fails after it was accepted: refund.failed reaches the shop, the payment stays refunded", async () => {
    expectConsoleError(); // the shop logs the failed refund for a person
    const { path, sessionId, status } = await apiSession();
    await act(path, { action: "pay_card" });
    await act(path, { action: "refund" });
    expect((await page(path)).html).toContain(testId("refund-fail"));
    expect((await act(path, { action: "refund_fail" })).status).toBe(303);
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBe("refund_failed");
    expect(await status()).toBe("refunded");
    const refund = await env.DB.prepare(
      "SELECT r.state, r.failure_reason AS reason FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.provider_session_id = ?",
    )
      .bind(sessionId)
      .first();
    expect(refund).toEqual({ state: "failed", reason: "expired_or_canceled_card" });
    const { html } = await page(path);
    expect(html).toContain("The refund failed after it was accepted");
    expect(html).not.toContain(testId("refund-fail"));
    // Only once, and only after a refund.
    expect((await act(path, { action: "refund_fail" })).status).toBe(409);
  });

  it("decline: back to the page, which shows the reason and offers to retry or give up", async () => {
    const { path, sessionId, successUrl, status } = await apiSession("pt-br");
    const response = await act(path, { action: "decline", declineCode: "expired_card" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(path);
    expect(await findLocalSession(env, sessionId)).toMatchObject({
      status: "open",
      afterPayment: "declined:expired_card",
    });
    expect(await status()).toBe("rejected");
    const { html } = await page(path);
    expect(html).toContain('data-state="declined"');
    expect(html).toContain(testId("decline-notice"));
    expect(html).toContain("O cartão foi recusado");
    expect(html).toContain("Motivo: Cartão vencido (expired_card)");
    expect(html).toContain(
      `<a href="${successUrl.replaceAll("&", "&amp;")}" data-testid="back-to-shop">Voltar à loja</a>`,
    );
    expect(html).toContain(testId("pay-card"));
    expect(html).toContain(testId("pay-pix"));

    // Trying again with a card that works.
    expect((await act(path, { action: "pay_card" })).headers.get("Location")).toBe(successUrl);
    expect((await findLocalSession(env, sessionId))?.paymentStatus).toBe("paid");
    expect(await status()).toBe("approved");
  });

  it("Pix: back to the shop while pending; the page then offers to pay it or let it expire", async () => {
    const { path, sessionId, successUrl, status } = await apiSession("pt-br");
    const issued = await act(path, { action: "pix" });
    expect(issued.status).toBe(303);
    expect(issued.headers.get("Location")).toBe(successUrl);
    expect(await status()).toBe("pending");
    const pending = (await page(path)).html;
    expect(pending).toContain('data-state="awaiting_transfer"');
    expect(pending).toContain("Aguardando o pagamento do Pix");
    expect(pending).toContain(testId("transfer-settle"));
    expect(pending).toContain("Pagar o Pix agora");
    expect(pending).toContain(testId("transfer-expire"));
    expect(pending).not.toContain(testId("pay-card"));

    expect((await act(path, { action: "settle" })).headers.get("Location")).toBe(path);
    expect((await findLocalSession(env, sessionId))?.paymentStatus).toBe("paid");
    expect(await status()).toBe("approved");
    expect((await page(path)).html).toContain("Pagamento aprovado");
  });

  it("boleto left to expire", async () => {
    const { path, sessionId, status } = await apiSession("pt-br");
    await act(path, { action: "boleto" });
    expect((await page(path)).html).toContain("Deixar o boleto expirar");
    await act(path, { action: "transfer_expire" });
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBe("transfer_expired");
    expect(await status()).toBe("cancelled");
    const { html } = await page(path);
    expect(html).toContain('data-state="transfer_expired"');
    expect(html).toContain("O boleto expirou sem ser pago");
    expect(html).not.toContain(testId("transfer-settle"));
  });

  it("cancel sends the buyer to the cancel URL and changes nothing, as at Stripe", async () => {
    const { path, request, sessionId } = await createSession({
      cancelUrl: `${origin}/checkout/cancelled?session={CHECKOUT_SESSION_ID}`,
    });
    const response = await act(path, { action: "cancel" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      request.cancelUrl.replace("{CHECKOUT_SESSION_ID}", sessionId),
    );
    expect(await findLocalSession(env, sessionId)).toMatchObject({
      status: "open",
      afterPayment: null,
    });
  });

  it.each([
    ["en", "/payments/cancelled/"],
    ["pt-br", "/pt-br/pagamentos/cancelled/"],
  ] as const)(
    "cancel and go back in %s lands on the cancelled page; reading it changes nothing, Try again's POST closes the checkout",
    async (language, cancelledPath) => {
      const who = await buyer();
      const attemptId = await finishedAttempt(who.userId);
      const started = await startCheckout(who.client, attemptId, {}, language);
      const { paymentId, redirectUrl } = started.body;
      const path = new URL(redirectUrl).pathname;
      const sessionId = path.split("/").pop() as string;

      // The buyer's one decision at the provider: straight to the cancelled page (the same
      // cancel URL goes to Stripe's Checkout Session).
      const left = await act(path, { action: "cancel" });
      expect(left.status).toBe(303);
      expect(left.headers.get("Location")).toBe(`${origin}${cancelledPath}${paymentId}`);

      // The page reads the payment (a GET, as often as it likes): nothing is cancelled by it,
      // and the provider's checkout stays open.
      for (let i = 0; i < 2; i++) {
        const view = await paymentOf(who.client, paymentId);
        expect(view).toMatchObject({ status: "awaiting", result: null });
      }
      expect((await findLocalSession(env, sessionId))?.status).toBe("open");

      // Try again: the page's POST cancels it and closes the checkout at the provider.
      const retry = await who.client.fetch(`/api/payments/${paymentId}/cancel`, {
        method: "POST",
        headers: language === "pt-br" ? { i18n: "pt-br" } : {},
      });
      expect(retry.status).toBe(200);
      expect(await retry.json()).toMatchObject({
        status: "cancelled",
        statusDetail: "canceled_by_user",
        result: "cancelled",
      });
      expect((await findLocalSession(env, sessionId))?.status).toBe("expired");
      const again = await startCheckout(who.client, attemptId, {}, language);
      expect(again.response.status).toBe(201);
    },
  );

  it("expire closes the checkout; a checkout past its time can only expire", async () => {
    const { path, sessionId, status } = await apiSession();
    expect((await act(path, { action: "expire" })).headers.get("Location")).toBe(path);
    expect((await findLocalSession(env, sessionId))?.status).toBe("expired");
    expect(await status()).toBe("cancelled");
    const expired = (await page(path)).html;
    expect(expired).toContain('data-state="expired"');
    expect(expired).toContain("This checkout has expired");
    expect(expired).not.toContain(testId("pay-card"));

    const late = await createSession({ expiresAt: Date.now() - 1000 });
    const latePage = (await page(late.path)).html;
    expect(latePage).toContain('data-state="past_expiry"');
    expect(latePage).toContain(testId("pay-expire"));
    expect(latePage).not.toContain(testId("pay-card"));
    const refused = await act(late.path, { action: "pay_card" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("it can only expire.");
  });

  it("refuses actions that do not fit the session with 409, in its language", async () => {
    const usd = await createSession({ currency: "USD", locale: "en" });
    const cases: [Record<string, string>, string][] = [
      [{ action: "pix" }, "Pix and boleto exist only for payments in reais (BRL)."],
      [{ action: "refund" }, "Nothing was paid on this checkout."],
    ];
    const brl = await createSession({ currency: "BRL", locale: "pt-br" });
    const ptCases: [Record<string, string>, string][] = [
      [{ action: "settle" }, "Nenhum Pix ou boleto está aguardando pagamento neste checkout."],
      [{ action: "dispute_won" }, "Este pagamento não tem contestação em aberto."],
    ];
    for (const [path, list, title] of [
      [usd.path, cases, "This action is not possible"],
      [brl.path, ptCases, "Esta ação não é possível"],
    ] as const) {
      for (const [fields, text] of list) {
        const response = await act(path, fields);
        expect(response.status).toBe(409);
        const html = await response.text();
        expect(html).toContain(testId("action-refused"));
        expect(html).toContain(title);
        expect(html).toContain(text);
        expect(html).toContain(`<a href="${path}">`);
      }
    }

    const expired = await apiSession();
    await act(expired.path, { action: "expire" });
    for (const action of ["pay_card", "pix", "cancel", "expire"]) {
      expect((await act(expired.path, { action })).status).toBe(409);
    }
    expect((await findLocalSession(env, expired.sessionId))?.status).toBe("expired");
  });

  it("refuses a malformed form with 400 and an unknown session with 404", async () => {
    const { path, sessionId } = await createSession();
    const forms: Record<string, string>[] = [
      {},
      { action: "steal" },
      { action: "decline" },
      { action: "decline", declineCode: "not_a_code" },
    ];
    for (const fields of forms) {
      const response = await act(path, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("The form was incomplete or invalid.");
    }
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBeNull();
    expect((await act("/_dev/pay/cs_test_local_unknown", { action: "pay_card" })).status).toBe(404);
  });

  it("refuses a POST from another origin (CSRF), like every dev form", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { path, sessionId } = await createSession();
    const response = await act(path, { action: "pay_card" }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await findLocalSession(env, sessionId))?.status).toBe("open");
  });
});
