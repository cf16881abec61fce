import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { RequestContext } from "../app/lib/load-context";
import type { AttemptState } from "../core/attempts/attempt";
import { questionCodes } from "../core/items/questions";
import { expectConsoleError } from "../tests/fail-on-console-error";
import { answer, startTest } from "../tests/worker/attempts";
import { Client, sessionCookie } from "../tests/worker/client";
import {
  bounds,
  d1Outage,
  type Failure,
  failingAttempts,
  failingD1,
  failingKv,
  kvOutage,
  objectBug,
  objectD1Outage,
  objectOverloaded,
  objectReset,
  worker,
} from "../tests/worker/failing-bindings";
import { chargeObject, finishedAttempt, stripeEvent } from "../tests/worker/payments";
import { certificateCachePrefix } from "./certificates/cache";
import { signStripePayload } from "./payments/stripe-events";

/**
 * Our infrastructure failing (issue 17; docs/decisions/0029-dependency-failures.md): D1,
 * KV and the attempt's Durable Object throwing what they throw in an outage, or never
 * answering, injected into the real app. What the client gets is asserted exactly: 503
 * `serviceUnavailable` with Retry-After and nothing of the failure in the body, one log
 * line for us, and never a lost answer. A hanging dependency is given a bound of a few
 * milliseconds instead of seconds.
 */

const short = 30;
const [first = "", second = ""] = questionCodes;

/** The error modal's 503 ('Service Temporarily Unavailable!' with Try Again). */
async function expectServiceUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("5");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("Content-Type")).toContain("application/json");
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ status: 503, code: "serviceUnavailable" });
  expect(text).not.toMatch(/D1|KV|Durable|object|Network|timed|stack|\bat /i);
}

/** Lets the outage be logged, and returns the lines it logged as errors. */
function loggedErrors(): () => string[] {
  expectConsoleError();
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  return () => spy.mock.calls.map((call) => call.map(String).join(" "));
}

/** Exactly one line for us per failed request, naming what failed; no stack. */
function expectLoggedOnce(lines: string[], pattern: RegExp) {
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^unavailable: /);
  expect(lines[0]).toMatch(pattern);
  expect(lines[0]).not.toMatch(/\n\s+at /);
}

const d1Failures: [string, Failure, number][] = [
  ["throwing (Network connection lost)", { throws: d1Outage }, bounds().d1Ms],
  ["not answering", "hangs", short],
];

describe.each(d1Failures)("D1 %s", (_name, failure, d1Ms) => {
  const broken = { DB: failingD1(failure) };
  const d1Bounds = bounds({ d1Ms });
  const logged = failure === "hangs" ? /d1 timed out/ : /d1 failed: D1_ERROR: Network/;

  it("signing in answers 503 serviceUnavailable with Retry-After, logged once", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const { email } = await client.signUp();
    const errors = loggedErrors();
    app.fail(broken, d1Bounds);
    await expectServiceUnavailable(await client.login(email));
    expectLoggedOnce(errors(), logged);
  });

  it("signing up while D1 cannot write answers 503, not 'Email can not be used!'; the same address signs up after", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const errors = loggedErrors();
    app.fail({ DB: failingD1(failure, { writing: /insert into "users"/i }) }, d1Bounds);
    const { email, response } = await client.signUp();
    await expectServiceUnavailable(response);
    expectLoggedOnce(errors(), /^unavailable: POST \/api\/accounts\/sign-up: /);
    app.recover();
    expect((await client.signUp({ email })).response.status).toBe(201);
  });

  it("a signed-in request answers 503: its session cannot be read", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    await client.signUp();
    const errors = loggedErrors();
    app.fail(broken, d1Bounds);
    await expectServiceUnavailable(await client.fetch("/api/tests"));
    expectLoggedOnce(errors(), /^unavailable: GET \/api\/tests: /);
  });

  it("starting a test answers 503 and sets no attempt cookie; starting again after works", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    loggedErrors();
    app.fail(broken, d1Bounds);
    const failed = await client.fetch("/api/tests", { method: "POST", body: {} });
    expect(failed.headers.getSetCookie()).toEqual([]);
    await expectServiceUnavailable(failed);
    app.recover();
    expect((await startTest(client)).response.status).toBe(201);
  });

  it("a signed-in visitor's page is the 503 screen, rendered without the session", async () => {
    const renders: Pick<RequestContext, "user" | "serviceUnavailable">[] = [];
    const app = worker(async (_request, context) => {
      renders.push({ user: context.user, serviceUnavailable: context.serviceUnavailable });
      return new Response("<!doctype html><title>Service Temporarily Unavailable!</title>", {
        status: 503,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
    const client = new Client(undefined, app.send);
    await client.signUp();
    const errors = loggedErrors();
    app.fail(broken, d1Bounds);
    const page = await client.fetch("/tests", { headers: { "Sec-Fetch-Dest": "document" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Content-Type")).toContain("text/html");
    // The session cookie is kept: the visitor is still signed in once D1 is back.
    expect(page.headers.getSetCookie().some((c) => c.startsWith(`${sessionCookie}=`))).toBe(false);
    expect(renders).toEqual([
      { user: expect.objectContaining({ isAuthenticated: false }), serviceUnavailable: true },
    ]);
    expectLoggedOnce(errors(), /^unavailable: GET \/tests: /);
  });
});

describe("D1 throwing", () => {
  it("the health check answers 503", async () => {
    const app = worker();
    loggedErrors();
    app.fail({ DB: failingD1({ throws: d1Outage }) });
    await expectServiceUnavailable(await new Client(undefined, app.send).fetch("/healthz"));
  });

  it("answers are still saved: the answer path needs no D1 (ADR 0027)", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const { state } = await startTest(client);
    app.fail({ DB: failingD1({ throws: d1Outage }) });
    const saved = await answer(client, state.id, first, { letter: "C" });
    expect(saved.status).toBe(200);
  });
});

/** The attempt as its Durable Object holds it, read through the healthy Worker. */
async function attemptState(client: Client, attemptId: string): Promise<AttemptState> {
  const response = await client.fetch(`/api/tests/${attemptId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AttemptState;
}

const objectFailures: [string, Failure, number][] = [
  ["reset", { throws: objectReset }, bounds().attemptObjectMs],
  ["overloaded", { throws: objectOverloaded }, bounds().attemptObjectMs],
  ["failing to write D1 itself", { throws: objectD1Outage }, bounds().attemptObjectMs],
  ["not answering", "hangs", short],
];

describe.each(objectFailures)("the attempt's Durable Object %s", (_name, failure, objectMs) => {
  const broken = { TEST_ATTEMPT: failingAttempts(failure) };
  const objectBounds = bounds({ attemptObjectMs: objectMs });

  it("an answer is not acknowledged (503) nor recorded, and is saved when sent again", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const { state } = await startTest(client);
    const errors = loggedErrors();
    app.fail(broken, objectBounds);
    await expectServiceUnavailable(await answer(client, state.id, first, { letter: "B" }));
    expectLoggedOnce(errors(), new RegExp(`^unavailable: PUT /api/tests/[^/]+/answers/${first}: `));
    app.recover();
    expect((await attemptState(client, state.id)).answers).toEqual({});
    // The client's queue sends it again (app/lib/use-attempt-session.ts).
    const resent = await answer(client, state.id, first, { letter: "B" });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ answered: 1 });
    expect((await attemptState(client, state.id)).answers).toEqual({ [first]: "B" });
  });

  it("finishing answers 503, the test runs on, and finishing again works", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const { state } = await startTest(client);
    loggedErrors();
    app.fail(broken, objectBounds);
    await expectServiceUnavailable(
      await client.fetch(`/api/tests/${state.id}/finish`, { method: "POST" }),
    );
    app.recover();
    expect((await attemptState(client, state.id)).status).toBe("in_progress");
    const finished = await client.fetch(`/api/tests/${state.id}/finish`, { method: "POST" });
    expect(finished.status).toBe(200);
  });

  it("starting or resuming a test answers 503, with no attempt cookie", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const { state } = await startTest(client);
    loggedErrors();
    app.fail(broken, objectBounds);
    await expectServiceUnavailable(await client.fetch("/api/tests/current"));
    const restart = await client.fetch("/api/tests", { method: "POST", body: { restart: true } });
    expect(restart.headers.getSetCookie()).toEqual([]);
    await expectServiceUnavailable(restart);
    app.recover();
    // The browser still holds the first attempt, which runs on.
    expect(((await (await client.fetch("/api/tests/current")).json()) as AttemptState).id).toBe(
      state.id,
    );
  });
});

describe("the attempt's Durable Object failing while its taker signs up", () => {
  it("the account and its session are made (201); the result claims the attempt later", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const { state } = await startTest(client);
    const finished = await client.fetch(`/api/tests/${state.id}/finish`, { method: "POST" });
    expect(finished.status).toBe(200);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    app.fail({ TEST_ATTEMPT: failingAttempts({ throws: objectReset }) });
    const { response } = await client.signUp();
    expect(response.status).toBe(201);
    expect(client.session).toBeDefined();
    expect(warnings.mock.calls.map(String)).toContainEqual(
      expect.stringMatching(/^accounts: attempt not claimed at sign-in user=/),
    );
    app.recover();
    expect((await client.fetch(`/api/tests/${state.id}/result`)).status).toBe(200);
  });
});

describe("a bug in the attempt's Durable Object", () => {
  it("stays a 500 internalServerError, and the answer is not acknowledged", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    const { state } = await startTest(client);
    const errors = loggedErrors();
    app.fail({ TEST_ATTEMPT: failingAttempts({ throws: objectBug }) });
    const response = await answer(client, state.id, second, { letter: "A" });
    expect(response.status).toBe(500);
    expect(response.headers.get("Retry-After")).toBeNull();
    expect(await response.json()).toEqual({ status: 500, code: "internalServerError" });
    expect(errors()).toEqual([expect.stringMatching(/^unhandled: PUT .*TypeError/s)]);
    app.recover();
    expect((await attemptState(client, state.id)).answers).toEqual({});
  });
});

const kvFailures: [string, Failure, number][] = [
  ["throwing (500)", { throws: kvOutage }, bounds().kvMs],
  ["not answering", "hangs", short],
];

describe.each(kvFailures)("KV %s", (_name, failure, kvMs) => {
  it("a certificate is drawn without its cache: 200, nothing logged as an error", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    await client.signUp();
    const { state } = await startTest(client);
    const finished = await client.fetch(`/api/tests/${state.id}/finish`, { method: "POST" });
    expect(finished.status).toBe(200);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    app.fail({ KV: failingKv(failure) }, bounds({ kvMs }));
    const svg = await client.fetch(`/api/certificates/${state.id}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("X-Certificate-Cache")).toBe("miss");
    expect(await svg.text()).toContain("<svg");
    expect(warnings.mock.calls.map(String)).toContainEqual(
      expect.stringMatching(/^cache: certificate read skipped: kv/),
    );
    // Nothing was kept meanwhile: the next view draws it again.
    const kept = await env.KV.list({ prefix: certificateCachePrefix(state.id) });
    expect(kept.keys).toEqual([]);
  });
});

/**
 * Stripe's API at the HTTP boundary of the real adapter: down (500, told not to retry)
 * until `back()`, then answering `whenBack`. `sent` lists the requests it got.
 */
function stripeDownThenBack(whenBack: () => Response) {
  let up = false;
  const sent: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    if (up) return whenBack();
    return Response.json(
      { error: { type: "api_error", message: "An unknown error occurred" } },
      { status: 500, headers: { "Stripe-Should-Retry": "false", "Request-Id": "req_down" } },
    );
  });
  return {
    sent,
    back: () => {
      up = true;
    },
  };
}

describe("the payment provider (Stripe's API) failing", () => {
  const stripeSecrets = {
    STRIPE_SECRET_KEY: "sk_test_51FakeKeyForTheFailureTestsOnly",
    STRIPE_WEBHOOK_SECRET: "whsec_test_failures",
  } as Partial<Env>;

  it("answers 503 serviceUnavailable, the payment is `failure`, and paying again works once Stripe is back", async () => {
    const app = worker();
    const client = new Client(undefined, app.send);
    await client.signUp();
    const attemptId = await finishedAttempt((await client.me()).id as string);
    const stripe = stripeDownThenBack(() =>
      Response.json({
        id: "cs_test_back",
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        url: "https://checkout.stripe.com/c/pay/cs_test_back",
      }),
    );
    app.fail(stripeSecrets);
    const errors = loggedErrors();

    const failed = await client.fetch(`/api/checkout/${attemptId}/payments`, { body: {} });
    await expectServiceUnavailable(failed);
    expect(stripe.sent).toEqual(["POST /v1/checkout/sessions"]);
    expect(errors()).toEqual([
      expect.stringMatching(
        /^payments: payment=\S+ could not reach the provider: Stripe checkout create failed: StripeAPIError 500 req_down$/,
      ),
    ]);
    const failedPayment = await env.DB.prepare(
      "SELECT id, status FROM payments WHERE attempt_id = ? ORDER BY created_at",
    )
      .bind(attemptId)
      .first<{ id: string; status: string }>();
    expect(failedPayment?.status).toBe("failure");
    // Its page shows the failure result, and the report can be bought again.
    const view = (await (await client.fetch(`/api/payments/${failedPayment?.id}`)).json()) as {
      result: string | null;
    };
    expect(view.result).toBe("failure");

    stripe.back();
    const retried = await client.fetch(`/api/checkout/${attemptId}/payments`, { body: {} });
    expect(retried.status).toBe(201);
    expect(await retried.json()).toMatchObject({
      redirectUrl: "https://checkout.stripe.com/c/pay/cs_test_back",
    });
  });

  it("a webhook that needs Stripe while it is down answers 503 with Retry-After, so Stripe delivers it again; the delivery after is taken", async () => {
    const app = worker();
    // Back: the payment is not one of ours.
    const stripe = stripeDownThenBack(() =>
      Response.json(
        { error: { type: "invalid_request_error", code: "resource_missing" } },
        { status: 404, headers: { "Request-Id": "req_missing" } },
      ),
    );
    app.fail(stripeSecrets);
    const errors = loggedErrors();
    // A refund that names no order: only Stripe can say whose payment it was.
    const refund = stripeEvent(
      "charge.refunded",
      chargeObject({ id: crypto.randomUUID() }, { metadata: {} }),
    );
    const payload = JSON.stringify(refund);
    const delivery = async () =>
      new Client(undefined, app.send).fetch("/api/payments/webhook", {
        method: "POST",
        body: payload,
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": await signStripePayload(payload, "whsec_test_failures"),
        },
        origin: null,
      });

    const failed = await delivery();
    expect(failed.status).toBe(503);
    expect(failed.headers.get("Retry-After")).toBe("5");
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({ received: false, error: "provider_unavailable" });
    expect(text).not.toMatch(/Stripe|req_down|stack|\bat /);
    expect(stripe.sent).toEqual([expect.stringMatching(/^GET \/v1\/payment_intents\/pi_/)]);
    expect(errors()).toEqual([
      expect.stringMatching(
        /^payments: webhook event=evt_test_\w+ \(charge\.refunded\) left for the provider to deliver again: Stripe payment read failed: StripeAPIError 500 req_down$/,
      ),
    ]);

    stripe.back();
    const taken = await delivery();
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ received: true, ignored: true });
  });
});
