// The payment figures for `npm run bench` (issue 12): checkout creation through the API
// (coupon-free, with the local test provider standing in for Stripe), and the webhook:
// a new, validly signed event (verification, one D1 batch, fulfilment) and the same event
// delivered again (verification, a duplicate refused by the events table); and the premium
// report's API answer once bought (issue 13); and a refund's round trip (issue 30.6).
import { createHmac } from "node:crypto";
import { stripeEvent } from "../tests/stripe-event.ts";
import { apiSession } from "./certificate-bench.mjs";

/** The local test provider's signing secret (worker/dev/pay/delivery.ts). */
const localWebhookSecret = "whsec_local_test_provider";

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
}

/**
 * Stripe's signature with the local test provider's secret, made at `at` (seconds):
 * `t=<seconds>,v1=<HMAC-SHA256 of "<t>.<payload>">`.
 */
export function sign(payload, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", localWebhookSecret).update(`${at}.${payload}`).digest("hex");
  return `t=${at},v1=${v1}`;
}

/** A Stripe event of `type` around `object`, as its JSON payload; ids start `evt_<source>_`. */
export function stripeEventPayload(type, object, source = "bench") {
  return JSON.stringify(stripeEvent(type, object, undefined, source));
}

const codes = ["SM", "RA", "RE", "RL"].flatMap((category) =>
  Array.from({ length: 10 }, (_, i) => `${category}-${String(i + 1).padStart(2, "0")}`),
);

/** One signed-in buyer with `count` finished tests. */
export async function buyerWithTests(base, count) {
  const call = apiSession(base);
  const password = "Bench#Passw0rd";
  const signUp = await call("/api/accounts/sign-up", {
    method: "POST",
    body: {
      name: "Bench Buyer",
      email: `buyer-${crypto.randomUUID()}@example.com`,
      dateOfBirth: "1990-01-01",
      password,
      passwordConfirmation: password,
    },
  });
  if (signUp.status !== 201) throw new Error(`bench sign-up failed: ${signUp.status}`);
  const ids = [];
  for (let i = 0; i < count; i++) {
    const start = await call("/api/tests", { method: "POST", body: { restart: true } });
    const { id } = await start.json();
    // A few answers only: the timing rules (ADR 0008) do not reject the attempt.
    for (const [index, code] of codes.slice(0, 5).entries()) {
      await call(`/api/tests/${id}/answers/${code}`, {
        method: "PUT",
        body: { letter: "ABCD"[index % 4] },
      });
    }
    const finish = await call(`/api/tests/${id}/finish`, { method: "POST" });
    if (!finish.ok) throw new Error(`bench finish failed: ${finish.status}`);
    const result = await call(`/api/tests/${id}/result`);
    if (!result.ok) throw new Error(`bench result failed: ${result.status}`);
    ids.push(id);
  }
  return { ids, call };
}

export function completedEvent(paymentId, attemptId, sessionId) {
  return stripeEventPayload("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    client_reference_id: paymentId,
    metadata: { order_id: paymentId, attempt_id: attemptId },
    payment_intent: null,
    status: "complete",
    payment_status: "paid",
  });
}

async function deliver(base, payload) {
  const begin = performance.now();
  const response = await fetch(`${base}/api/payments/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": sign(payload) },
    body: payload,
  });
  const body = await response.json();
  const ms = performance.now() - begin;
  if (response.status !== 200) throw new Error(`bench webhook failed: ${response.status}`);
  return { ms, body };
}

export async function paymentTimings(base, count = Number(process.env.BENCH_PAYMENTS ?? 20)) {
  const { ids, call } = await buyerWithTests(base, count);
  const checkout = [];
  const payments = [];
  for (const attemptId of ids) {
    const begin = performance.now();
    const response = await call(`/api/checkout/${attemptId}/payments`, {
      method: "POST",
      body: {},
    });
    const started = await response.json();
    checkout.push(performance.now() - begin);
    if (response.status !== 201) throw new Error(`bench checkout failed: ${response.status}`);
    const sessionId = new URL(started.redirectUrl).pathname.split("/").pop();
    payments.push({ attemptId, paymentId: started.paymentId, sessionId });
  }
  const events = payments.map((p) => completedEvent(p.paymentId, p.attemptId, p.sessionId));
  const fresh = [];
  for (const payload of events) {
    const { ms, body } = await deliver(base, payload);
    if (body.duplicate) throw new Error("bench: a new event was taken for a duplicate");
    fresh.push(ms);
  }
  const duplicate = [];
  for (const payload of events) {
    const { ms, body } = await deliver(base, payload);
    if (!body.duplicate) throw new Error("bench: a duplicate event was applied again");
    duplicate.push(ms);
  }
  for (const p of payments) {
    const view = await (await call(`/api/payments/${p.paymentId}`)).json();
    if (view.status !== "approved") throw new Error(`bench: payment ${view.status}, not approved`);
  }
  // The premium report as its buyer reads it: the stored result, the content rules and
  // their rendering into one language, and the purchase's coupons.
  const report = [];
  for (const p of payments) {
    const begin = performance.now();
    const response = await call(`/api/tests/${p.attemptId}/report`);
    const body = await response.json();
    report.push(performance.now() - begin);
    if (body.status !== "ready") throw new Error(`bench: report ${response.status}, not ready`);
  }
  // The answer review (issue 29.2): the buyer's 40 items rebuilt, with their explanations,
  // in the attempt's Durable Object.
  const review = [];
  for (const p of payments) {
    const begin = performance.now();
    const response = await call(`/api/tests/${p.attemptId}/review`);
    const body = await response.json();
    review.push(performance.now() - begin);
    if (response.status !== 200) throw new Error(`bench: review ${response.status}`);
    if (body.available && body.items.length !== 40) throw new Error("bench: review not whole");
  }
  // The PDFs (docs/decisions/0021-pdfs.md): a report's first download makes it, the next
  // is served from KV; each e-book is made once per language for every buyer.
  const download = async (path) => {
    const begin = performance.now();
    const response = await call(path);
    const bytes = (await response.arrayBuffer()).byteLength;
    const ms = performance.now() - begin;
    if (response.status !== 200) throw new Error(`bench: ${path} answered ${response.status}`);
    return { ms, bytes, cache: response.headers.get("X-Pdf-Cache") };
  };
  const reportPdfs = [];
  for (const p of payments.slice(0, 5)) {
    reportPdfs.push(await download(`/api/tests/${p.attemptId}/report.pdf?lang=pt-br`));
  }
  const first = payments[0]?.attemptId;
  const reportPdfCached = await download(`/api/tests/${first}/report.pdf?lang=pt-br`);
  const ebooks = [];
  for (const slug of ["memory", "logic", "focus", "study"]) {
    for (const lang of ["en", "pt-br"]) {
      const made = await download(`/api/tests/${first}/ebooks/${slug}.pdf?lang=${lang}`);
      const kept = await download(`/api/tests/${first}/ebooks/${slug}.pdf?lang=${lang}`);
      ebooks.push({ slug, lang, made, kept });
    }
  }
  // A refund within 7 days (issue 30.6), request to locked report: the buyer's POST (the
  // local provider refunds and delivers `charge.refunded`, the payment moves, the coupons
  // are withdrawn, the receipt is queued), then the report's 402. The local provider's
  // sessions are paid by card first: the completions above were the bench's own events.
  const refund = [];
  for (const p of payments.slice(0, 10)) {
    const paid = await call(`/_dev/pay/${p.sessionId}`, {
      method: "POST",
      body: { action: "pay_card" },
    });
    await paid.arrayBuffer();
    if (!paid.ok) throw new Error(`bench: the local provider answered ${paid.status}`);
    const begin = performance.now();
    const asked = await call(`/api/payments/${p.paymentId}/refund`, { method: "POST", body: {} });
    await asked.json();
    const locked = await call(`/api/tests/${p.attemptId}/report`);
    await locked.json();
    refund.push(performance.now() - begin);
    if (asked.status !== 200) throw new Error(`bench: refund answered ${asked.status}`);
    if (locked.status !== 402) throw new Error(`bench: report ${locked.status} after a refund`);
  }
  return {
    refund: summary(refund),
    checkout: summary(checkout),
    fresh: summary(fresh),
    duplicate: summary(duplicate),
    report: summary(report),
    review: summary(review),
    pdf: {
      report: summary(reportPdfs.map((entry) => entry.ms)),
      reportBytes: Math.max(...reportPdfs.map((entry) => entry.bytes)),
      reportCached: reportPdfCached,
      ebooks,
    },
  };
}
