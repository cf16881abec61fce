import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import type { AttemptResult } from "../../core/attempts/attempt";
import type { AttemptsList } from "../../core/attempts/attempts-list";
import type { CheckoutView, CouponQuote } from "../../core/payments/checkout";
import { testLoadContext } from "../../tests/app/load-context";
import { expectConsoleError } from "../../tests/fail-on-console-error";
import { type ApiLoad, callApi, loadFromApi, sendToApi } from "./api-loader.server";

type Page = { kind: "found"; name: string } | { kind: "gone" | "running" | "rejected" };

const load: Omit<ApiLoad<{ name: string }, Page>, "path"> = {
  ok: ({ name }): Page => ({ kind: "found", name }),
  expected: [
    { status: 404, page: { kind: "gone" } },
    { status: 409, code: "testNotFinished", page: { kind: "running" } },
    { status: 409, code: "testRejected", page: { kind: "rejected" } },
    { status: 410, page: { kind: "gone" }, pageStatus: 200 },
  ],
};

/**
 * A page whose loader reads the API, served by React Router the way the Worker serves
 * pages: the status, the page's data or the error the error boundary would show.
 */
async function servePage(answer: Response, options = load) {
  const requests: string[] = [];
  const context = testLoadContext({
    api: async (path) => {
      requests.push(path);
      return answer;
    },
  });
  const handler = createStaticHandler([
    {
      id: "page",
      path: "/",
      loader: ({ context }) => loadFromApi(context, { path: "/api/thing", ...options }),
    },
  ]);
  const result = await handler.query(new Request("https://lumen.test/"), {
    requestContext: context,
  });
  if (result instanceof Response) throw new Error("unexpected redirect");
  expect(requests).toEqual(["/api/thing"]);
  const error = result.errors?.page;
  return {
    status: result.statusCode,
    page: result.loaderData.page as unknown,
    error: isRouteErrorResponse(error) ? { status: error.status, data: error.data } : error,
  };
}

describe("loadFromApi: the API's answer as a page's data", () => {
  it("gives a 2xx body to the page, which takes what it shows of it", async () => {
    const page = await servePage(Response.json({ name: "Ada", secret: "x" }));
    expect(page).toEqual({ status: 200, page: { kind: "found", name: "Ada" }, error: undefined });
  });

  it("an expected status becomes the page's own result, with the API's status", async () => {
    const page = await servePage(
      Response.json({ status: 404, code: "invalidTest" }, { status: 404 }),
    );
    expect(page).toEqual({ status: 404, page: { kind: "gone" }, error: undefined });
  });

  it.each([
    ["testNotFinished", { kind: "running" }],
    ["testRejected", { kind: "rejected" }],
  ])("a 409 with the code %s becomes %o", async (code, expected) => {
    const page = await servePage(Response.json({ status: 409, code }, { status: 409 }));
    expect(page).toEqual({ status: 409, page: expected, error: undefined });
  });

  it("keeps another status for the page when asked (a used reset link is a 200 page)", async () => {
    const page = await servePage(
      Response.json({ status: 410, code: "invalidToken" }, { status: 410 }),
    );
    expect(page).toEqual({ status: 200, page: { kind: "gone" }, error: undefined });
  });

  it.each([
    [
      "a 409 with a code the page does not know",
      Response.json({ code: "other" }, { status: 409 }),
      500,
    ],
    ["a 409 without a body", new Response(null, { status: 409 }), 500],
    ["a 401", Response.json({ status: 401, code: "loginRequired" }, { status: 401 }), 500],
    ["a 503", Response.json({ status: 503 }, { status: 503 }), 503],
    ["a 502 without a body", new Response("Bad gateway", { status: 502 }), 502],
  ])("%s is an error response of at least 500", async (_, answer, status) => {
    const page = await servePage(answer);
    expect(page).toEqual({ status, page: undefined, error: { status, data: null } });
  });

  it("a 2xx body that is not JSON is a 500, logged with its path and without a stack", async () => {
    expectConsoleError();
    const page = await servePage(new Response("<html>", { status: 200 }));
    expect(page).toEqual({ status: 500, page: undefined, error: { status: 500, data: null } });
    const [message] = vi.mocked(console.error).mock.calls[0] ?? [];
    expect(message).toContain("/api/thing");
    expect(message).not.toMatch(/\n\s+at /);
  });
});

/*
 * The API's shapes are their `core/` types (docs/decisions/0036-one-shape-per-answer.md):
 * what a shape refuses is refused by the compiler, no longer by a parse at run time. The
 * `expectTypeOf` lines below are type tests: `npm run typecheck` fails them, not vitest.
 */
describe("the API's shapes", () => {
  it("'My IQ tests' rows: finished with an IQ, running or rejected without one", () => {
    const list: AttemptsList = {
      tests: [
        {
          id: "a",
          date: "2026-11-22T10:00:00.000Z",
          status: "in_progress",
          iq: null,
          iqLabel: null,
          interval: null,
          paymentStatus: null,
        },
        {
          id: "b",
          date: "2026-11-21T10:00:00.000Z",
          status: "finished",
          iq: 112,
          iqLabel: "112",
          interval: { low: 104, high: 120 },
          paymentStatus: "approved",
        },
        {
          id: "c",
          date: "2026-11-20T10:00:00.000Z",
          status: "rejected",
          iq: null,
          iqLabel: null,
          interval: null,
          paymentStatus: null,
        },
      ],
    };
    const [running] = list.tests;
    // A running attempt has no IQ.
    expectTypeOf({ tests: [{ ...running, iq: 100 }] }).not.toExtend<AttemptsList>();
  });

  it("a result: every band of core/scoring/scoring.ts", () => {
    const result: AttemptResult = {
      id: "a",
      finishedAt: "2026-11-22T10:00:00.000Z",
      iq: 145,
      iqLabel: "145+",
      atCeiling: true,
      atFloor: false,
      interval: { low: 134, high: 145 },
      band: "giftedness",
      rawTotal: 40,
      normsVersion: "v1",
      ageBand: "20-24",
    };
    // No such band.
    expectTypeOf({ ...result, band: "genius" as const }).not.toExtend<AttemptResult>();
  });
});

/** A context whose in-process API answers `answer` and records what it was asked. */
function recordingContext(answer: Response) {
  const calls: { path: string; init?: RequestInit }[] = [];
  const context = testLoadContext({
    api: async (path, init) => {
      calls.push({ path, init });
      return answer;
    },
  });
  return { context, calls };
}

describe("callApi and sendToApi: what route actions and richer loaders read", () => {
  it("gives a 2xx body as its type", async () => {
    const { context } = recordingContext(Response.json({ name: "Ada" }, { status: 201 }));
    const answer = await callApi<{ name: string }>(context, { path: "/api/thing" });
    expect(answer).toEqual({ ok: true, status: 201, body: { name: "Ada" } });
  });

  it("gives an error's status, code and field messages for the page to place", async () => {
    const { context } = recordingContext(
      Response.json(
        {
          status: 422,
          fields: { coupon: ["Coupon is no longer available or has already been used!"] },
        },
        { status: 422 },
      ),
    );
    const answer = await callApi(context, { path: "/api/thing" });
    expect(answer).toEqual({
      ok: false,
      status: 422,
      code: undefined,
      fields: { coupon: ["Coupon is no longer available or has already been used!"] },
    });
  });

  it("reads an error without a body as no code and no fields", async () => {
    const { context } = recordingContext(new Response(null, { status: 503 }));
    expect(await callApi(context, { path: "/api/thing" })).toEqual({
      ok: false,
      status: 503,
      code: undefined,
      fields: {},
    });
  });

  it("throws a 500 for a 2xx body that is not JSON, logged", async () => {
    expectConsoleError();
    const { context } = recordingContext(new Response("<html>", { status: 200 }));
    await expect(callApi(context, { path: "/api/thing" })).rejects.toMatchObject({
      init: { status: 500 },
    });
  });

  it("posts JSON in the page's language (the API's messages and the currency follow it)", async () => {
    const { context, calls } = recordingContext(Response.json({ name: "Ada" }));
    await sendToApi(context, {
      path: "/api/checkout/x/coupon",
      json: { coupon: "AMIGO20" },
      locale: "pt-br",
    });
    const [call] = calls;
    expect(call?.path).toBe("/api/checkout/x/coupon");
    expect(call?.init?.method).toBe("POST");
    const headers = new Headers(call?.init?.headers);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("i18n")).toBe("pt-br");
    expect(call?.init?.body).toBe('{"coupon":"AMIGO20"}');
  });
});

describe("the checkout's shapes (core/payments/checkout.ts)", () => {
  const brl = (cents: number) => ({ cents, currency: "BRL" as const });

  it("a checkout with its latest payment and the share coupons it issued", () => {
    const view: CheckoutView = {
      attemptId: "a",
      iqLabel: "118",
      price: brl(4990),
      methods: ["card", "pix", "boleto"],
      couponLockMinutes: 60,
      latestPayment: {
        id: "p",
        attemptId: "a",
        status: "approved",
        statusDetail: "accredited",
        result: "success",
        total: brl(3992),
        couponCode: "AMIGO20",
        createdAt: "2026-11-23T12:00:00.000Z",
        issuedCoupons: [
          { code: "IQ-1", percent: 20, audience: "buyer", expiresAt: null },
          { code: "IQ-2", percent: 20, audience: "friend", expiresAt: "2027-05-23T12:00:00.000Z" },
        ],
      },
      canPay: false,
      brazilOffer: null,
    };
    // No such payment method.
    expectTypeOf({ ...view, methods: ["cash" as const] }).not.toExtend<CheckoutView>();
  });

  it("a quote", () => {
    const quote: CouponQuote = {
      code: "AMIGO20",
      percent: 20,
      list: brl(4990),
      discount: brl(998),
      total: brl(3992),
    };
    // A quote has its total.
    expectTypeOf({ ...quote, total: undefined }).not.toExtend<CouponQuote>();
  });
});
