import { createLoadContext, type RequestContext } from "../../app/lib/load-context";
import { anonymousUser } from "../../core/accounts/account";

/**
 * For unit tests: the context a page's loader or middleware gets, with what the test
 * names (the user, the in-process API, flags) and nothing of a real Worker behind it. By
 * default an anonymous visitor, and an API that fails.
 */
export function testLoadContext(request: Partial<RequestContext> = {}) {
  return createLoadContext({
    env: {} as Env,
    ctx: {} as ExecutionContext,
    user: anonymousUser,
    api: async () => new Response(null, { status: 500 }),
    nonce: "n",
    sharedCopy: false,
    ...request,
  });
}
