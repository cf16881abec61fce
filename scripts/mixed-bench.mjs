// The mixed run of `npm run bench` (issue 17): everything that races at once on a busy day,
// against one server. 200 test-takers answering, 50 sign-ups, 20 buyers paying with the
// same single-use coupon and 100 deliveries of one webhook event, all started together.
// It prints what must hold under that load: acknowledged answers lost (goal 0), coupon
// winners (goal 1), state transitions made by the replays (goal 1) and 5xx answers (goal 0).
import { execFileSync } from "node:child_process";
import { answerSaves, userAgent } from "./bench-takers.mjs";
import { buyerWithTests, completedEvent, sign } from "./payment-bench.mjs";

/** A single-use operator's coupon written to the server's local D1 (`npm run coupons`). */
function singleUseCoupon(persistTo) {
  const code = `RACE-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  execFileSync(
    "node",
    ["scripts/coupons.ts", "create", "--code", code, "--percent", "50", "--uses", "1"],
    {
      env: { ...process.env, COUPONS_PERSIST_TO: persistTo },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return code;
}

/** Counts answers by status class, and the 5xx. */
function tally() {
  const byStatus = {};
  return {
    byStatus,
    add(status) {
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    },
    count: (test) =>
      Object.entries(byStatus)
        .filter(([status]) => test(Number(status)))
        .reduce((sum, [, n]) => sum + n, 0),
  };
}

/** `count` new visitors sign up at once, each from its own address (the per-IP throttle). */
async function signUps(base, count) {
  const statuses = tally();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const password = "Bench#Passw0rd";
      const response = await fetch(`${base}/api/accounts/sign-up`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: base,
          "User-Agent": userAgent,
          "CF-Connecting-IP": `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({
          name: "Bench Newcomer",
          email: `newcomer-${crypto.randomUUID()}@example.com`,
          dateOfBirth: "1990-01-01",
          password,
          passwordConfirmation: password,
        }),
      });
      await response.arrayBuffer();
      statuses.add(response.status);
    }),
  );
  return statuses;
}

/** Every buyer starts paying for their own test with the same coupon, all at once. */
async function couponRace(buyers, coupon) {
  const statuses = tally();
  await Promise.all(
    buyers.map(async ({ call, attemptId }) => {
      const response = await call(`/api/checkout/${attemptId}/payments`, {
        method: "POST",
        body: { coupon },
      });
      await response.arrayBuffer();
      statuses.add(response.status);
    }),
  );
  return statuses;
}

/** One event, delivered `count` times at once; "applied" counts deliveries not refused as duplicates. */
async function replays(base, payload, count) {
  const statuses = tally();
  let applied = 0;
  await Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(`${base}/api/payments/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": sign(payload) },
        body: payload,
      });
      statuses.add(response.status);
      if (response.status === 200 && !(await response.json()).duplicate) applied++;
      else await response.arrayBuffer().catch(() => {});
    }),
  );
  return { statuses, applied };
}

export async function mixedRun(
  base,
  persistTo,
  { takers = 200, newcomers = 50, buyers = 20, deliveries = 100 } = {},
) {
  // Set up before the clock starts: the buyers' finished tests, the coupon, and one order
  // awaiting its provider's event.
  const coupon = singleUseCoupon(persistTo);
  const racers = [];
  for (let i = 0; i < buyers; i++) {
    const { ids, call } = await buyerWithTests(base, 1);
    racers.push({ call, attemptId: ids[0] });
  }
  const { ids, call } = await buyerWithTests(base, 1);
  const [attemptId] = ids;
  const started = await call(`/api/checkout/${attemptId}/payments`, { method: "POST", body: {} });
  if (started.status !== 201) throw new Error(`bench checkout failed: ${started.status}`);
  const { paymentId, redirectUrl } = await started.json();
  const payload = completedEvent(
    paymentId,
    attemptId,
    new URL(redirectUrl).pathname.split("/").pop(),
  );

  const begin = performance.now();
  const [answers, signed, race, replayed] = await Promise.all([
    answerSaves(base, takers, { answers: 20, thinkMs: 250 }),
    signUps(base, newcomers),
    couponRace(racers, coupon),
    replays(base, payload, deliveries),
  ]);
  const seconds = (performance.now() - begin) / 1000;
  const payment = await (await call(`/api/payments/${paymentId}`)).json();
  const serverErrors =
    answers.serverErrors +
    [signed, race, replayed.statuses].reduce((sum, t) => sum + t.count((s) => s >= 500), 0);
  const requests =
    answers.saves +
    [signed, race, replayed.statuses].reduce((sum, t) => sum + t.count(() => true), 0);
  return {
    seconds,
    takers,
    answers,
    newcomers,
    signed,
    buyers,
    race,
    winners: race.count((s) => s === 201),
    deliveries,
    replayed,
    paymentStatus: payment.status,
    serverErrors,
    requests,
  };
}

const statusList = (t) =>
  Object.entries(t.byStatus)
    .map(([status, n]) => `${n} x ${status}`)
    .join(", ");

/** The run's lines for the bench's printout. */
export function formatMixedRun(run) {
  const line = (name, value, note) => `${name.padEnd(26)} ${String(value).padStart(8)}   ${note}`;
  return [
    `Mixed run                  ${run.seconds.toFixed(1).padStart(8)} s   (${run.takers} takers answering, ${run.newcomers} sign-ups, ${run.buyers} purchases on one single-use coupon, ${run.deliveries} replays of one webhook, at once)`,
    line(
      "  answers lost",
      run.answers.lost,
      `(goal 0; of ${run.answers.acknowledged} acknowledged, ${run.answers.failed} not acknowledged; p50 ${run.answers.p50.toFixed(1)} ms, p99 ${run.answers.p99.toFixed(1)} ms)`,
    ),
    line(
      "  sign-ups created",
      run.signed.count((s) => s === 201),
      `(of ${run.newcomers}: ${statusList(run.signed)})`,
    ),
    line("  coupon winners", run.winners, `(goal 1; of ${run.buyers}: ${statusList(run.race)})`),
    line(
      "  replay transitions",
      run.replayed.applied,
      `(goal 1; of ${run.deliveries} deliveries: ${statusList(run.replayed.statuses)}; the payment is ${run.paymentStatus})`,
    ),
    line("  5xx", run.serverErrors, `(goal 0; of ${run.requests} requests)`),
  ];
}
