import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { discountedCents } from "../../core/payments/checkout";
import { type CheckoutRequest, ProviderUnavailableError } from "./provider";
import { boletoExpiresAfterDays, createStripeProvider, pixExpiresAfterSeconds } from "./stripe";
import { signStripePayload } from "./stripe-events";

/**
 * The Stripe adapter runs for real; only the network is fake. Each request Stripe's SDK
 * sends is recorded as Stripe would receive it (method, path, headers, form body) and
 * answered with Stripe-shaped JSON.
 */

const secretKey = "sk_test_51FakeKeyForTheAdapterTestsOnly";
const webhookSecret = "whsec_test_adapter";

interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  form: URLSearchParams;
  signal: AbortSignal | null;
}

type Answer = (request: SentRequest) => Response | Promise<Response>;

function stripeJson(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "request-id": "req_fake123" },
  });
}

function stripeError(status: number, error: Record<string, string>): Response {
  return stripeJson(status, { error });
}

function fakeStripe(answer: Answer, timeoutMs?: number) {
  const requests: SentRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request: SentRequest = {
      method: init?.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      signal: init?.signal ?? null,
      headers: new Headers(init?.headers),
      form: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
    };
    requests.push(request);
    return answer(request);
  };
  const provider = createStripeProvider({
    secretKey,
    webhookSecret,
    httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch),
    timeoutMs,
  });
  return { provider, requests };
}

/** The values of a form-encoded list (`name[0]`, `name[1]`, ...), in order. */
function formList(form: URLSearchParams, name: string): string[] {
  const pattern = new RegExp(`^${name.replace(/[[\]]/g, "\\$&")}\\[(\\d+)\\]$`);
  return [...form.entries()]
    .map(([key, value]) => [pattern.exec(key)?.[1], value] as const)
    .filter((entry): entry is readonly [string, string] => entry[0] !== undefined)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, value]) => value);
}

function keysStartingWith(form: URLSearchParams, prefix: string): string[] {
  return [...form.keys()].filter((key) => key.startsWith(prefix));
}

const createdAt = Date.UTC(2026, 10, 23, 12, 0, 0);

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    orderId: "pay_01JDK3",
    attemptId: "att_01JDK2",
    customerEmail: "ana@example.com.br",
    currency: "BRL",
    listCents: 4990,
    discountPercent: 20,
    couponCode: "AMIGA20",
    totalCents: discountedCents(4990, 20),
    locale: "pt-br",
    productName: "Relatório de QI",
    productDescription: "Seu resultado completo com certificado em PDF",
    successUrl: "https://qi.example/pt-br/pagamento/pay_01JDK3",
    cancelUrl: "https://qi.example/pt-br/pagamentos/cancelled/pay_01JDK3",
    // 30 minutes ahead, and not on a whole second.
    expiresAt: createdAt + 30 * 60 * 1000 + 750,
    idempotencyKey: "checkout-pay_01JDK3",
    ...overrides,
  };
}

function openSession(id = "cs_test_a1B2c3"): Record<string, unknown> {
  return {
    id,
    object: "checkout.session",
    status: "open",
    payment_status: "unpaid",
    mode: "payment",
    client_reference_id: "pay_01JDK3",
    metadata: { order_id: "pay_01JDK3", attempt_id: "att_01JDK2" },
    payment_intent: null,
    url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
  };
}

describe("createCheckout", () => {
  it("SECURITY 21: asks for one hosted Checkout Session of the discounted amount, with Pix and boleto in reais", async () => {
    const { provider, requests } = fakeStripe(() => stripeJson(200, openSession()));
    const request = checkoutRequest();

    const created = await provider.createCheckout(request);

    expect(created).toEqual({
      sessionId: "cs_test_a1B2c3",
      url: "https://checkout.stripe.com/c/pay/cs_test_a1B2c3#fidkdWxOYHwnPyd1blpxYHZxWjA0",
    });
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    if (!sent) throw new Error("no request");
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.headers.get("idempotency-key")).toBe("checkout-pay_01JDK3");
    expect(sent.headers.get("authorization")).toBe(`Bearer ${secretKey}`);

    const form = sent.form;
    expect(form.get("mode")).toBe("payment");
    expect(form.get("client_reference_id")).toBe("pay_01JDK3");
    expect(form.get("customer_email")).toBe("ana@example.com.br");
    // 4990 with 20% off: Stripe is asked for the discounted amount, nothing else.
    expect(form.get("line_items[0][quantity]")).toBe("1");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("3992");
    expect(form.get("line_items[0][price_data][currency]")).toBe("brl");
    expect(form.get("line_items[0][price_data][tax_behavior]")).toBe("inclusive");
    expect(form.get("line_items[0][price_data][product_data][name]")).toBe("Relatório de QI");
    expect(form.get("line_items[0][price_data][product_data][description]")).toBe(
      "Seu resultado completo com certificado em PDF",
    );
    expect(keysStartingWith(form, "line_items[1]")).toEqual([]);

    expect(formList(form, "allowed_payment_method_types")).toEqual(["card", "pix", "boleto"]);
    expect(keysStartingWith(form, "payment_method_types")).toEqual([]);
    expect(form.get("payment_method_options[pix][expires_after_seconds]")).toBe(
      String(pixExpiresAfterSeconds),
    );
    expect(form.get("payment_method_options[boleto][expires_after_days]")).toBe(
      String(boletoExpiresAfterDays),
    );

    // The coupon is ours: Stripe's discounts stay off, the code is only on record.
    expect(form.has("allow_promotion_codes")).toBe(false);
    expect(keysStartingWith(form, "discounts")).toEqual([]);
    for (const prefix of ["metadata", "payment_intent_data[metadata]"]) {
      expect(form.get(`${prefix}[order_id]`)).toBe("pay_01JDK3");
      expect(form.get(`${prefix}[attempt_id]`)).toBe("att_01JDK2");
      expect(form.get(`${prefix}[coupon_code]`)).toBe("AMIGA20");
      expect(form.get(`${prefix}[discount_percent]`)).toBe("20");
    }

    expect(form.get("expires_at")).toBe(String(createdAt / 1000 + 30 * 60));
    expect(form.get("locale")).toBe("pt-BR");
    expect(form.get("success_url")).toBe("https://qi.example/pt-br/pagamento/pay_01JDK3");
    expect(form.get("cancel_url")).toBe("https://qi.example/pt-br/pagamentos/cancelled/pay_01JDK3");
  });

  it("offers only card (wallets included) in dollars, in English, without coupon metadata", async () => {
    const { provider, requests } = fakeStripe(() => stripeJson(200, openSession("cs_test_usd")));

    await provider.createCheckout(
      checkoutRequest({
        currency: "USD",
        listCents: 1990,
        discountPercent: 0,
        couponCode: null,
        totalCents: 1990,
        locale: "en",
        productName: "IQ report",
        productDescription: "Your full result with a PDF certificate",
        successUrl: "https://qi.example/payment/pay_01JDK3",
        cancelUrl: "https://qi.example/payments/cancelled/pay_01JDK3",
        idempotencyKey: "checkout-pay_usd",
      }),
    );

    const form = requests[0]?.form ?? new URLSearchParams();
    expect(requests[0]?.headers.get("idempotency-key")).toBe("checkout-pay_usd");
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("1990");
    expect(formList(form, "allowed_payment_method_types")).toEqual(["card"]);
    expect(keysStartingWith(form, "payment_method_options")).toEqual([]);
    expect(form.get("locale")).toBe("en");
    expect(form.get("success_url")).toBe("https://qi.example/payment/pay_01JDK3");
    expect(form.get("cancel_url")).toBe("https://qi.example/payments/cancelled/pay_01JDK3");
    expect(form.get("metadata[order_id]")).toBe("pay_01JDK3");
    expect(form.get("payment_intent_data[metadata][order_id]")).toBe("pay_01JDK3");
    expect(keysStartingWith(form, "metadata[coupon_code]")).toEqual([]);
    expect(keysStartingWith(form, "payment_intent_data[metadata][coupon_code]")).toEqual([]);
  });

  it("retries a 500 with the same idempotency key, then answers ProviderUnavailableError", async () => {
    const { provider, requests } = fakeStripe(() =>
      stripeError(500, { type: "api_error", message: "An unknown error occurred" }),
    );

    const error = await provider.createCheckout(checkoutRequest()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers.get("idempotency-key")))).toEqual(
      new Set(["checkout-pay_01JDK3"]),
    );
  });

  it("answers ProviderUnavailableError when Stripe cannot be reached", async () => {
    const { provider, requests } = fakeStripe(() => {
      throw new TypeError("Network connection lost.");
    });

    await expect(provider.createCheckout(checkoutRequest())).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
    expect(requests).toHaveLength(3);
  });

  it("answers ProviderUnavailableError when Stripe does not answer within the timeout", async () => {
    // As the network does: no answer until the SDK aborts the request at its timeout.
    const { provider, requests } = fakeStripe(
      ({ signal }) =>
        new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason))),
      20,
    );

    const error = await provider.createCheckout(checkoutRequest()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toMatch(/^Stripe checkout create failed/);
    // Each try timed out, with the same idempotency key.
    expect(requests).toHaveLength(3);
  });

  it("keeps the key out of the error when Stripe refuses it", async () => {
    const { provider } = fakeStripe(() =>
      stripeError(401, {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${secretKey}`,
      }),
    );

    const error = await provider.createCheckout(checkoutRequest()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(String((error as Error).message)).not.toContain("sk_test");
    expect((error as Error).cause).toBeUndefined();
  });
});

function paymentIntent(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id: "pi_3QfakeIntent",
    object: "payment_intent",
    amount: 3992,
    currency: "brl",
    metadata: { order_id: "pay_01JDK3", attempt_id: "att_01JDK2" },
    last_payment_error: null,
    ...fields,
  };
}

describe("readCheckout", () => {
  const cases: Array<{ name: string; session: Record<string, unknown>; signal: unknown }> = [
    {
      name: "paid",
      session: {
        ...openSession(),
        status: "complete",
        payment_status: "paid",
        payment_intent: paymentIntent({ status: "succeeded" }),
      },
      signal: { kind: "paid" },
    },
    {
      name: "complete but unpaid (a Pix code or boleto issued)",
      session: {
        ...openSession(),
        status: "complete",
        payment_status: "unpaid",
        payment_intent: paymentIntent({ status: "requires_action" }),
      },
      signal: { kind: "awaiting_transfer" },
    },
    {
      name: "expired",
      session: { ...openSession(), status: "expired", url: null },
      signal: { kind: "expired" },
    },
    {
      name: "open after a declined card",
      session: {
        ...openSession(),
        payment_intent: paymentIntent({
          status: "requires_payment_method",
          last_payment_error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
          },
        }),
      },
      signal: { kind: "declined", declineCode: "insufficient_funds" },
    },
    {
      name: "open with a payment in progress",
      session: { ...openSession(), payment_intent: paymentIntent({ status: "processing" }) },
      signal: { kind: "processing", manualReview: false },
    },
    { name: "open and untouched", session: openSession(), signal: null },
  ];

  for (const { name, session, signal } of cases) {
    it(`reads a session ${name}`, async () => {
      const { provider, requests } = fakeStripe(() => stripeJson(200, session));

      const truth = await provider.readCheckout("cs_test_a1B2c3");

      expect(truth).toEqual({
        sessionId: "cs_test_a1B2c3",
        orderId: "pay_01JDK3",
        paymentIntentId: session.payment_intent ? "pi_3QfakeIntent" : null,
        signal,
      });
      expect(requests[0]?.method).toBe("GET");
      expect(requests[0]?.path).toBe("/v1/checkout/sessions/cs_test_a1B2c3");
      expect(formList(requests[0]?.query ?? new URLSearchParams(), "expand")).toEqual([
        "payment_intent",
      ]);
    });
  }

  it("answers ProviderUnavailableError when the read fails", async () => {
    const { provider } = fakeStripe(() =>
      stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such checkout.session: 'cs_test_gone'",
      }),
    );
    await expect(provider.readCheckout("cs_test_gone")).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe("expireCheckout", () => {
  it("expires an open session", async () => {
    const { provider, requests } = fakeStripe(() =>
      stripeJson(200, { ...openSession(), status: "expired", url: null }),
    );

    const truth = await provider.expireCheckout("cs_test_a1B2c3");

    expect(truth.signal).toEqual({ kind: "expired" });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/checkout/sessions/cs_test_a1B2c3/expire",
    ]);
  });

  it("answers the truth of a session that was paid before it could be expired", async () => {
    const paid = {
      ...openSession(),
      status: "complete",
      payment_status: "paid",
      payment_intent: paymentIntent({ status: "succeeded" }),
    };
    const { provider, requests } = fakeStripe((request) =>
      request.method === "POST"
        ? stripeError(400, {
            type: "invalid_request_error",
            message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
          })
        : stripeJson(200, paid),
    );

    const truth = await provider.expireCheckout("cs_test_a1B2c3");

    expect(truth).toEqual({
      sessionId: "cs_test_a1B2c3",
      orderId: "pay_01JDK3",
      paymentIntentId: "pi_3QfakeIntent",
      signal: { kind: "paid" },
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/checkout/sessions/cs_test_a1B2c3/expire",
      "GET /v1/checkout/sessions/cs_test_a1B2c3",
    ]);
  });

  it("fails when Stripe refuses and the session is still open", async () => {
    const { provider } = fakeStripe((request) =>
      request.method === "POST"
        ? stripeError(400, { type: "invalid_request_error", message: "Something else." })
        : stripeJson(200, openSession()),
    );
    await expect(provider.expireCheckout("cs_test_a1B2c3")).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe("orderOfPayment", () => {
  it("reads our order id from the payment intent's metadata", async () => {
    const { provider, requests } = fakeStripe(() =>
      stripeJson(200, paymentIntent({ status: "succeeded" })),
    );

    expect(await provider.orderOfPayment("pi_3QfakeIntent")).toBe("pay_01JDK3");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v1/payment_intents/pi_3QfakeIntent",
    ]);
  });

  it("answers null for a payment that is not ours", async () => {
    const { provider } = fakeStripe(() =>
      stripeJson(200, paymentIntent({ status: "succeeded", metadata: {} })),
    );
    expect(await provider.orderOfPayment("pi_3QfakeIntent")).toBeNull();
  });

  it("answers null for a payment Stripe does not know", async () => {
    const { provider } = fakeStripe(() =>
      stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such payment_intent: 'pi_unknown'",
      }),
    );
    expect(await provider.orderOfPayment("pi_unknown")).toBeNull();
  });

  it("answers ProviderUnavailableError when Stripe fails", async () => {
    const { provider } = fakeStripe(() => stripeError(500, { type: "api_error", message: "x" }));
    await expect(provider.orderOfPayment("pi_3QfakeIntent")).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe("SECURITY 17: verifyWebhook, on the raw body with a 300 s tolerance", () => {
  const { provider } = fakeStripe(() => {
    throw new Error("verification must not call Stripe");
  });
  const payload = JSON.stringify({
    id: "evt_1QfakeEvent",
    object: "event",
    type: "checkout.session.completed",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        ...openSession(),
        status: "complete",
        payment_status: "paid",
        payment_intent: "pi_3QfakeIntent",
      },
    },
  });

  it("accepts a signed event and maps it", async () => {
    const signature = await signStripePayload(payload, webhookSecret);

    expect(await provider.verifyWebhook(payload, signature)).toEqual({
      ok: true,
      event: {
        id: "evt_1QfakeEvent",
        type: "checkout.session.completed",
        orderId: "pay_01JDK3",
        sessionId: "cs_test_a1B2c3",
        paymentIntentId: "pi_3QfakeIntent",
        signal: { kind: "paid" },
      },
    });
  });

  it("refuses a signature made with another secret", async () => {
    const signature = await signStripePayload(payload, "whsec_someone_else");
    expect(await provider.verifyWebhook(payload, signature)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses a signature older than 300 seconds", async () => {
    const signature = await signStripePayload(
      payload,
      webhookSecret,
      Math.floor(Date.now() / 1000) - 301,
    );
    expect(await provider.verifyWebhook(payload, signature)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("accepts a signature just inside the tolerance", async () => {
    const signature = await signStripePayload(
      payload,
      webhookSecret,
      Math.floor(Date.now() / 1000) - 290,
    );
    expect((await provider.verifyWebhook(payload, signature)).ok).toBe(true);
  });

  it("refuses a request without a signature", async () => {
    expect(await provider.verifyWebhook(payload, null)).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    expect(await provider.verifyWebhook(payload, "")).toEqual({
      ok: false,
      reason: "missing_signature",
    });
  });

  it("refuses a body changed after signing", async () => {
    const signature = await signStripePayload(payload, webhookSecret);
    const tampered = payload.replace('"payment_status":"paid"', '"payment_status":"unpaid"');
    expect(tampered).not.toBe(payload);
    expect(await provider.verifyWebhook(tampered, signature)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });
});

describe("refunds (issue 30.6)", () => {
  const refundRequest = {
    orderId: "pay_01JDK3",
    paymentIntentId: "pi_3QfakeIntent",
    idempotencyKey: "refund:pay_01JDK3",
  };

  it("paidMethod reads the method of the payment's charge: card, pix, boleto; a wallet is a card", async () => {
    for (const [type, method] of [
      ["card", "card"],
      ["pix", "pix"],
      ["boleto", "boleto"],
      ["link", "card"],
    ] as const) {
      const { provider, requests } = fakeStripe(() =>
        stripeJson(
          200,
          paymentIntent({
            status: "succeeded",
            latest_charge: { id: "ch_1", object: "charge", payment_method_details: { type } },
          }),
        ),
      );
      expect(await provider.paidMethod("pi_3QfakeIntent")).toBe(method);
      expect(requests[0]?.path).toBe("/v1/payment_intents/pi_3QfakeIntent");
      expect(requests[0]?.query.getAll("expand[0]")).toEqual(["latest_charge"]);
    }
    const missing = fakeStripe(() =>
      stripeError(404, { type: "invalid_request_error", code: "resource_missing", message: "x" }),
    );
    expect(await missing.provider.paidMethod("pi_unknown")).toBeNull();
  });

  it("refundPayment refunds the whole payment intent, with our idempotency key and order", async () => {
    const { provider, requests } = fakeStripe(() =>
      stripeJson(200, { id: "re_1Qfake", object: "refund", status: "succeeded" }),
    );
    expect(await provider.refundPayment(refundRequest)).toEqual({ refundId: "re_1Qfake" });
    const [sent] = requests;
    expect(`${sent?.method} ${sent?.path}`).toBe("POST /v1/refunds");
    expect(sent?.headers.get("idempotency-key")).toBe("refund:pay_01JDK3");
    expect(sent?.form.get("payment_intent")).toBe("pi_3QfakeIntent");
    expect(sent?.form.get("reason")).toBe("requested_by_customer");
    expect(sent?.form.get("metadata[order_id]")).toBe("pay_01JDK3");
    // A full refund: no amount is sent.
    expect(sent?.form.has("amount")).toBe(false);
  });

  it("accepts a payment refunded before; a failed refund or Stripe down is ProviderUnavailableError", async () => {
    const already = fakeStripe(() =>
      stripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: "Charge ch_1 has already been refunded.",
      }),
    );
    expect((await already.provider.refundPayment(refundRequest)).refundId).toMatch(/^already:/);
    const failed = fakeStripe(() =>
      stripeJson(200, { id: "re_1Qfake", object: "refund", status: "failed" }),
    );
    await expect(failed.provider.refundPayment(refundRequest)).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
    const down = fakeStripe(() => stripeError(500, { type: "api_error", message: "x" }), 50);
    await expect(down.provider.refundPayment(refundRequest)).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
    // Retried with the same key: Stripe answers the same refund, never a second one.
    const keys = new Set(down.requests.map((r) => r.headers.get("idempotency-key")));
    expect([...keys]).toEqual(["refund:pay_01JDK3"]);
  });
});
