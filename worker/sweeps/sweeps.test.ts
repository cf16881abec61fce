import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../tests/fail-on-console-error";
import { startTest } from "../../tests/worker/attempts";
import { Client } from "../../tests/worker/client";
import {
  buyer,
  completedPaid,
  deliver,
  finishedAttempt,
  paymentRow,
  providerPayment,
  startCheckout,
} from "../../tests/worker/payments";
import { unclaimedKeepMs } from "./anonymous-attempts";
import { awaitingGraceMs } from "./payments";
import { retentionMs } from "./retention";
import { runSweeps } from "./sweeps";

/**
 * The Cron Trigger's sweeps (issue 31.3) on the real local D1 and KV: each case set up as
 * it happens (a checkout through the API and the local test provider, a test started by an
 * anonymous visitor), aged by moving its times back, then one run of the sweeps.
 */

async function sweep(now = Date.now()) {
  const ctx = createExecutionContext();
  const outcomes = await runSweeps(env, ctx, now);
  await waitOnExecutionContext(ctx);
  for (const outcome of outcomes) expect(outcome.handled, outcome.name).not.toBeNull();
  return Object.fromEntries(outcomes.map((o) => [o.name, o.handled]));
}

async function couponLockState(paymentId: string) {
  const lock = await env.DB.prepare("SELECT state FROM coupon_locks WHERE payment_id = ?")
    .bind(paymentId)
    .first<{ state: string }>();
  return lock?.state ?? null;
}

/** A checkout left awaiting with a coupon locked, its expiry moved back past the grace. */
async function abandonedCheckout() {
  const who = await buyer();
  const attemptId = await finishedAttempt(who.userId);
  const code = `SWEEP${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await env.DB.prepare(
    "INSERT INTO coupons (code, percent, uses_allowed, source, created_at) VALUES (?, 10, 1, 'operator', ?)",
  )
    .bind(code, Date.now())
    .run();
  const { response, body } = await startCheckout(who.client, attemptId, { coupon: code });
  expect(response.status).toBe(201);
  expect(await couponLockState(body.paymentId)).toBe("held");
  return { who, attemptId, paymentId: body.paymentId, code };
}

async function expire(paymentId: string, by = awaitingGraceMs + 60_000) {
  await env.DB.prepare(
    "UPDATE payments SET checkout_expires_at = ?, created_at = created_at - ? WHERE id = ?",
  )
    .bind(Date.now() - by, by + 30 * 60_000, paymentId)
    .run();
}

describe("the sweeps", () => {
  it("settle a payment left awaiting past its checkout's expiry: cancelled, its coupon released, once", async () => {
    const { paymentId } = await abandonedCheckout();
    await expire(paymentId);
    await sweep();
    const row = await paymentRow(paymentId);
    expect(row?.status).toBe("cancelled");
    expect(await couponLockState(paymentId)).toBe("released");
    const version = row?.version;
    // Idempotent: the next run finds nothing to do with it.
    await sweep();
    expect((await paymentRow(paymentId))?.version).toBe(version);
  });

  it("leave an awaiting payment within its checkout's time, and a paid one, untouched", async () => {
    const open = await abandonedCheckout();
    const paid = await abandonedCheckout();
    await deliver(completedPaid(await providerPayment(paid.paymentId, paid.attemptId)));
    await expire(paid.paymentId);
    const before = await paymentRow(paid.paymentId);
    expect(before?.status).toBe("approved");
    await sweep();
    expect((await paymentRow(open.paymentId))?.status).toBe("awaiting");
    expect(await couponLockState(open.paymentId)).toBe("held");
    const after = await paymentRow(paid.paymentId);
    expect(after).toEqual(before);
    // The buyer's report stays theirs.
    const report = await paid.who.client.fetch(`/api/tests/${paid.attemptId}/report`);
    expect(report.status).toBe(200);
  });

  it("take the provider's word: a checkout paid at the last moment is approved, not cancelled", async () => {
    const { paymentId, attemptId } = await abandonedCheckout();
    const { sessionId } = await providerPayment(paymentId, attemptId);
    // The provider took the money (its session says paid); its event never reached us.
    const key = `dev-pay:session:${sessionId}`;
    const session = await env.KV.get<Record<string, unknown>>(key, "json");
    expect(session?.status).toBe("open");
    await env.KV.put(
      key,
      JSON.stringify({ ...session, status: "complete", paymentStatus: "paid" }),
    );
    await expire(paymentId);
    await sweep();
    expect((await paymentRow(paymentId))?.status).toBe("approved");
  });

  it("settle the others when one payment cannot be settled (a checkout the provider forgot)", async () => {
    expectConsoleError();
    const forgotten = await abandonedCheckout();
    const other = await abandonedCheckout();
    const { sessionId } = await providerPayment(forgotten.paymentId, forgotten.attemptId);
    await env.KV.delete(`dev-pay:session:${sessionId}`);
    // The forgotten one is the oldest: it comes first in the run.
    await expire(forgotten.paymentId, awaitingGraceMs + 120_000);
    await expire(other.paymentId);
    await sweep();
    expect((await paymentRow(forgotten.paymentId))?.status).toBe("awaiting");
    expect((await paymentRow(other.paymentId))?.status).toBe("cancelled");
    // Out of the way of the next tests' runs (each would log it again).
    await env.DB.prepare("UPDATE payments SET status = 'cancelled' WHERE id = ?")
      .bind(forgotten.paymentId)
      .run();
  });

  it("mark expired an awaiting payment that never got a provider checkout (a crash), releasing its coupon", async () => {
    const { paymentId } = await abandonedCheckout();
    await env.DB.prepare("UPDATE payments SET provider_session_id = NULL WHERE id = ?")
      .bind(paymentId)
      .run();
    await expire(paymentId);
    await sweep();
    expect((await paymentRow(paymentId))?.status).toBe("cancelled");
    expect(await couponLockState(paymentId)).toBe("released");
  });

  it("delete an unclaimed anonymous attempt a week after it ended, and keep a claimed one and a recent one", async () => {
    const anonymous = new Client();
    const { state: old } = await startTest(anonymous);
    const recent = await startTest(new Client());
    const claimed = new Client();
    const { state: kept } = await startTest(claimed);
    expect((await claimed.signUp()).response.status).toBe(201);
    const owner = await env.DB.prepare("SELECT user_id FROM test_attempts WHERE id = ?")
      .bind(kept.id)
      .first<{ user_id: string | null }>();
    expect(owner?.user_id).not.toBeNull();
    const aged = Date.now() - unclaimedKeepMs - 60_000;
    for (const id of [old.id, kept.id]) {
      await env.DB.prepare(
        "UPDATE test_attempts SET started_at = ?, deadline = ?, status = 'finished', finished_at = ? WHERE id = ?",
      )
        .bind(aged - 20 * 60_000, aged, aged, id)
        .run();
    }
    const handled = await sweep();
    expect(handled["unclaimed attempts"]).toBeGreaterThanOrEqual(1);
    const exists = async (id: string) =>
      (await env.DB.prepare("SELECT 1 AS x FROM test_attempts WHERE id = ?").bind(id).first()) !==
      null;
    expect(await exists(old.id)).toBe(false);
    expect(await exists(recent.state.id)).toBe(true);
    expect(await exists(kept.id)).toBe(true);
  });

  it("run apart: one that fails does not stop the others", async () => {
    expectConsoleError();
    const { paymentId } = await abandonedCheckout();
    await expire(paymentId);
    const broken: Env = {
      ...env,
      DB: new Proxy(env.DB, {
        get(target, property) {
          if (property !== "prepare") return Reflect.get(target, property);
          return (sql: string) => {
            if (sql.includes("DELETE FROM test_attempts"))
              throw new Error("D1 is down for this one");
            return target.prepare(sql);
          };
        },
      }),
    };
    const ctx = createExecutionContext();
    const outcomes = await runSweeps(broken, ctx);
    await waitOnExecutionContext(ctx);
    const byName = Object.fromEntries(outcomes.map((o) => [o.name, o.handled]));
    expect(byName["unclaimed attempts"]).toBeNull();
    expect(byName["awaiting payments"]).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(paymentId))?.status).toBe("cancelled");
  });

  it("run now from the development route (the bench's), which answers what each did", async () => {
    const { paymentId } = await abandonedCheckout();
    await expire(paymentId);
    const response = await new Client().fetch("/_dev/sweeps", { method: "POST" });
    expect(response.status).toBe(200);
    const { outcomes } = (await response.json()) as {
      outcomes: { name: string; handled: number }[];
    };
    expect(outcomes.map((o) => o.name).sort()).toEqual([
      "awaiting payments",
      "retention",
      "unclaimed attempts",
    ]);
    expect(outcomes.find((o) => o.name === "awaiting payments")?.handled).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(paymentId))?.status).toBe("cancelled");
  });

  it("remove an account unused for five years as a deletion does (its payment kept without the person), and keep one used since and a buyer's", async () => {
    const gone = await buyer();
    const attemptId = await finishedAttempt(gone.userId);
    // A checkout left open (then cancelled): a payment, but no report owed.
    const { body } = await startCheckout(gone.client, attemptId);
    const buyerOf = await buyer();
    const paidAttempt = await finishedAttempt(buyerOf.userId);
    const paid = await startCheckout(buyerOf.client, paidAttempt);
    await deliver(completedPaid(await providerPayment(paid.body.paymentId, paidAttempt)));
    const kept = await buyer();
    const returning = await buyer();
    const longAgo = Date.now() - retentionMs - 24 * 60 * 60_000;
    const age = async (userId: string) => {
      await env.DB.batch([
        env.DB.prepare(
          "UPDATE users SET last_seen_at = ?, created_at = ?, updated_at = ? WHERE id = ?",
        ).bind(longAgo, longAgo, longAgo, userId),
        env.DB.prepare(
          "UPDATE test_attempts SET started_at = ?, deadline = ?, finished_at = ? WHERE user_id = ?",
        ).bind(longAgo, longAgo, longAgo, userId),
        env.DB.prepare("UPDATE payments SET created_at = ?, updated_at = ? WHERE user_id = ?").bind(
          longAgo,
          longAgo,
          userId,
        ),
      ]);
    };
    await age(gone.userId);
    await age(returning.userId);
    await age(buyerOf.userId);
    await env.DB.prepare("UPDATE payments SET status = 'cancelled' WHERE id = ?")
      .bind(body.paymentId)
      .run();
    await env.DB.prepare("UPDATE users SET last_seen_at = ? WHERE id = ?")
      .bind(Date.now() - retentionMs + 30 * 24 * 60 * 60_000, kept.userId)
      .run();
    // Signing in again is using the site: the five years start again.
    expect((await new Client().login(returning.email)).status).toBe(200);

    const handled = await sweep();
    expect(handled.retention).toBe(1);
    const user = (id: string) =>
      env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(id).first();
    expect(await user(gone.userId)).toBeNull();
    expect(await user(kept.userId)).not.toBeNull();
    expect(await user(returning.userId)).not.toBeNull();
    expect(
      await env.DB.prepare("SELECT id FROM test_attempts WHERE id = ?").bind(attemptId).first(),
    ).toBeNull();
    const payment = await env.DB.prepare(
      "SELECT status, user_id, attempt_id FROM payments WHERE id = ?",
    )
      .bind(body.paymentId)
      .first();
    expect(payment).toEqual({ status: "cancelled", user_id: null, attempt_id: null });
    // The buyer's paid report is owed to them: never swept.
    expect(await user(buyerOf.userId)).not.toBeNull();
    expect((await buyerOf.client.fetch(`/api/tests/${paidAttempt}/report`)).status).toBe(200);
    // Idempotent: nothing left to remove.
    expect((await sweep()).retention).toBe(0);
  });
});
