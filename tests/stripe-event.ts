/**
 * A Stripe event around an object, as Stripe sends it to our webhook, with a fresh id
 * `evt_<source>_…` unless one is given. No imports: the worker tests (workerd) and the
 * bench and fuzzer (node) build the same envelope.
 */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id?: string,
  source = "test",
) {
  return {
    id: id ?? `evt_${source}_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
