import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import type { PaymentView } from "../../core/payments/checkout";
import { testLoadContext } from "../../tests/app/load-context";
import { readPayment } from "./read-payment.server";

/** Reads payment `paymentId` from an API that gives `answer`; what was asked, and the outcome. */
async function read(paymentId: string, answer: Response) {
  const requests: string[] = [];
  const context = testLoadContext({
    api: async (path) => {
      requests.push(path);
      return answer;
    },
  });
  const outcome = await readPayment(context, paymentId).then(
    (payment) => ({ payment, thrown: undefined }),
    (thrown: unknown) => ({ payment: undefined, thrown }),
  );
  return { requests, ...outcome };
}

/** The status of what a loader threw: a route error response, or `data()`'s init. */
function thrownStatus(thrown: unknown): number | undefined {
  if (isRouteErrorResponse(thrown)) return thrown.status;
  return (thrown as { init?: { status?: number } } | undefined)?.init?.status;
}

describe("readPayment: the payment pages' payment", () => {
  it("asks the API for the payment by its id, escaped, and gives its body", async () => {
    const body = { id: "p/1", attemptId: "a1", result: null } as unknown as PaymentView;
    const { requests, payment } = await read("p/1", Response.json(body));
    expect(requests).toEqual(["/api/payments/p%2F1"]);
    expect(payment).toEqual(body);
  });

  it("makes the API's 404 (not the buyer's, or none) the pages' 404", async () => {
    const { thrown } = await read("p1", Response.json({ code: "notFound" }, { status: 404 }));
    expect(thrownStatus(thrown)).toBe(404);
  });

  it("makes any other failure an error of at least 500", async () => {
    expect(thrownStatus((await read("p1", new Response(null, { status: 403 }))).thrown)).toBe(500);
    expect(thrownStatus((await read("p1", new Response(null, { status: 503 }))).thrown)).toBe(503);
  });
});
