import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { paymentStatusDetails, rejectionDetail } from "../../../core/payments/payment-machine";
import { origin } from "../../../tests/worker/client";
import { checkoutRequest, recordingReceiver } from "../../../tests/worker/local-checkout";
import {
  buyer,
  finishedAttempt,
  paymentOf,
  paymentRow,
  startCheckout,
} from "../../../tests/worker/payments";
import type { CheckoutRequest } from "../../payments/provider";
import { signStripePayload } from "../../payments/stripe-events";
import {
  closeDispute,
  declineCard,
  expireSession,
  expireTransfer,
  issueTransfer,
  openDispute,
  payByCard,
  refund,
  settleTransfer,
} from "./buyer-actions";
import { deliverLocalEvent, localWebhookSecret } from "./delivery";
import { createLocalProvider } from "./provider";
import {
  completedSessionKeptMs,
  findLocalSession,
  LocalActionRefused,
  type LocalSession,
} from "./sessions";
import { localCheckoutSession, localDeclineCodes, localEvent } from "./stripe-objects";

const provider = () => createLocalProvider(env);

async function createSession(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkoutRequest(overrides);
  const created = await provider().createCheckout(request);
  return { request, sessionId: created.sessionId, url: created.url };
}

async function refusal(action: Promise<unknown>): Promise<string> {
  const error = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LocalActionRefused);
  return (error as LocalActionRefused).reason;
}

describe("createCheckout", () => {
  it("stores an open, unpaid session and points the buyer at the local pay page", async () => {
    const request = checkoutRequest({ currency: "BRL", locale: "pt-br", totalCents: 3992 });
    const created = await provider().createCheckout(request);
    expect(created.sessionId).toMatch(/^cs_test_local_[A-Za-z0-9]{24}$/);
    expect(created.url).toBe(`${origin}/_dev/pay/${created.sessionId}`);
    const session = await findLocalSession(env, created.sessionId);
    expect(session).toMatchObject({
      orderId: request.orderId,
      status: "open",
      paymentStatus: "unpaid",
      method: null,
      afterPayment: null,
      currency: "BRL",
      amountCents: 3992,
      locale: "pt-br",
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: request.expiresAt,
    });
    expect(session?.paymentIntentId).toMatch(/^pi_test_local_[A-Za-z0-9]{24}$/);
  });

  it("is idempotent on the order: a second create answers the same session", async () => {
    const request = checkoutRequest();
    const [first, second] = await Promise.all([
      provider().createCheckout(request),
      provider().createCheckout({ ...request, totalCents: 1 }),
    ]);
    expect(second).toEqual(first);
    const { keys } = await env.KV.list({ prefix: "dev-pay:session:" });
    const sessions = await Promise.all(
      keys.map((key) => env.KV.get<LocalSession>(key.name, "json")),
    );
    expect(sessions.filter((session) => session?.orderId === request.orderId)).toHaveLength(1);
  });
});

describe("the sessions' expiry in KV", () => {
  /** When KV forgets a session, in seconds since the epoch. */
  async function forgottenAt(sessionId: string): Promise<number | undefined> {
    const { keys } = await env.KV.list({ prefix: `dev-pay:session:${sessionId}` });
    return keys[0]?.expiration;
  }
  const windowSeconds = Number(env.CHECKOUT_EXPIRY_MINUTES) * 60;

  it("keeps a session one checkout window past its expiry, then forgets it", async () => {
    const { request, sessionId } = await createSession();
    const expected = Math.floor(request.expiresAt / 1000) + windowSeconds;
    expect(Math.abs(((await forgottenAt(sessionId)) ?? 0) - expected)).toBeLessThanOrEqual(2);
  });

  it("never asks KV for less than its 60 s, even for a checkout long past its time", async () => {
    const { sessionId } = await createSession({ expiresAt: Date.now() - 2 * windowSeconds * 1000 });
    const expected = Math.floor(Date.now() / 1000) + 60;
    expect(Math.abs(((await forgottenAt(sessionId)) ?? 0) - expected)).toBeLessThanOrEqual(2);
    expect(await findLocalSession(env, sessionId)).toMatchObject({ status: "open" });
  });

  it("keeps a completed session 30 days, so its payment can still be refunded or its transfer paid", async () => {
    const keptSeconds = completedSessionKeptMs / 1000;
    const paid = await createSession();
    await payByCard(env, paid.sessionId, recordingReceiver().receive);
    const waiting = await createSession({ currency: "BRL", locale: "pt-br" });
    await issueTransfer(env, waiting.sessionId, "pix", recordingReceiver().receive);
    for (const { sessionId } of [paid, waiting]) {
      const expected = Math.floor(Date.now() / 1000) + keptSeconds;
      expect(Math.abs(((await forgottenAt(sessionId)) ?? 0) - expected)).toBeLessThanOrEqual(2);
    }
  });
});

describe("readCheckout and orderOfPayment", () => {
  it("answers a fresh session's truth: nothing has happened yet", async () => {
    const { request, sessionId } = await createSession();
    const session = await findLocalSession(env, sessionId);
    expect(await provider().readCheckout(sessionId)).toEqual({
      sessionId,
      orderId: request.orderId,
      paymentIntentId: session?.paymentIntentId,
      signal: null,
    });
    expect(await provider().orderOfPayment(session?.paymentIntentId ?? "")).toBe(request.orderId);
    expect(await provider().orderOfPayment("pi_test_local_unknown")).toBeNull();
  });

  it("renders the row as a Stripe Checkout Session", async () => {
    const { request, sessionId } = await createSession({ locale: "pt-br", currency: "BRL" });
    const session = await findLocalSession(env, sessionId);
    if (!session) throw new Error("no session");
    const stripeSession = localCheckoutSession(session, true);
    expect(stripeSession).toMatchObject({
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      currency: "brl",
      amount_total: 4990,
      client_reference_id: request.orderId,
      metadata: { order_id: request.orderId },
      locale: "pt-BR",
      livemode: false,
      expires_at: Math.floor(request.expiresAt / 1000),
      url: `${origin}/_dev/pay/${sessionId}`,
      payment_method_types: ["card", "pix", "boleto"],
      payment_intent: {
        id: session.paymentIntentId,
        object: "payment_intent",
        status: "requires_payment_method",
        metadata: { order_id: request.orderId },
        last_payment_error: null,
      },
    });
  });

  it("refuses an unknown session", async () => {
    expect(await refusal(provider().readCheckout("cs_test_local_unknown"))).toBe("not_found");
  });
});

describe("buyer actions", () => {
  it("payByCard completes the session paid and delivers checkout.session.completed", async () => {
    const { request, sessionId } = await createSession();
    const { receive, delivered } = recordingReceiver();
    const before = Math.floor(Date.now() / 1000);
    const result = await payByCard(env, sessionId, receive);
    const paymentIntentId = result.session.paymentIntentId;
    expect(result.session).toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      method: "card",
    });
    expect(result.truth).toEqual({
      sessionId,
      orderId: request.orderId,
      paymentIntentId,
      signal: { kind: "paid" },
    });
    expect(delivered).toHaveLength(1);
    const [{ event, mapped }] = delivered as [(typeof delivered)[number]];
    expect(event).toMatchObject({
      object: "event",
      type: "checkout.session.completed",
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object: { id: sessionId, status: "complete", payment_status: "paid" } },
    });
    expect(event.id).toMatch(/^evt_local_[A-Za-z0-9]{24}$/);
    expect(event.created).toBeGreaterThanOrEqual(before);
    expect(mapped).toEqual({
      id: event.id,
      type: "checkout.session.completed",
      orderId: request.orderId,
      sessionId,
      paymentIntentId,
      signal: { kind: "paid" },
    });
    expect(await provider().readCheckout(sessionId)).toEqual(result.truth);
  });

  it("declineCard leaves the session open with the decline; the buyer may then pay", async () => {
    const { request, sessionId } = await createSession();
    const { receive, delivered } = recordingReceiver();
    const declined = await declineCard(env, sessionId, "insufficient_funds", receive);
    expect(declined.session).toMatchObject({ status: "open", paymentStatus: "unpaid" });
    expect(declined.truth.signal).toEqual({ kind: "declined", declineCode: "insufficient_funds" });
    expect(delivered.map((d) => d.mapped)).toEqual([
      {
        id: expect.stringMatching(/^evt_local_/),
        type: "payment_intent.payment_failed",
        orderId: request.orderId,
        sessionId: null,
        paymentIntentId: declined.session.paymentIntentId,
        signal: { kind: "declined", declineCode: "insufficient_funds" },
      },
    ]);
    expect(delivered[0]?.event.data.object).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      metadata: { order_id: request.orderId },
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
      },
    });
    expect((await provider().readCheckout(sessionId)).signal).toEqual(declined.truth.signal);

    const paid = await payByCard(env, sessionId, receive);
    expect(paid.truth.signal).toEqual({ kind: "paid" });
    expect(delivered.map((d) => d.event.type)).toEqual([
      "payment_intent.payment_failed",
      "checkout.session.completed",
    ]);
  });

  it("each event has its own id", async () => {
    const { sessionId } = await createSession();
    const { receive, delivered } = recordingReceiver();
    await declineCard(env, sessionId, "generic_decline", receive);
    await declineCard(env, sessionId, "generic_decline", receive);
    expect(new Set(delivered.map((d) => d.event.id)).size).toBe(2);
  });

  it("the page's decline codes reach every card rejection detail of the spec", () => {
    const reached = new Set(localDeclineCodes.map((code) => rejectionDetail(code)));
    const rejections = paymentStatusDetails.filter((detail) => detail.startsWith("cc_rejected_"));
    expect([...reached].sort()).toEqual([...rejections].sort());
  });

  it("Pix: issued (completed unpaid), then paid (async_payment_succeeded)", async () => {
    const { request, sessionId } = await createSession({ currency: "BRL", locale: "pt-br" });
    const { receive, delivered } = recordingReceiver();
    const issued = await issueTransfer(env, sessionId, "pix", receive);
    expect(issued.session).toMatchObject({
      status: "complete",
      paymentStatus: "unpaid",
      method: "pix",
    });
    expect(issued.truth.signal).toEqual({ kind: "awaiting_transfer" });
    const settled = await settleTransfer(env, sessionId, receive);
    expect(settled.session.paymentStatus).toBe("paid");
    expect(settled.truth.signal).toEqual({ kind: "paid" });
    expect(
      delivered.map(({ mapped }) => [mapped.type, mapped.orderId, mapped.sessionId, mapped.signal]),
    ).toEqual([
      ["checkout.session.completed", request.orderId, sessionId, { kind: "awaiting_transfer" }],
      ["checkout.session.async_payment_succeeded", request.orderId, sessionId, { kind: "paid" }],
    ]);
    expect(delivered[0]?.event.data.object).toMatchObject({ payment_status: "unpaid" });
    expect(delivered[1]?.event.data.object).toMatchObject({ payment_status: "paid" });
  });

  it("boleto: issued, then expired unpaid (async_payment_failed)", async () => {
    const { request, sessionId } = await createSession({ currency: "BRL" });
    const { receive, delivered } = recordingReceiver();
    await issueTransfer(env, sessionId, "boleto", receive);
    const failed = await expireTransfer(env, sessionId, receive);
    expect(failed.session).toMatchObject({
      status: "complete",
      paymentStatus: "unpaid",
      method: "boleto",
      afterPayment: "transfer_expired",
    });
    expect(delivered[1]?.mapped).toMatchObject({
      type: "checkout.session.async_payment_failed",
      orderId: request.orderId,
      signal: { kind: "transfer_expired" },
    });
    expect(await refusal(settleTransfer(env, sessionId, receive))).toBe("not_awaiting_transfer");
    expect(await refusal(expireTransfer(env, sessionId, receive))).toBe("not_awaiting_transfer");
    expect(delivered).toHaveLength(2);
  });

  it("expireCheckout expires an open session once; a completed one is left as it is", async () => {
    const { request, sessionId } = await createSession();
    const { receive, delivered } = recordingReceiver();
    const expired = await expireSession(env, sessionId, receive);
    expect(expired.session.status).toBe("expired");
    expect(expired.truth.signal).toEqual({ kind: "expired" });
    expect(delivered.map((d) => d.mapped)).toEqual([
      expect.objectContaining({
        type: "checkout.session.expired",
        orderId: request.orderId,
        sessionId,
        signal: { kind: "expired" },
      }),
    ]);
    expect(await expireSession(env, sessionId, receive)).toMatchObject({ deliveries: [] });

    const paid = await createSession();
    await payByCard(env, paid.sessionId, receive);
    const truth = await provider().expireCheckout(paid.sessionId);
    expect(truth.signal).toEqual({ kind: "paid" });
    expect((await findLocalSession(env, paid.sessionId))?.status).toBe("complete");
    expect(delivered).toHaveLength(2);
  });

  it("refund after a card payment: charge.refunded with the payment and the order", async () => {
    const { request, sessionId } = await createSession();
    const { receive, delivered } = recordingReceiver();
    const paid = await payByCard(env, sessionId, receive);
    const refunded = await refund(env, sessionId, receive);
    expect(refunded.session.afterPayment).toBe("refunded");
    expect(delivered[1]?.mapped).toEqual({
      id: expect.stringMatching(/^evt_local_/),
      type: "charge.refunded",
      orderId: request.orderId,
      sessionId: null,
      paymentIntentId: paid.session.paymentIntentId,
      signal: { kind: "refunded" },
    });
    expect(delivered[1]?.event.data.object).toMatchObject({
      object: "charge",
      refunded: true,
      amount: 1990,
      amount_refunded: 1990,
      payment_intent: paid.session.paymentIntentId,
    });
    expect(await refusal(refund(env, sessionId, receive))).toBe("already_after_payment");
    expect(await refusal(openDispute(env, sessionId, receive))).toBe("already_after_payment");
  });

  it("disputes carry the payment (not our metadata, as Stripe's) and close won or lost", async () => {
    const { receive, delivered } = recordingReceiver();
    for (const outcome of ["won", "lost"] as const) {
      const { request, sessionId } = await createSession();
      const paid = await payByCard(env, sessionId, receive);
      const paymentIntentId = paid.session.paymentIntentId;
      expect(await refusal(closeDispute(env, sessionId, outcome, receive))).toBe("not_disputed");
      await openDispute(env, sessionId, receive);
      const closed = await closeDispute(env, sessionId, outcome, receive);
      expect(closed.session.afterPayment).toBe(`dispute_${outcome}`);
      const [created, decided] = delivered.slice(-2).map((d) => d.mapped);
      expect(created).toMatchObject({
        type: "charge.dispute.created",
        orderId: null,
        paymentIntentId,
        signal: { kind: "dispute_opened" },
      });
      expect(decided).toMatchObject({
        type: "charge.dispute.closed",
        paymentIntentId,
        signal: { kind: outcome === "won" ? "dispute_won" : "dispute_lost" },
      });
      expect(await provider().orderOfPayment(paymentIntentId)).toBe(request.orderId);
      expect(await refusal(closeDispute(env, sessionId, "won", receive))).toBe("not_disputed");
    }
  });
});

describe("actions that do not fit the session", () => {
  it("are refused, write nothing and deliver nothing", async () => {
    const { receive, delivered } = recordingReceiver();
    const usd = await createSession({ currency: "USD" });
    expect(await refusal(issueTransfer(env, usd.sessionId, "pix", receive))).toBe("not_brl");
    expect(await refusal(settleTransfer(env, usd.sessionId, receive))).toBe(
      "not_awaiting_transfer",
    );
    expect(await refusal(refund(env, usd.sessionId, receive))).toBe("not_paid");
    expect(await refusal(openDispute(env, usd.sessionId, receive))).toBe("not_paid");
    expect((await findLocalSession(env, usd.sessionId))?.status).toBe("open");

    await expireSession(env, usd.sessionId, receive);
    expect(await refusal(payByCard(env, usd.sessionId, receive))).toBe("not_open");
    expect(await refusal(declineCard(env, usd.sessionId, "fraudulent", receive))).toBe("not_open");

    const card = await createSession({ currency: "BRL" });
    await payByCard(env, card.sessionId, receive);
    expect(await refusal(settleTransfer(env, card.sessionId, receive))).toBe(
      "not_awaiting_transfer",
    );
    expect(await refusal(issueTransfer(env, card.sessionId, "boleto", receive))).toBe("not_open");
    expect(await refusal(payByCard(env, card.sessionId, receive))).toBe("not_open");

    const late = await createSession({ expiresAt: Date.now() - 1000 });
    expect(await refusal(payByCard(env, late.sessionId, receive))).toBe("checkout_expired");
    expect(await refusal(payByCard(env, "cs_test_local_unknown", receive))).toBe("not_found");

    expect(delivered.map((d) => d.event.type)).toEqual([
      "checkout.session.expired",
      "checkout.session.completed",
    ]);
  });

  it("two concurrent payments of one session: one wins, the other is refused", async () => {
    const { sessionId } = await createSession({ currency: "BRL" });
    const { receive, delivered } = recordingReceiver();
    const results = await Promise.allSettled([
      payByCard(env, sessionId, receive),
      issueTransfer(env, sessionId, "pix", receive),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(LocalActionRefused);
    expect(delivered).toHaveLength(1);
  });
});

describe("webhook signatures", () => {
  it("deliverLocalEvent signs with the local secret; verifyWebhook refuses anything else", async () => {
    const { sessionId } = await createSession();
    const session = await findLocalSession(env, sessionId);
    if (!session) throw new Error("no session");
    const event = localEvent("checkout.session.expired", localCheckoutSession(session));
    const seen: { rawBody: string; signature: string | null }[] = [];
    const answer = await deliverLocalEvent(env, event, async (_env, rawBody, signature) => {
      seen.push({ rawBody, signature });
      return { status: 200, body: { received: true } };
    });
    expect(answer).toEqual({ status: 200, body: { received: true } });
    const [{ rawBody, signature }] = seen as [(typeof seen)[number]];
    expect(JSON.parse(rawBody)).toEqual(event);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const verify = provider().verifyWebhook;
    expect(await verify(rawBody, signature)).toMatchObject({ ok: true, event: { id: event.id } });
    expect(await verify(rawBody, null)).toEqual({ ok: false, reason: "missing_signature" });
    const otherSecret = await signStripePayload(rawBody, "whsec_someone_else");
    expect(await verify(rawBody, otherSecret)).toEqual({ ok: false, reason: "bad_signature" });
    expect(await verify(`${rawBody} `, signature)).toEqual({ ok: false, reason: "bad_signature" });
    const stale = await signStripePayload(
      rawBody,
      localWebhookSecret,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(await verify(rawBody, stale)).toEqual({ ok: false, reason: "bad_signature" });
  });
});

/** A payment started through the API, as a buyer would: its local session is the checkout. */
async function apiPayment(language: "en" | "pt-br" = "en") {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const { response, body } = await startCheckout(who.client, attemptId, {}, language);
  expect(response.status).toBe(201);
  const sessionId = new URL(body.redirectUrl).pathname.split("/").pop() as string;
  expect(sessionId).toMatch(/^cs_test_local_/);
  const status = async () => {
    const view = await paymentOf(who.client, body.paymentId);
    return { status: view.status, detail: view.statusDetail };
  };
  return { ...who, attemptId, paymentId: body.paymentId, sessionId, status };
}

describe("end to end: the actions' events through the real receiveWebhook", () => {
  it("a card payment approves the payment", async () => {
    const { paymentId, sessionId, status } = await apiPayment();
    expect((await status()).status).toBe("awaiting");
    const result = await payByCard(env, sessionId);
    expect(result.deliveries.map((d) => d.answer)).toEqual([
      { status: 200, body: { received: true } },
    ]);
    expect(await status()).toEqual({ status: "approved", detail: "accredited" });
    const session = await findLocalSession(env, sessionId);
    expect((await paymentRow(paymentId))?.provider_payment_id).toBe(session?.paymentIntentId);
  });

  it("a decline rejects it with the spec's detail; a retry on the same checkout approves it", async () => {
    const { sessionId, status } = await apiPayment();
    await declineCard(env, sessionId, "insufficient_funds");
    expect(await status()).toEqual({
      status: "rejected",
      detail: "cc_rejected_insufficient_amount",
    });
    await payByCard(env, sessionId);
    expect((await status()).status).toBe("approved");
  });

  it("Pix: pending while the transfer waits, approved once paid", async () => {
    const { sessionId, status } = await apiPayment("pt-br");
    await issueTransfer(env, sessionId, "pix");
    expect(await status()).toEqual({ status: "pending", detail: "pending_waiting_transfer" });
    await settleTransfer(env, sessionId);
    expect((await status()).status).toBe("approved");
  });

  it("boleto not paid in time, and a checkout left to expire, cancel the payment", async () => {
    const boleto = await apiPayment("pt-br");
    await issueTransfer(env, boleto.sessionId, "boleto");
    await expireTransfer(env, boleto.sessionId);
    expect((await boleto.status()).status).toBe("cancelled");

    const left = await apiPayment();
    const truth = await createLocalProvider(env).expireCheckout(left.sessionId);
    expect(truth.signal).toEqual({ kind: "expired" });
    expect((await left.status()).status).toBe("cancelled");
  });

  it("after an approval: refunded; or disputed, then charged back", async () => {
    const refunded = await apiPayment();
    await payByCard(env, refunded.sessionId);
    await refund(env, refunded.sessionId);
    expect((await refunded.status()).status).toBe("refunded");

    const disputed = await apiPayment();
    await payByCard(env, disputed.sessionId);
    await openDispute(env, disputed.sessionId);
    expect((await disputed.status()).status).toBe("in_mediation");
    await closeDispute(env, disputed.sessionId, "lost");
    expect((await disputed.status()).status).toBe("charged_back");
  });
});
