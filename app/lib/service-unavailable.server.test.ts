import { describe, expect, it } from "vitest";
import { testLoadContext } from "../../tests/app/load-context";
import type { RequestContext } from "./load-context";
import { serviceUnavailableMiddleware } from "./service-unavailable.server";

function contextFor(flags: Pick<RequestContext, "serviceUnavailable">) {
  return testLoadContext(flags);
}

function run(flags: Pick<RequestContext, "serviceUnavailable">) {
  let nextCalled = false;
  const args = {
    request: new Request("https://lumen.test/tests"),
    params: {},
    context: contextFor(flags),
    unstable_pattern: "/tests",
  } as unknown as Parameters<typeof serviceUnavailableMiddleware>[0];
  const result = serviceUnavailableMiddleware(args, async () => {
    nextCalled = true;
    return new Response("page");
  });
  return { result, nextCalled: () => nextCalled };
}

describe("the pages' service-unavailable middleware (ADR 0029)", () => {
  it("when the Worker could not serve the request, no loader runs: the page is the 503 screen", () => {
    let thrown: unknown;
    try {
      run({ serviceUnavailable: true });
    } catch (error) {
      thrown = error;
    }
    // React Router renders the pages' error boundary for it: 'Service Temporarily Unavailable!'.
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 503 } });
  });

  it("otherwise the page renders", async () => {
    const { result, nextCalled } = run({});
    expect(nextCalled()).toBe(true);
    expect(await (result as Promise<Response>)).toBeInstanceOf(Response);
  });
});
