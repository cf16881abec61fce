import { createContext, RouterContextProvider } from "react-router";
import type { CurrentUser } from "../../core/accounts/account";

export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  /** The signed-in user (or the anonymous one), resolved by the Worker from the session cookie. */
  user: CurrentUser;
  /** Calls our own API in-process, with the page request's cookies and language. */
  api: (path: string, init?: RequestInit) => Promise<Response>;
  /** The CSP nonce of this response, for inline scripts. */
  nonce: string;
  /**
   * The render is kept as the shared copy every anonymous visitor gets
   * (worker/pages/shared-copy.ts): it must not depend on this request's cookies.
   */
  sharedCopy: boolean;
  /**
   * The Worker could not serve this request (a dependency failed before the page, e.g.
   * its session could not be read): the pages answer the 503 screen
   * (service-unavailable.server.ts; docs/decisions/0029-dependency-failures.md).
   */
  serviceUnavailable?: true;
}

/** Loaders and middleware read the Worker's env, the user and the API from here. */
export const cloudflareContext = createContext<RequestContext>();

/** Called once per page request by the Worker entry. */
export function createLoadContext(request: RequestContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(cloudflareContext, request);
  return provider;
}
