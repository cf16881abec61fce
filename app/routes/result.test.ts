import { createStaticHandler } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProfiledUser } from "../../core/accounts/account";
import { testLoadContext } from "../../tests/app/load-context";
import { loader } from "./result";

const owner: ProfiledUser = {
  isAuthenticated: true,
  id: "user-1",
  name: "Ana Lima",
  email: "ana@example.com",
  dateOfBirth: "1990-01-01",
  shouldUpdate: false,
} as ProfiledUser;

/** The result page's loader against an API that logs when each call starts and answers. */
async function openResultPage(answers: Record<string, () => Response>) {
  const events: string[] = [];
  const context = testLoadContext({
    user: owner,
    api: async (path) => {
      const name = path.includes("/checkout/") ? "checkout" : "result";
      events.push(`${name} asked`);
      // An answer takes a while, as a D1 round trip does.
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`${name} answered`);
      return (answers[name] ?? (() => new Response(null, { status: 500 })))();
    },
  });
  const handler = createStaticHandler([
    { id: "result", path: "/result/:id", loader: (args) => loader(args as never) },
  ]);
  const result = await handler.query(new Request("https://lumen.test/result/abc"), {
    requestContext: context,
  });
  if (result instanceof Response) throw new Error("unexpected redirect");
  return { events, data: result.loaderData.result, errors: result.errors };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

describe("the result page's loader", () => {
  it("asks for the report's offer beside the result, not after it", async () => {
    const { events, errors } = await openResultPage({
      result: json({ code: "invalidTest" }, 404),
      checkout: json({ code: "invalidTest" }, 404),
    });
    expect(errors).toBeNull();
    expect(events.slice(0, 2).sort()).toEqual(["checkout asked", "result asked"]);
  });

  it("shows the invalid-test page when the result is refused, whatever the offer's call did", async () => {
    const { data } = await openResultPage({
      result: json({ code: "invalidTest" }, 404),
      checkout: () => new Response("down", { status: 503 }),
    });
    expect(data).toEqual({ kind: "invalid" });
  });
});
