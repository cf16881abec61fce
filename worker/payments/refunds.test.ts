import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { IssuedCoupon } from "../../core/payments/checkout";
import type { RefundDone, RefundQuote } from "../../core/payments/refund";
import { expectConsoleError } from "../../tests/fail-on-console-error";
import { Client, latestMail, mailCount } from "../../tests/worker/client";
import {
  buyer,
  deliver,
  finishedAttempt,
  paymentOf,
  paymentRow,
  startCheckout,
  stripeEvent,
} from "../../tests/worker/payments";
import { issueTransfer, payByCard, settleTransfer } from "../dev/pay/buyer-actions";
import { findLocalSession } from "../dev/pay/sessions";
import { devOperatorEmail } from "./refund-effects";

/**
 * Seven days to change your mind (issue 30.6,
 * docs/decisions/0045-seven-days-to-change-your-mind.md): a buyer's refund through
 * `POST /api/payments/{id}/refund`, paid and refunded with the local test provider, on real
 * local D1 and KV.
 */

type Method = "card" | "pix" | "boleto";
const methods: Method[] = ["card", "pix", "boleto"];
const dayMs = 24 * 60 * 60 * 1000;
/** A Pix key that passes (a CPF with valid check digits). */
const cpf = "529.982.247-25";

/** A buyer whose test was paid with `method` through the local provider. */
async function paidWith(method: Method, { coupon }: { coupon?: string } = {}) {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const language = method === "card" ? "en" : "pt-br";
  const { response, body } = await startCheckout(
    who.client,
    attemptId,
    coupon ? { coupon } : {},
    language,
  );
  expect(response.status).toBe(201);
  const row = await paymentRow(body.paymentId);
  const sessionId = row?.provider_session_id as string;
  if (method === "card") await payByCard(env, sessionId);
  else {
    await issueTransfer(env, sessionId, method);
    await settleTransfer(env, sessionId);
  }
  expect((await paymentRow(body.paymentId))?.status).toBe("approved");
  const headers: Record<string, string> = language === "pt-br" ? { i18n: "pt-br" } : {};
  return { ...who, attemptId, paymentId: body.paymentId, sessionId, language, headers };
}

type Paid = Awaited<ReturnType<typeof paidWith>>;

function askRefund(paid: Paid, body: Record<string, unknown> = {}, client: Client = paid.client) {
  return client.fetch(`/api/payments/${paid.paymentId}/refund`, { body, headers: paid.headers });
}

const bodyFor = (method: Method) => (method === "boleto" ? { pixKey: cpf } : {});

async function coupons(paymentId: string) {
  const { results } = await env.DB.prepare(
    "SELECT code, audience, disabled_at AS disabledAt FROM coupons WHERE issued_by_payment_id = ? ORDER BY audience",
  )
    .bind(paymentId)
    .all<{ code: string; audience: string; disabledAt: number | null }>();
  return results;
}

async function refundedEvents(paymentId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM payment_events WHERE payment_id = ? AND outcome = 'refunded'",
  )
    .bind(paymentId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function refundReceipts(email: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM email_outbox WHERE `to` = ? AND subject IN ('Your Lumen IQ refund', 'Seu reembolso do Lumen IQ')",
  )
    .bind(email.toLowerCase())
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function approvedDaysAgo(paymentId: string, days: number) {
  await env.DB.prepare("UPDATE payments SET approved_at = ? WHERE id = ?")
    .bind(Date.now() - days * dayMs, paymentId)
    .run();
}

describe("a refund within 7 days", () => {
  for (const method of methods) {
    it(`${method}: refunds in full in one step, locks the report, withdraws the share coupons, sends one receipt`, async () => {
      const paid = await paidWith(method);
      const report = () => paid.client.fetch(`/api/tests/${paid.attemptId}/report`);
      expect((await report()).status).toBe(200);
      const quote = await paid.client.fetch(`/api/payments/${paid.paymentId}/refund`);
      expect(quote.status).toBe(200);
      expect((await quote.json()) as RefundQuote).toMatchObject({
        paymentId: paid.paymentId,
        attemptId: paid.attemptId,
        method,
      });

      const response = await askRefund(paid, bodyFor(method));
      expect(response.status).toBe(200);
      const done = (await response.json()) as RefundDone;
      expect(done).toMatchObject({
        method,
        state: method === "boleto" ? "requested" : "refunded",
        businessDays: 5,
      });

      expect((await paymentRow(paid.paymentId))?.status).toBe("refunded");
      const locked = await report();
      expect(locked.status).toBe(402);
      expect(((await locked.json()) as { code: string }).code).toBe("paymentRequired");
      expect((await paymentOf(paid.client, paid.paymentId)).result).toBe("failure");
      expect((await coupons(paid.paymentId)).every((c) => c.disabledAt !== null)).toBe(true);

      const session = await findLocalSession(env, paid.sessionId);
      // The provider refunded card and Pix; a boleto is the operator's to send by Pix.
      expect(session?.afterPayment).toBe(method === "boleto" ? null : "refunded");

      const receipt = await latestMail(paid.email);
      if (method === "card") {
        expect(receipt?.subject).toBe("Your Lumen IQ refund");
        expect(receipt?.text).toContain("US$\u00a019.90");
      } else {
        expect(receipt?.subject).toBe("Seu reembolso do Lumen IQ");
        expect(receipt?.text).toContain("R$\u00a049,90");
      }
      if (method === "boleto") {
        expect(receipt?.text).toContain("52998224725");
        expect(receipt?.text).toContain("5 dias úteis");
        const notice = await latestMail(devOperatorEmail);
        expect(notice?.subject).toBe(`Reembolso a enviar por Pix: pedido ${paid.paymentId}`);
        expect(notice?.text).toContain("Chave Pix (cpf): 52998224725");
        expect(notice?.text).toContain(paid.email);
      }
    });
  }

  it("withdraws only the share coupons not used: a friend's paid use stays used", async () => {
    const paid = await paidWith("card");
    const issued = (await paymentOf(paid.client, paid.paymentId)).issuedCoupons as IssuedCoupon[];
    const friendCode = issued.find((c) => c.audience === "friend")?.code as string;
    await paidWith("card", { coupon: friendCode });
    expect((await askRefund(paid)).status).toBe(200);
    const after = await coupons(paid.paymentId);
    expect(after.find((c) => c.audience === "friend")?.disabledAt).toBeNull();
    expect(after.find((c) => c.audience === "buyer")?.disabledAt).not.toBeNull();
    const lock = await env.DB.prepare("SELECT state FROM coupon_locks WHERE code = ?")
      .bind(friendCode)
      .first<{ state: string }>();
    expect(lock?.state).toBe("consumed");
    // The withdrawn coupon cannot be used any more.
    const other = await buyer();
    const otherAttempt = await finishedAttempt(other.userId);
    const buyerCode = after.find((c) => c.audience === "buyer")?.code as string;
    const tried = await other.client.fetch(`/api/checkout/${otherAttempt}/coupon`, {
      body: { coupon: buyerCode },
    });
    expect(tried.status).toBeGreaterThanOrEqual(400);
  });

  it("counts 7 days from the approval: still open on the 7th day, closed after it", async () => {
    const paid = await paidWith("card");
    await approvedDaysAgo(paid.paymentId, 7);
    const quote = await paid.client.fetch(`/api/payments/${paid.paymentId}/refund`);
    expect(quote.status).toBe(200);
    expect((await askRefund(paid)).status).toBe(200);
  });
});

describe("a refund refused", () => {
  for (const method of methods) {
    it(`${method}: after 7 days, 409 with the date the window ended, and nothing changes`, async () => {
      const paid = await paidWith(method);
      await approvedDaysAgo(paid.paymentId, 9);
      const response = await askRefund(paid, bodyFor(method));
      expect(response.status).toBe(409);
      const body = (await response.json()) as { code: string; fields: { system: string[] } };
      expect(body.code).toBe("refundWindowClosed");
      expect(body.fields.system[0]).toMatch(
        method === "card"
          ? /^The 7 days to change your mind ended on .+ \(Brasília time\)/
          : /^Os 7 dias para desistir da compra terminaram em .+ \(horário de Brasília\)/,
      );
      expect((await paymentRow(paid.paymentId))?.status).toBe("approved");
      expect((await paid.client.fetch(`/api/tests/${paid.attemptId}/report`)).status).toBe(200);
      expect((await paid.client.fetch(`/api/payments/${paid.paymentId}/refund`)).status).toBe(409);
    });

    it(`${method}: asked twice, refunded once; the second answer says it was already refunded`, async () => {
      const paid = await paidWith(method);
      expect((await askRefund(paid, bodyFor(method))).status).toBe(200);
      const again = await askRefund(paid, bodyFor(method));
      expect(again.status).toBe(409);
      const body = (await again.json()) as { code: string; fields: { system: string[] } };
      expect(body.code).toBe("refundAlreadyDone");
      expect(body.fields.system).toEqual([
        method === "card"
          ? "This payment has already been refunded."
          : "Este pagamento já foi reembolsado.",
      ]);
      expect(await refundedEvents(paid.paymentId)).toBe(1);
      expect(await refundReceipts(paid.email)).toBe(1);
    });

    it(`${method}: asked 6 times at once, refunded once, no 500`, async () => {
      const paid = await paidWith(method);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => askRefund(paid, bodyFor(method))),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);
      for (const answer of answers.filter((a) => a.status === 409)) {
        const { code } = (await answer.json()) as { code: string };
        expect(["refundInProgress", "refundAlreadyDone"]).toContain(code);
      }
      expect((await paymentRow(paid.paymentId))?.status).toBe("refunded");
      const refunds = await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE payment_id = ?")
        .bind(paid.paymentId)
        .first<{ n: number }>();
      expect(refunds?.n).toBe(1);
      expect(await refundReceipts(paid.email)).toBe(1);
    });
  }

  it("a request under way holds the refund; one left by a request that died is taken over after a minute", async () => {
    const paid = await paidWith("card");
    const claim = (at: number) =>
      env.DB.prepare(
        `INSERT INTO refunds (payment_id, origin, method, state, claimed_at, created_at, updated_at)
         VALUES (?1, 'buyer', 'card', 'claimed', ?2, ?2, ?2)
         ON CONFLICT (payment_id) DO UPDATE SET claimed_at = ?2`,
      )
        .bind(paid.paymentId, at)
        .run();
    await claim(Date.now() - 5_000);
    const held = await askRefund(paid);
    expect(held.status).toBe(409);
    expect(((await held.json()) as { code: string }).code).toBe("refundInProgress");
    expect((await paymentRow(paid.paymentId))?.status).toBe("approved");
    await claim(Date.now() - 61_000);
    expect((await askRefund(paid)).status).toBe(200);
    expect((await paymentRow(paid.paymentId))?.status).toBe("refunded");
  });

  it("a payment not approved: 409 naming its status; someone else's: 404; signed out: 401; no Origin: 403", async () => {
    const who = await buyer();
    const attemptId = await finishedAttempt(who.userId);
    const { body } = await startCheckout(who.client, attemptId, {}, "pt-br");
    const row = await paymentRow(body.paymentId);
    await issueTransfer(env, row?.provider_session_id as string, "pix");
    const pending = await who.client.fetch(`/api/payments/${body.paymentId}/refund`, {
      body: {},
      headers: { i18n: "pt-br" },
    });
    expect(pending.status).toBe(409);
    expect(await pending.json()).toMatchObject({
      code: "refundNotApproved",
      fields: {
        system: [
          expect.stringMatching(/^Só um pedido pago pode ser reembolsado: este pagamento está /),
        ],
      },
    });

    const paid = await paidWith("card");
    const stranger = await buyer();
    expect((await askRefund(paid, {}, stranger.client)).status).toBe(404);
    expect((await stranger.client.fetch(`/api/payments/${paid.paymentId}/refund`)).status).toBe(
      404,
    );
    expect((await askRefund(paid, {}, new Client())).status).toBe(401);
    const noOrigin = await paid.client.fetch(`/api/payments/${paid.paymentId}/refund`, {
      body: {},
      origin: null,
    });
    expect(noOrigin.status).toBe(403);
    expect((await paymentRow(paid.paymentId))?.status).toBe("approved");
    const unknown = await paid.client.fetch(`/api/payments/${crypto.randomUUID()}/refund`, {
      body: {},
    });
    expect(unknown.status).toBe(404);
  });

  it("boleto: a missing or malformed Pix key is a field error in the buyer's language, and nothing changes", async () => {
    const paid = await paidWith("boleto");
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Informe a chave Pix para a qual devemos enviar o reembolso."],
      [{ pixKey: "123.456.789-00" }, "Este CPF ou CNPJ não é válido: confira os dígitos."],
      [
        { pixKey: "11 99999-9999" },
        "Isto não é uma chave Pix. Use um CPF, um CNPJ, um e-mail, um celular começando com +55 ou uma chave aleatória.",
      ],
      [{ pixKey: 42 }, ""],
    ];
    for (const [body, message] of cases) {
      const response = await askRefund(paid, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { fields: Record<string, string[]> };
      if (message) expect(answer.fields.pixKey).toEqual([message]);
    }
    const english = await paid.client.fetch(`/api/payments/${paid.paymentId}/refund`, {
      body: { pixKey: "not a key" },
    });
    expect(((await english.json()) as { fields: { pixKey: string[] } }).fields.pixKey).toEqual([
      "This is not a Pix key. Use a CPF, a CNPJ, an e-mail, a phone number starting with +55 or a random key.",
    ]);
    expect((await paymentRow(paid.paymentId))?.status).toBe("approved");
    expect((await askRefund(paid, { pixKey: "+55 (11) 99999-9999" })).status).toBe(200);
    // The key is the buyer's data: their export shows it with the refund (ADR 0023).
    const exported = await paid.client.fetch("/api/account/export");
    expect(exported.status).toBe(200);
    const { payments } = (await exported.json()) as {
      payments: { id: string; refund: Record<string, unknown> | null }[];
    };
    expect(payments.find((p) => p.id === paid.paymentId)?.refund).toMatchObject({
      origin: "buyer",
      method: "boleto",
      state: "requested",
      pixKey: "+5511999999999",
      pixKeyType: "phone",
    });
  });
});

describe("a refund the provider accepts and then fails (Stripe's refund.failed)", () => {
  /** Stripe's refund.failed for the payment's PaymentIntent, as the provider sends it. */
  async function refundFailed(paid: Paid, id: string) {
    const intent = (await paymentRow(paid.paymentId))?.provider_payment_id;
    expect(intent).toBeTruthy();
    return deliver(
      stripeEvent(
        "refund.failed",
        {
          id: `re_${paid.paymentId.replaceAll("-", "").slice(0, 20)}`,
          object: "refund",
          amount: 4990,
          payment_intent: intent,
          status: "failed",
          failure_reason: "expired_or_canceled_card",
          metadata: {},
        },
        id,
      ),
    );
  }

  async function refundRow(paymentId: string) {
    return env.DB.prepare(
      "SELECT state, failure_reason AS reason FROM refunds WHERE payment_id = ?",
    )
      .bind(paymentId)
      .first<{ state: string; reason: string | null }>();
  }

  it("is recorded once, logged for a person, the operator and the buyer each told once; the purchase stays cancelled", async () => {
    expectConsoleError(); // the failure is logged: a person must return the money
    const paid = await paidWith("card");
    expect((await askRefund(paid)).status).toBe(200);
    expect(await refundRow(paid.paymentId)).toEqual({ state: "refunded", reason: null });
    const operatorMails = await mailCount(devOperatorEmail);
    const buyerMails = await mailCount(paid.email);
    const errors = vi.spyOn(console, "error");

    const first = await refundFailed(paid, `evt_failed_${paid.paymentId}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect(await refundRow(paid.paymentId)).toEqual({
      state: "failed",
      reason: "expired_or_canceled_card",
    });
    const logged = errors.mock.calls
      .map((args) => args.join(" "))
      .filter((line) => line.includes(`payment=${paid.paymentId}`));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("refund failed at the provider (expired_or_canceled_card)");

    const notice = await latestMail(devOperatorEmail);
    expect(notice?.subject).toBe(`Reembolso recusado pelo provedor: pedido ${paid.paymentId}`);
    expect(notice?.text).toContain("motivo: expired_or_canceled_card");
    expect(notice?.text).toContain(paid.email);
    expect(notice?.text).toContain("US$\u00a019,90");
    const told = await latestMail(paid.email);
    expect(told?.subject).toBe("About your Lumen IQ refund");
    expect(told?.text).toContain("could not complete the refund of US$\u00a019.90");
    expect(told?.text).toContain("within 5 business days");

    // Delivered again: a duplicate (SECURITY.md 18); another event for it: nothing more.
    const again = await refundFailed(paid, `evt_failed_${paid.paymentId}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await refundFailed(paid, `evt_failed_again_${paid.paymentId}`)).status).toBe(200);
    const events = await env.DB.prepare(
      "SELECT id, outcome FROM payment_events WHERE payment_id = ? AND type = 'refund.failed' ORDER BY rowid",
    )
      .bind(paid.paymentId)
      .all();
    expect(events.results).toEqual([
      { id: `test:evt_failed_${paid.paymentId}`, outcome: null },
      { id: `test:evt_failed_again_${paid.paymentId}`, outcome: null },
    ]);
    expect(await mailCount(devOperatorEmail)).toBe(operatorMails + 1);
    expect(await mailCount(paid.email)).toBe(buyerMails + 1);

    // The buyer withdrew: the payment stays refunded and the report locked.
    expect((await paymentRow(paid.paymentId))?.status).toBe("refunded");
    expect((await paid.client.fetch(`/api/tests/${paid.attemptId}/report`)).status).toBe(402);
  });

  it("for a payment with no refund of ours, is acknowledged and logged, and changes nothing", async () => {
    expectConsoleError(); // an event that names no refund of ours needs a look
    const paid = await paidWith("card");
    const response = await refundFailed(paid, `evt_stray_${paid.paymentId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await refundRow(paid.paymentId)).toBeNull();
    expect((await paymentRow(paid.paymentId))?.status).toBe("approved");
  });
});
