import { createLocalProvider } from "../dev";
import { optionalSettings } from "../env";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe";

const cache = new WeakMap<object, PaymentProvider>();

/**
 * The provider that takes payments: Stripe when its keys are set, otherwise (development
 * only: production refuses to start without them, worker/env.ts) the local test provider.
 */
export function providerFor(env: Env): PaymentProvider {
  const cached = cache.get(env);
  if (cached) return cached;
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } =
    optionalSettings(env);
  let provider: PaymentProvider;
  if (secretKey && webhookSecret) provider = createStripeProvider({ secretKey, webhookSecret });
  else if (env.ENVIRONMENT === "development") provider = createLocalProvider(env);
  else throw new Error("payments: no payment provider is configured (set the Stripe secrets)");
  cache.set(env, provider);
  return provider;
}
