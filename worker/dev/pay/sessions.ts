import { paymentTiming } from "../../env";
import type { CheckoutRequest } from "../../payments/provider";
import { englishRefusals, type LocalRefusal } from "./refusals";

/**
 * The local test provider's checkout sessions (docs/decisions/0035-development-wing.md):
 * what Stripe would hold for a Checkout Session and its PaymentIntent, kept in KV because
 * production has no use for them, so they stay out of its D1 schema.
 *
 * How a session holds Stripe's state (no field was added for the test provider):
 * - `status` / `paymentStatus`: the Checkout Session's.
 * - `method`: what the buyer chose (card, pix, boleto).
 * - `afterPayment`: what happened to the PaymentIntent that status and paymentStatus do
 *   not say: `declined:<decline_code>` on an open session after a declined card,
 *   `transfer_expired` on a complete unpaid session whose Pix or boleto was not paid, and
 *   after a payment `refunded`, `disputed`, `dispute_won` or `dispute_lost`.
 * - `transferExpiresAt`: the issued Pix code's or boleto's `next_action.expires_at`.
 *
 * Invariants:
 * - Each transition starts from a state it checks on the stored session, and one action at a
 *   time runs on a session: a second one arriving meanwhile is refused, as a lost
 *   compare-and-set would be. KV has no compare-and-set; the claim is held in memory,
 *   which holds because development (wrangler dev, the worker tests) runs one isolate.
 * - A session still open is kept until one checkout window (CHECKOUT_EXPIRY_MINUTES) past
 *   its expiry (and at least KV's 60 s after each write), then KV forgets it by itself:
 *   long enough to show "time over" and let it expire. A completed one (paid, or a Pix or
 *   boleto waiting to be paid) is kept for 30 days after its last change, as Stripe keeps
 *   a payment: a developer can pay or let expire a pending transfer, refund or dispute a
 *   payment made days before, as they could when these sessions lived in D1.
 */
export interface LocalSession {
  id: string;
  paymentIntentId: string;
  orderId: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid";
  /** The method the buyer chose on the test page. */
  method: "card" | "pix" | "boleto" | "wallet" | null;
  afterPayment: string | null;
  currency: string;
  amountCents: number;
  locale: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: number;
  createdAt: number;
  /**
   * When the Pix code or boleto issued stops being payable (the PaymentIntent's
   * `next_action` `expires_at`); absent before one is issued, and on sessions from before.
   */
  transferExpiresAt?: number;
}

export type SessionChanges = Partial<
  Pick<LocalSession, "status" | "paymentStatus" | "method" | "afterPayment" | "transferExpiresAt">
>;

export type TransferMethod = "pix" | "boleto";

/** A buyer action that does not fit the session's state (the page answers 409). */
export class LocalActionRefused extends Error {
  override readonly name = "LocalActionRefused";
  constructor(readonly reason: LocalRefusal) {
    // The page's English words, so that a log says what the buyer would have read.
    super(englishRefusals[reason]);
  }
}

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Stripe-like random suffix: 24 alphanumerics (about 143 bits). */
export function randomSuffix(length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 % 62 leaves a slight bias; irrelevant for test ids.
  return Array.from(bytes, (byte) => idAlphabet[byte % idAlphabet.length]).join("");
}

const sessionPrefix = "cs_test_local_";
const paymentIntentPrefix = "pi_test_local_";
const sessionKey = (id: string) => `dev-pay:session:${id}`;
const orderKey = (orderId: string) => `dev-pay:order:${orderId}`;

/** KV refuses an expiry nearer than this. */
const kvMinimumTtlSeconds = 60;

/** How long a completed session stays: what a developer may still do to its payment. */
export const completedSessionKeptMs = 30 * 24 * 60 * 60 * 1000;

function ttlSeconds(env: Env, session: LocalSession, now: number): number {
  const keptMs =
    session.status === "complete"
      ? completedSessionKeptMs
      : session.expiresAt - now + paymentTiming(env).checkoutMs;
  return Math.max(kvMinimumTtlSeconds, Math.ceil(keptMs / 1000));
}

async function writeSession(env: Env, session: LocalSession): Promise<void> {
  const options = { expirationTtl: ttlSeconds(env, session, Date.now()) };
  await Promise.all([
    env.KV.put(sessionKey(session.id), JSON.stringify(session), options),
    env.KV.put(orderKey(session.orderId), session.id, options),
  ]);
}

export async function findLocalSession(env: Env, sessionId: string): Promise<LocalSession | null> {
  return env.KV.get<LocalSession>(sessionKey(sessionId), "json");
}

export async function requireSession(env: Env, sessionId: string): Promise<LocalSession> {
  const session = await findLocalSession(env, sessionId);
  if (!session) throw new LocalActionRefused("not_found");
  return session;
}

/** The order of a PaymentIntent: it shares its session's suffix, as its charge does. */
export async function orderOfLocalPayment(
  env: Env,
  paymentIntentId: string,
): Promise<string | null> {
  return (await localSessionOfPayment(env, paymentIntentId))?.orderId ?? null;
}

const creating = new Map<string, Promise<LocalSession>>();

/**
 * The order's session, made open and unpaid if it has none: a retried or concurrent create
 * for the same order answers the same session.
 */
export function createLocalSession(env: Env, request: CheckoutRequest): Promise<LocalSession> {
  const pending = creating.get(request.orderId);
  if (pending) return pending;
  const created = (async () => {
    const existing = await env.KV.get(orderKey(request.orderId));
    const found = existing ? await findLocalSession(env, existing) : null;
    if (found) return found;
    const suffix = randomSuffix();
    const session: LocalSession = {
      id: `${sessionPrefix}${suffix}`,
      paymentIntentId: `${paymentIntentPrefix}${suffix}`,
      orderId: request.orderId,
      status: "open",
      paymentStatus: "unpaid",
      method: null,
      afterPayment: null,
      currency: request.currency,
      amountCents: request.totalCents,
      locale: request.locale,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: request.expiresAt,
      createdAt: Date.now(),
    };
    await writeSession(env, session);
    return session;
  })().finally(() => creating.delete(request.orderId));
  creating.set(request.orderId, created);
  return created;
}

/** Whether an open session's time is over (Stripe would expire it; here the buyer must). */
export function isPastExpiry(session: LocalSession, now = Date.now()): boolean {
  return session.status === "open" && session.expiresAt <= now;
}

const acting = new Set<string>();

/**
 * Moves a session that is still in the state `from` accepts to `changes`, or refuses with
 * `refusal` when another action got there first (or is under way).
 */
export async function transitionSession(
  env: Env,
  sessionId: string,
  from: (session: LocalSession) => boolean,
  changes: SessionChanges,
  refusal: LocalRefusal,
): Promise<LocalSession> {
  if (acting.has(sessionId)) throw new LocalActionRefused(refusal);
  acting.add(sessionId);
  try {
    const current = await findLocalSession(env, sessionId);
    if (!current || !from(current)) throw new LocalActionRefused(refusal);
    const updated = { ...current, ...changes };
    await writeSession(env, updated);
    return updated;
  } finally {
    acting.delete(sessionId);
  }
}

/**
 * The local checkouts of these orders, for the holder's data export. Only development has
 * any (worker/payments/providers.ts), so production asks KV nothing.
 */
export async function localCheckoutsOf(env: Env, orderIds: string[]): Promise<LocalSession[]> {
  if (env.ENVIRONMENT !== "development") return [];
  const found = await Promise.all(
    orderIds.map(async (orderId) => {
      const sessionId = await env.KV.get(orderKey(orderId));
      return sessionId ? findLocalSession(env, sessionId) : null;
    }),
  );
  return found.filter((session) => session !== null);
}

/** The session of a PaymentIntent (refunds, issue 30.6): it shares the session's suffix. */
export async function localSessionOfPayment(
  env: Env,
  paymentIntentId: string,
): Promise<LocalSession | null> {
  if (!paymentIntentId.startsWith(paymentIntentPrefix)) return null;
  const suffix = paymentIntentId.slice(paymentIntentPrefix.length);
  return findLocalSession(env, `${sessionPrefix}${suffix}`);
}
