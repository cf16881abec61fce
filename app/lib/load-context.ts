import { createContext, RouterContextProvider } from "react-router";

export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
}

/** Loaders and middleware read the Worker's env and execution context from here. */
export const cloudflareContext = createContext<CloudflareContext>();

/** Called once per request by the Worker entry. */
export function createLoadContext(env: Env, ctx: ExecutionContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(cloudflareContext, { env, ctx });
  return provider;
}
