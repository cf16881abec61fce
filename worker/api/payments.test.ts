import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AttemptsList } from "../../core/attempts/attempts-list";
import type { CheckoutView } from "../../core/payments/checkout";
import { expectConsoleError } from "../../tests/fail-on-console-error";
import { Client, latestMail } from "../../tests/worker/client";
import {
  buyer,
  chargeObject,
  completedPaid,
  deliver,
  eventCount,
  finishedAttempt,
  paymentOf,
  paymentRow,
  providerPayment,
  sessionObject,
  startCheckout,
  stripeEvent,
} from "../../tests/worker/payments";
import { unreachableProviderDomain } from "../dev/pay/provider";
import { findLocalSession } from "../dev/pay/sessions";

/** A buyer with a started checkout: the payment row as the webhook will see it. */
async function openCheckout(coupon?: string) {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const { response, body } = await startCheckout(who.client, attemptId, coupon ? { coupon } : {});
  expect(response.status).toBe(201);
  const payment = await providerPayment(body.paymentId, attemptId);
  return { ...who, attemptId, payment, started: body };
}

async function statusOf(paymentId: string) {
  const row = await paymentRow(paymentId);
  return { status: row?.status, detail: row?.status_detail ?? null };
}

describe("checkout", () => {
  it("SECURITY 14: answers 401 to an anonymous visitor and 404 for someone else's or an unknown test", async () => {
    const owner = await buyer();
    const attemptId = await finishedAttempt(owner.userId);
    expect((await new Client().fetch(`/api/checkout/${attemptId}`)).status).toBe(401);
    const stranger = await buyer();
    expect((await stranger.client.fetch(`/api/checkout/${attemptId}`)).status).toBe(404);
    const started = await startCheckout(stranger.client, attemptId);
    expect(started.response.status).toBe(404);
    expect((await stranger.client.fetch(`/api/checkout/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await stranger.client.fetch("/api/checkout/not-a-uuid")).status).toBe(404);
  });

  it("prices in the reader's currency: USD in English, BRL in Portuguese, with its methods", async () => {
    const { client, userId } = await buyer();
    const attemptId = await finishedAttempt(userId);
    const en = (await (await client.fetch(`/api/checkout/${attemptId}`)).json()) as CheckoutView;
    expect(en).toMatchObject({
      attemptId,
      iqLabel: "112",
      price: { currency: "USD", cents: 1990 },
      methods: ["card", "wallets"],
      latestPayment: null,
      canPay: true,
    });
    const pt = (await (
      await client.fetch(`/api/checkout/${attemptId}`, { headers: { i18n: "pt-br" } })
    ).json()) as CheckoutView;
    expect(pt.price).toEqual({ currency: "BRL", cents: 4990 });
    expect(pt.methods).toEqual(["card", "pix", "boleto"]);
  });

  it("starts a payment at the configured price and sends the buyer to the provider's page", async () => {
    const { payment, started } = await openCheckout();
    expect(started.redirectUrl).toMatch(/\/_dev\/pay\/cs_test_local_/);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ status: "awaiting", total_cents: 1990 });
    expect(row?.provider_session_id).toMatch(/^cs_test_local_/);
  });

  it("SECURITY 21: the amount comes from the configured price, never from the request", async () => {
    const who = await buyer();
    const attemptId = await finishedAttempt(who.userId);
    const response = await who.client.fetch(`/api/checkout/${attemptId}/payments`, {
      body: { amount: 1, cents: 1, totalCents: 1, total_cents: 1, price: 0.01 },
    });
    expect(response.status).toBe(201);
    const rows = () =>
      env.DB.prepare(
        "select total_cents, currency from payments where attempt_id = ? order by created_at",
      )
        .bind(attemptId)
        .all<{ total_cents: number; currency: string }>();
    expect((await rows()).results).toEqual([{ total_cents: 1990, currency: "USD" }]);
    // A currency may be chosen (ADR 0043); its amount is still configuration's.
    const inReais = await who.client.fetch(`/api/checkout/${attemptId}/payments`, {
      body: { cents: 1, currency: "BRL" },
    });
    expect(inReais.status).toBe(201);
    expect((await rows()).results.at(-1)).toEqual({ total_cents: 4990, currency: "BRL" });
  });

  it("offers reais with Pix beside a dollar price seen from Brazil, and charges the chosen currency", async () => {
    const { client, userId } = await buyer();
    const attemptId = await finishedAttempt(userId);
    const view = async (query = "", headers: Record<string, string> = {}) =>
      (await (
        await client.fetch(`/api/checkout/${attemptId}${query}`, { headers })
      ).json()) as CheckoutView;
    const brazil = { "X-Dev-Country": "BR" };
    // From Brazil on the English site: dollars, and the offer in reais.
    expect(await view("", brazil)).toMatchObject({
      price: { currency: "USD", cents: 1990 },
      brazilOffer: { currency: "BRL", cents: 4990 },
    });
    // From elsewhere, or already in reais: no offer.
    expect((await view("", { "X-Dev-Country": "US" })).brazilOffer).toBeNull();
    expect((await view()).brazilOffer).toBeNull();
    expect((await view("", { ...brazil, i18n: "pt-br" })).brazilOffer).toBeNull();
    // Taken: the checkout in reais, with Pix and boleto, on the English site.
    const reais = await view("?currency=BRL", brazil);
    expect(reais).toMatchObject({ price: { currency: "BRL", cents: 4990 }, brazilOffer: null });
    expect(reais.methods).toEqual(["card", "pix", "boleto"]);
    // An unknown currency is the language's.
    expect((await view("?currency=EUR")).price).toEqual({ currency: "USD", cents: 1990 });
    const refused = await client.fetch(`/api/checkout/${attemptId}/payments`, {
      body: { currency: "EUR" },
    });
    expect(refused.status).toBe(400);
    const started = await client.fetch(`/api/checkout/${attemptId}/payments`, {
      body: { currency: "BRL" },
    });
    expect(started.status).toBe(201);
    const row = await env.DB.prepare(
      "select total_cents, currency from payments where attempt_id = ?",
    )
      .bind(attemptId)
      .first<{ total_cents: number; currency: string }>();
    expect(row).toEqual({ total_cents: 4990, currency: "BRL" });
  });

  it("answers 409 with the localized status while a payment is pending or approved", async () => {
    const { client, attemptId, payment } = await openCheckout();
    const pending = stripeEvent(
      "checkout.session.completed",
      sessionObject(payment, { status: "complete", payment_status: "unpaid" }),
    );
    expect((await deliver(pending)).status).toBe(200);
    const second = await startCheckout(client, attemptId);
    expect(second.response.status).toBe(409);
    expect(second.body).toMatchObject({
      code: "paymentConflict",
      fields: { system: ["This test has a payment in status Payment pending"] },
    });
    const pt = await startCheckout(client, attemptId, {}, "pt-br");
    expect(pt.body.fields).toEqual({
      system: ["Este teste tem um pagamento com status Pagamento pendente"],
    });

    expect((await deliver(completedPaid(payment))).status).toBe(200);
    const third = await startCheckout(client, attemptId);
    expect(third.response.status).toBe(409);
    expect(JSON.stringify(third.body.fields)).toContain("Approved");
  });

  it("a provider that cannot be reached: 503, the payment recorded as failure, the coupon free again", async () => {
    const client = new Client();
    const email = `buyer-${crypto.randomUUID()}@${unreachableProviderDomain}`;
    expect((await client.signUp({ email })).response.status).toBe(201);
    const userId = (await client.me()).id as string;
    const attemptId = await finishedAttempt(userId);
    const code = `DOWN-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    await env.DB.prepare(
      "INSERT INTO coupons (code, percent, uses_allowed, source, created_at) VALUES (?, 10, 1, 'operator', ?)",
    )
      .bind(code, Date.now())
      .run();
    expectConsoleError(); // the failure is logged for the operators
    const { response, body } = await startCheckout(client, attemptId, { coupon: code });
    expect(response.status).toBe(503);
    expect(body.code).toBe("serviceUnavailable");
    const row = await env.DB.prepare("SELECT id, status FROM payments WHERE attempt_id = ?")
      .bind(attemptId)
      .first<{ id: string; status: string }>();
    expect(row?.status).toBe("failure");
    expect((await paymentOf(client, row?.id as string)).result).toBe("failure");
    const lock = await env.DB.prepare("SELECT state FROM coupon_locks WHERE payment_id = ?")
      .bind(row?.id)
      .first<{ state: string }>();
    expect(lock?.state).toBe("released");
    // A failed payment keeps the test buyable.
    const view = (await (await client.fetch(`/api/checkout/${attemptId}`)).json()) as CheckoutView;
    expect(view.canPay).toBe(true);
  });

  it("two tabs paying at once with the same coupon: one checkout, and its coupon lock stands", async () => {
    const { client, userId } = await buyer();
    const attemptId = await finishedAttempt(userId);
    const code = `TABS-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    await env.DB.prepare(
      "INSERT INTO coupons (code, percent, uses_allowed, source, created_at) VALUES (?, 20, 1, 'operator', ?)",
    )
      .bind(code, Date.now())
      .run();
    const answers = await Promise.all([
      startCheckout(client, attemptId, { coupon: code }),
      startCheckout(client, attemptId, { coupon: code }),
    ]);
    // However the two interleave (refused with 409, or the later one closing the earlier):
    // one open checkout, and the coupon held by it alone.
    expect(answers.map((a) => a.response.status)).toContain(201);
    for (const a of answers) expect([201, 409]).toContain(a.response.status);
    const open = await env.DB.prepare(
      "SELECT id, total_cents FROM payments WHERE attempt_id = ? AND status = 'awaiting'",
    )
      .bind(attemptId)
      .all<{ id: string; total_cents: number }>();
    expect(open.results).toHaveLength(1);
    expect(open.results[0]?.total_cents).toBe(1592);
    const held = await env.DB.prepare(
      "SELECT payment_id FROM coupon_locks WHERE code = ? AND state = 'held'",
    )
      .bind(code)
      .all<{ payment_id: string }>();
    expect(held.results).toEqual([{ payment_id: open.results[0]?.id }]);
  });

  it.each([
    ["en", "Invalid Coupon!"],
    ["pt-br", "Cupom inválido!"],
  ] as const)(
    "a mistyped coupon in %s is the coupon field's validation error (400), not a missing page",
    async (language, text) => {
      const { client, userId } = await buyer();
      const attemptId = await finishedAttempt(userId);
      const headers: Record<string, string> = language === "pt-br" ? { i18n: "pt-br" } : {};
      // An unknown code, one that cannot be a code at all, and a buyer's share coupon asked
      // for by someone else: the same answer, so a code's existence stays unknown.
      const other = await openCheckout();
      await deliver(completedPaid(other.payment));
      const someoneElses = (await paymentOf(other.client, other.payment.id)).issuedCoupons.find(
        (coupon) => coupon.audience === "buyer",
      )?.code;
      expect(someoneElses).toBeDefined();
      for (const coupon of ["NO-SUCH-CODE", "no such code!", someoneElses]) {
        const quote = await client.fetch(`/api/checkout/${attemptId}/coupon`, {
          body: { coupon },
          headers,
        });
        expect(quote.status, coupon).toBe(400);
        expect(await quote.json()).toEqual({ status: 400, fields: { coupon: [text] } });
        const pay = await startCheckout(client, attemptId, { coupon }, language);
        expect(pay.response.status, coupon).toBe(400);
        expect(pay.body).toEqual({ status: 400, fields: { coupon: [text] } });
      }
      // Another buyer's test is still not found: the 404 is for what does not exist.
      const stranger = await client.fetch(`/api/checkout/${other.attemptId}/coupon`, {
        body: { coupon: "NO-SUCH-CODE" },
      });
      expect(stranger.status).toBe(404);
    },
  );

  it("a refused coupon at Pay leaves no order behind", async () => {
    const { client, userId } = await buyer();
    const attemptId = await finishedAttempt(userId);
    const { response, body } = await startCheckout(client, attemptId, { coupon: "NO-SUCH-CODE" });
    expect(response.status).toBe(400);
    expect(body.fields).toEqual({ coupon: ["Invalid Coupon!"] });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE attempt_id = ?")
      .bind(attemptId)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("a retry refused for its coupon leaves the open checkout open (found by the fuzzer)", async () => {
    const { client, attemptId, payment } = await openCheckout();
    const refused = await startCheckout(client, attemptId, { coupon: "NO-SUCH-CODE" });
    expect(refused.response.status).toBe(400);
    expect(await statusOf(payment.id)).toEqual({ status: "awaiting", detail: null });
    const session = await findLocalSession(env, payment.sessionId);
    expect(session?.status).toBe("open");
  });

  it("a second checkout closes the first: one test never has two live checkouts", async () => {
    const { client, attemptId, payment } = await openCheckout();
    const again = await startCheckout(client, attemptId);
    expect(again.response.status).toBe(201);
    expect(await statusOf(payment.id)).toEqual({ status: "cancelled", detail: null });
    expect((await statusOf(again.body.paymentId)).status).toBe("awaiting");
  });
});

describe("POST /api/payments/webhook", () => {
  it("applies a validly signed event", async () => {
    const { payment } = await openCheckout();
    const response = await deliver(completedPaid(payment));
    expect(response.status).toBe(200);
    expect(await statusOf(payment.id)).toEqual({ status: "approved", detail: "accredited" });
  });

  it("SECURITY 17: refuses a wrong secret, a stale timestamp, a missing or tampered signature with 400, touching nothing", async () => {
    const { payment } = await openCheckout();
    const event = completedPaid(payment);
    const stale = Math.floor(Date.now() / 1000) - 301;
    for (const response of [
      await deliver(event, { secret: "whsec_not_ours" }),
      await deliver(event, { timestamp: stale }),
      await deliver(event, { signature: null }),
      await deliver(event, { signature: "t=1,v1=deadbeef" }),
    ]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { received: boolean }).received).toBe(false);
    }
    expect(await statusOf(payment.id)).toEqual({ status: "awaiting", detail: null });
    expect(await eventCount(payment.id)).toBe(0);
  });

  it("SECURITY 18: a duplicate makes one transition; ten concurrent deliveries too", async () => {
    const { payment } = await openCheckout();
    const event = completedPaid(payment);
    expect((await deliver(event)).status).toBe(200);
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ received: true, duplicate: true });
    expect(await eventCount(payment.id)).toBe(1);
    const before = await paymentRow(payment.id);

    const other = await openCheckout();
    const concurrent = completedPaid(other.payment);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(concurrent)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await eventCount(other.payment.id)).toBe(1);
    const after = await paymentRow(other.payment.id);
    expect(after).toMatchObject({ status: "approved", version: before?.version });
  });

  it("acknowledges and ignores an event type it does not act on", async () => {
    const { payment } = await openCheckout();
    const response = await deliver(
      stripeEvent("customer.created", { id: "cus_1", object: "customer" }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, ignored: true });
    expect(await statusOf(payment.id)).toEqual({ status: "awaiting", detail: null });
  });

  it("SECURITY 19: an async success before the checkout's completion ends approved", async () => {
    const { payment } = await openCheckout();
    const succeeded = stripeEvent(
      "checkout.session.async_payment_succeeded",
      sessionObject(payment, { status: "complete", payment_status: "paid" }),
    );
    const completedUnpaid = stripeEvent(
      "checkout.session.completed",
      sessionObject(payment, { status: "complete", payment_status: "unpaid" }),
    );
    await deliver(succeeded);
    await deliver(completedUnpaid);
    expect(await statusOf(payment.id)).toEqual({ status: "approved", detail: "accredited" });
  });

  it("SECURITY 19: a refund or a dispute that arrives before a replayed completion wins", async () => {
    const refunded = await openCheckout();
    await deliver(stripeEvent("charge.refunded", chargeObject(refunded.payment)));
    const completion = completedPaid(refunded.payment);
    await deliver(completion);
    await deliver(completion);
    expect(await statusOf(refunded.payment.id)).toEqual({ status: "refunded", detail: null });

    const disputed = await openCheckout();
    await deliver(
      stripeEvent("charge.dispute.created", {
        id: "dp_1",
        object: "dispute",
        status: "needs_response",
        payment_intent: chargeObject(disputed.payment).payment_intent,
        metadata: { order_id: disputed.payment.id },
      }),
    );
    await deliver(completedPaid(disputed.payment));
    expect(await statusOf(disputed.payment.id)).toEqual({ status: "in_mediation", detail: null });
  });

  it("SECURITY 20: a card decline is shown with its reason; a later payment on the same checkout is approved", async () => {
    const { client, payment } = await openCheckout();
    await deliver(
      stripeEvent("payment_intent.payment_failed", {
        id: chargeObject(payment).payment_intent,
        object: "payment_intent",
        status: "requires_payment_method",
        metadata: { order_id: payment.id },
        last_payment_error: { code: "card_declined", decline_code: "insufficient_funds" },
      }),
    );
    const rejected = await paymentOf(client, payment.id);
    expect(rejected).toMatchObject({
      status: "rejected",
      statusDetail: "cc_rejected_insufficient_amount",
      result: "failure",
    });
    await deliver(completedPaid(payment));
    expect((await paymentOf(client, payment.id)).result).toBe("success");
  });
});

describe("fulfilment", () => {
  it("SECURITY 19: on approval: two share coupons and one receipt, however often the event comes", async () => {
    const { client, payment, email } = await openCheckout();
    const event = completedPaid(payment);
    await Promise.all([deliver(event), deliver(event), deliver(completedPaid(payment))]);
    const view = await paymentOf(client, payment.id);
    expect(view.issuedCoupons.map((c) => [c.audience, c.percent]).sort()).toEqual([
      ["buyer", 20],
      ["friend", 20],
    ]);
    const mails = await env.DB.prepare('SELECT subject FROM email_outbox WHERE "to" = ?')
      .bind(email)
      .all<{ subject: string }>();
    expect(mails.results.map((m) => m.subject)).toEqual([
      "Payment received: your Lumen IQ premium report",
    ]);
    const receipt = await latestMail(email);
    expect(receipt?.text).toContain("US$\u00a019.90");
    for (const coupon of view.issuedCoupons) expect(receipt?.text).toContain(coupon.code);
  });

  it("SECURITY 15: the report opens only once approved, and closes again on a refund", async () => {
    const { client, attemptId, payment } = await openCheckout();
    const report = () => client.fetch(`/api/tests/${attemptId}/report`);
    const first = await report();
    expect(first.status).toBe(402);
    expect(await first.json()).toMatchObject({ code: "paymentRequired" });

    await deliver(
      stripeEvent(
        "checkout.session.completed",
        sessionObject(payment, { status: "complete", payment_status: "unpaid" }),
      ),
    );
    const pending = await report();
    expect(pending.status).toBe(402);
    expect(await pending.json()).toMatchObject({ code: "paymentPending" });

    await deliver(
      stripeEvent(
        "checkout.session.async_payment_succeeded",
        sessionObject(payment, { status: "complete", payment_status: "paid" }),
      ),
    );
    const open = await report();
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ attemptId, status: "ready" });

    await deliver(stripeEvent("charge.refunded", chargeObject(payment)));
    expect((await report()).status).toBe(402);
    const stranger = await buyer();
    expect((await stranger.client.fetch(`/api/tests/${attemptId}/report`)).status).toBe(404);
  });

  it("the tests list shows each test's payment status, and a pending one's way back to its page", async () => {
    const { client, attemptId, payment } = await openCheckout();
    const row = async () => {
      const list = (await (await client.fetch("/api/tests")).json()) as AttemptsList;
      const found = list.tests.find((t) => t.id === attemptId);
      if (found?.status !== "finished") throw new Error("the finished test is not listed");
      return found;
    };
    expect(await row()).toMatchObject({ paymentStatus: "awaiting", pendingPaymentId: null });

    // A Pix or boleto waits for its transfer: the row leads back to the pending page.
    await deliver(
      stripeEvent(
        "checkout.session.completed",
        sessionObject(payment, { status: "complete", payment_status: "unpaid" }),
      ),
    );
    expect(await row()).toMatchObject({ paymentStatus: "pending", pendingPaymentId: payment.id });

    await deliver(
      stripeEvent(
        "checkout.session.async_payment_succeeded",
        sessionObject(payment, { status: "complete", payment_status: "paid" }),
      ),
    );
    expect(await row()).toMatchObject({ paymentStatus: "approved", pendingPaymentId: null });
  });

  it("the buyer back before any event reads the provider: awaiting, waiting for the webhook", async () => {
    const { client, payment } = await openCheckout();
    const view = await paymentOf(client, payment.id);
    expect(view).toMatchObject({
      status: "awaiting",
      statusDetail: "waiting_webhook_message",
      result: null,
    });
    const stranger = await buyer();
    expect((await stranger.client.fetch(`/api/payments/${payment.id}`)).status).toBe(404);
  });

  it("SECURITY 15: the success page's query string proves nothing: still awaiting, report closed", async () => {
    const { client, attemptId, payment } = await openCheckout();
    const claims = "?status=approved&payment_status=paid&redirect_status=succeeded&paid=1";
    const view = (await (
      await client.fetch(`/api/payments/${payment.id}${claims}&session_id=${payment.sessionId}`)
    ).json()) as { status: string };
    expect(view.status).toBe("awaiting");
    expect((await client.fetch(`/api/tests/${attemptId}/report${claims}`)).status).toBe(402);
    expect((await statusOf(payment.id)).status).toBe("awaiting");
  });

  it("the buyer cancels: the checkout closes, the test can be bought again", async () => {
    const { client, attemptId, payment } = await openCheckout();
    const cancelled = await client.fetch(`/api/payments/${payment.id}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({
      status: "cancelled",
      statusDetail: "canceled_by_user",
      result: "cancelled",
    });
    // A late completion of the closed checkout would still be money received: it wins.
    const again = await startCheckout(client, attemptId);
    expect(again.response.status).toBe(201);
  });
});
