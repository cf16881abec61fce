import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { anonymousUser } from "../../core/account";
import { expectConsoleError } from "../../tests/fail-on-console-error";
import { type ApiLoad, loadFromApi } from "./api-loader.server";
import { attemptResultSchema, attemptsListSchema } from "./api-schemas.server";
import { createLoadContext } from "./load-context";

type Page = { kind: "found"; name: string } | { kind: "gone" | "running" | "rejected" };

const nameSchema = z.object({ name: z.string() });

const load: Omit<ApiLoad<{ name: string }, Page>, "path"> = {
  schema: nameSchema,
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
  const context = createLoadContext({
    env: {} as Env,
    ctx: {} as ExecutionContext,
    user: anonymousUser,
    api: async (path) => {
      requests.push(path);
      return answer;
    },
    nonce: "n",
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
  it("parses a 2xx body with the schema and gives it to the page (unknown fields dropped)", async () => {
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

  it("a 2xx body that does not fit the schema is a 500, logged without a stack", async () => {
    expectConsoleError();
    const page = await servePage(Response.json({ name: 42 }));
    expect(page).toEqual({ status: 500, page: undefined, error: { status: 500, data: null } });
    const [message] = vi.mocked(console.error).mock.calls[0] ?? [];
    expect(message).toContain("/api/thing");
    expect(message).toContain("name");
    expect(message).not.toMatch(/\n\s+at /);
  });

  it("a 2xx body that is not JSON is a 500", async () => {
    expectConsoleError();
    const page = await servePage(new Response("<html>", { status: 200 }));
    expect(page).toEqual({ status: 500, page: undefined, error: { status: 500, data: null } });
  });
});

describe("the API's shapes", () => {
  it("'My IQ tests' rows: finished with an IQ, running or rejected without one", () => {
    const list = {
      tests: [
        {
          id: "a",
          date: "2026-11-22T10:00:00.000Z",
          status: "in_progress",
          iq: null,
          iqLabel: null,
          paymentStatus: null,
        },
        {
          id: "b",
          date: "2026-11-21T10:00:00.000Z",
          status: "finished",
          iq: 112,
          iqLabel: "112",
          paymentStatus: "approved",
        },
        {
          id: "c",
          date: "2026-11-20T10:00:00.000Z",
          status: "rejected",
          iq: null,
          iqLabel: null,
          paymentStatus: null,
        },
      ],
    };
    expect(attemptsListSchema.parse(list)).toEqual(list);
    const running = { ...list.tests[0], iq: 100 };
    expect(attemptsListSchema.safeParse({ tests: [running] }).success).toBe(false);
  });

  it("a result: every band and percentile method of core/scoring.ts", () => {
    const result = {
      id: "a",
      finishedAt: "2026-11-22T10:00:00.000Z",
      iq: 145,
      iqLabel: "145+",
      atCeiling: true,
      atFloor: false,
      interval: { low: 134, high: 145 },
      band: "giftedness",
      rawTotal: 40,
      rawByCategory: { SM: 10, RA: 10, RE: 10, RL: 10 },
      normsVersion: "v1",
      ageBand: "20-24",
    };
    expect(attemptResultSchema.parse(result)).toEqual(result);
    expect(attemptResultSchema.safeParse({ ...result, band: "genius" }).success).toBe(false);
  });
});
