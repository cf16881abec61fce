import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Client, origin } from "../../tests/worker/client";
import { checkoutRequest } from "../../tests/worker/local-checkout";
import {
  createLocalProvider,
  findLocalSession,
  localDeclineCodes,
} from "../payments/local-provider";
import type { CheckoutRequest } from "../payments/provider";

/**
 * The local pay page. Its actions deliver their events to the real `receiveWebhook`; what
 * those events do to a payment is tested with the webhook. Here: the page, its forms, where
 * each action sends the buyer and the session it leaves behind.
 */

beforeEach(() => {
  // The page warns when the shop refuses an event (these sessions have no payment row).
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

async function createSession(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkoutRequest(overrides);
  const { sessionId, url } = await createLocalProvider(env).createCheckout(request);
  return { request, sessionId, url, path: new URL(url).pathname };
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
  it("pay by card: back to the success URL; the page then offers refund and dispute", async () => {
    const { path, sessionId } = await createSession({
      successUrl: `${origin}/checkout/return?session={CHECKOUT_SESSION_ID}`,
    });
    const response = await act(path, { action: "pay_card" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${origin}/checkout/return?session=${sessionId}`);
    expect(await findLocalSession(env, sessionId)).toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      method: "card",
    });
    const { html } = await page(path);
    expect(html).toContain('data-state="paid"');
    expect(html).toContain("Payment approved");
    for (const id of ["back-to-shop", "payment-refund", "dispute-open"]) {
      expect(html).toContain(testId(id));
    }
    expect(html).not.toContain(testId("pay-card"));

    expect((await act(path, { action: "dispute_open" })).headers.get("Location")).toBe(path);
    const disputed = (await page(path)).html;
    expect(disputed).toContain('data-state="disputed"');
    expect(disputed).toContain(testId("dispute-won"));
    expect(disputed).toContain(testId("dispute-lost"));
    expect(disputed).not.toContain(testId("payment-refund"));
    await act(path, { action: "dispute_lost" });
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBe("dispute_lost");
    expect((await page(path)).html).toContain('data-state="dispute_lost"');
  });

  it("refund after a payment", async () => {
    const { path, sessionId } = await createSession();
    await act(path, { action: "pay_card" });
    expect((await act(path, { action: "refund" })).status).toBe(303);
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBe("refunded");
    const { html } = await page(path);
    expect(html).toContain("The payment was refunded.");
    expect(html).not.toContain(testId("dispute-open"));
  });

  it("decline: back to the page, which shows the reason and offers to retry or give up", async () => {
    const { path, request, sessionId } = await createSession({ currency: "BRL", locale: "pt-br" });
    const response = await act(path, { action: "decline", declineCode: "expired_card" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(path);
    expect(await findLocalSession(env, sessionId)).toMatchObject({
      status: "open",
      afterPayment: "declined:expired_card",
    });
    const { html } = await page(path);
    expect(html).toContain('data-state="declined"');
    expect(html).toContain(testId("decline-notice"));
    expect(html).toContain("O cartão foi recusado");
    expect(html).toContain("Motivo: Cartão vencido (expired_card)");
    expect(html).toContain(
      `<a href="${request.successUrl.replaceAll("&", "&amp;")}" data-testid="back-to-shop">Voltar à loja</a>`,
    );
    expect(html).toContain(testId("pay-card"));
    expect(html).toContain(testId("pay-pix"));

    // Trying again with a card that works.
    expect((await act(path, { action: "pay_card" })).headers.get("Location")).toBe(
      request.successUrl,
    );
    expect((await findLocalSession(env, sessionId))?.paymentStatus).toBe("paid");
  });

  it("Pix: back to the shop while pending; the page then offers to pay it or let it expire", async () => {
    const { path, request, sessionId } = await createSession({ currency: "BRL", locale: "pt-br" });
    const issued = await act(path, { action: "pix" });
    expect(issued.status).toBe(303);
    expect(issued.headers.get("Location")).toBe(request.successUrl);
    const pending = (await page(path)).html;
    expect(pending).toContain('data-state="awaiting_transfer"');
    expect(pending).toContain("Aguardando o pagamento do Pix");
    expect(pending).toContain(testId("transfer-settle"));
    expect(pending).toContain("Pagar o Pix agora");
    expect(pending).toContain(testId("transfer-expire"));
    expect(pending).not.toContain(testId("pay-card"));

    expect((await act(path, { action: "settle" })).headers.get("Location")).toBe(path);
    expect((await findLocalSession(env, sessionId))?.paymentStatus).toBe("paid");
    expect((await page(path)).html).toContain("Pagamento aprovado");
  });

  it("boleto left to expire", async () => {
    const { path, sessionId } = await createSession({ currency: "BRL", locale: "en" });
    await act(path, { action: "boleto" });
    expect((await page(path)).html).toContain("Let the boleto expire");
    await act(path, { action: "transfer_expire" });
    expect((await findLocalSession(env, sessionId))?.afterPayment).toBe("transfer_expired");
    const { html } = await page(path);
    expect(html).toContain('data-state="transfer_expired"');
    expect(html).toContain("The boleto expired unpaid");
    expect(html).not.toContain(testId("transfer-settle"));
  });

  it("cancel sends the buyer to the cancel URL and changes nothing, as at Stripe", async () => {
    const { path, request, sessionId } = await createSession();
    const response = await act(path, { action: "cancel" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(request.cancelUrl);
    expect(await findLocalSession(env, sessionId)).toMatchObject({
      status: "open",
      afterPayment: null,
    });
  });

  it("expire closes the checkout; a checkout past its time can only expire", async () => {
    const { path, sessionId } = await createSession();
    expect((await act(path, { action: "expire" })).headers.get("Location")).toBe(path);
    expect((await findLocalSession(env, sessionId))?.status).toBe("expired");
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
    const { path, sessionId } = await createSession({ currency: "USD", locale: "pt-br" });
    const cases: [Record<string, string>, string][] = [
      [{ action: "pix" }, "Pix e boleto só existem para pagamentos em reais (BRL)."],
      [{ action: "settle" }, "Nenhum Pix ou boleto está aguardando pagamento neste checkout."],
      [{ action: "refund" }, "Nada foi pago neste checkout."],
      [{ action: "dispute_won" }, "Este pagamento não tem contestação em aberto."],
    ];
    for (const [fields, text] of cases) {
      const response = await act(path, fields);
      expect(response.status).toBe(409);
      const html = await response.text();
      expect(html).toContain(testId("action-refused"));
      expect(html).toContain("Esta ação não é possível");
      expect(html).toContain(text);
      expect(html).toContain(`<a href="${path}">Voltar à página de pagamento</a>`);
    }
    await act(path, { action: "expire" });
    for (const action of ["pay_card", "cancel", "expire"]) {
      expect((await act(path, { action })).status).toBe(409);
    }
    expect((await findLocalSession(env, sessionId))?.status).toBe("expired");
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
    const { path, sessionId } = await createSession();
    const response = await act(path, { action: "pay_card" }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await findLocalSession(env, sessionId))?.status).toBe("open");
  });
});
