import type { PaymentSignal } from "../../core/payments/payment-machine.ts";
import type { PaymentStatus } from "../../core/payments/payments.ts";
import { sign, stripeEventPayload } from "../payment-bench.mjs";
import { type Answer, count, Device, expectStatus, violation } from "./client.ts";
import {
  type AttemptM,
  actsAsOwner,
  afterSignal,
  canMove,
  canPay,
  governing,
  holdsLock,
  isOver,
  isSettled,
  type Letter,
  mustBeFinished,
  type PaymentM,
  type Person,
  type World,
} from "./model.ts";

/**
 * The checked operations the commands are made of: each sends its request, checks the
 * answer against the model (status, shape, nobody else's data) and updates the model.
 */

/** Enough to pass the deadline (20 minutes) and its grace (5 s). */
const pastDeadlineMs = 1_210_000;

type Json = Record<string, unknown>;

const asObject = (answer: Answer): Json => {
  const body = answer.json();
  if (typeof body !== "object" || body === null) violation(`not an object: ${answer.text}`);
  return body as Json;
};

/** Letters only: the name rule counts letters (core/accounts/account-rules.ts). */
function randomLetters(n: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz";
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => alphabet[b % 26]).join("");
}

export async function newPerson(world: World, index: number): Promise<Person> {
  const tag = randomLetters(8);
  const ip = `10.${index + 1}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const person: Person = {
    index,
    name: `Fuzz ${tag[0]?.toUpperCase()}${tag.slice(1)} Person`,
    email: `fuzz-${world.runId}-${index}-${tag}@example.com`,
    password: `Fz#${tag}9Q`,
    main: new Device(world.base, ip, world.tally, world.trail),
    auditor: new Device(world.base, ip, world.tally, world.trail),
    signedIn: false,
    ended: [],
    attempts: [],
  };
  const signUp = await person.main.call("POST", "/api/accounts/sign-up", {
    json: {
      name: person.name,
      email: person.email,
      dateOfBirth: "1994-05-17",
      password: person.password,
      passwordConfirmation: person.password,
    },
  });
  expectStatus(`sign-up of p${index}`, signUp, 201);
  if (!person.main.session) violation(`sign-up of p${index} set no session cookie`);
  person.signedIn = true;
  await signInDevice(person, person.auditor);
  return person;
}

async function signInDevice(person: Person, device: Device): Promise<void> {
  const answer = await device.call("POST", "/api/accounts/login", {
    json: { email: person.email, password: person.password, rememberMe: true },
  });
  expectStatus(`sign-in of p${person.index}`, answer, 200);
  if (!device.session) violation(`sign-in of p${person.index} set no session cookie`);
}

/** A session token that was ended must read as anonymous. */
async function expectEnded(person: Person, token: string, why: string): Promise<void> {
  const answer = await person.main.call("GET", "/api/account", { cookie: `session=${token}` });
  expectStatus(`p${person.index}'s session after ${why}`, answer, 401);
}

// --- accounts ---------------------------------------------------------------------------

export async function signIn(world: World, person: Person): Promise<void> {
  const before = person.main.session;
  await signInDevice(person, person.main);
  // A new sign-in ends the browser's previous session (worker/api/accounts/start-session.ts).
  if (before && before !== person.main.session) {
    person.ended.push(before);
    await expectEnded(person, before, "a new sign-in");
  }
  person.signedIn = true;
  // The anonymous attempt this browser holds becomes the person's.
  for (const attempt of person.attempts) {
    if (attempt.owner === null && person.main.attemptCookie?.startsWith(`${attempt.id}.`)) {
      attempt.owner = person;
    }
  }
  void world;
}

export async function signOut(person: Person): Promise<void> {
  const token = person.main.session;
  const answer = await person.main.call("POST", "/api/accounts/logout", {
    json: {},
    headers: { Accept: "application/json" },
  });
  expectStatus(`logout of p${person.index}`, answer, 200);
  if (person.main.session) violation(`logout of p${person.index} left the session cookie`);
  person.signedIn = false;
  if (token) {
    person.ended.push(token);
    await expectEnded(person, token, "logout");
  }
}

export async function wrongPassword(person: Person): Promise<void> {
  const answer = await person.main.call("POST", "/api/accounts/login", {
    json: { email: person.email, password: `${person.password}x`, rememberMe: false },
    cookie: null,
  });
  // 429 once this address has failed five times on the account (worker/auth/README.md).
  expectStatus(`wrong password of p${person.index}`, answer, 401, 429);
  if (answer.text.includes(person.name)) violation("a refused sign-in answered the name");
}

/** Changes the password on the main browser: every other session ends, this one stays. */
export async function changePassword(person: Person, rightCurrent: boolean): Promise<void> {
  const next = `Nw#${randomLetters(8)}7Z`;
  const answer = await person.main.call("POST", "/api/account/password", {
    json: {
      currentPassword: rightCurrent ? person.password : `${person.password}!`,
      password: next,
      passwordConfirmation: next,
    },
  });
  if (!person.signedIn) return expectStatus("password change signed out", answer, 401);
  if (!rightCurrent) {
    expectStatus("password change with a wrong current password", answer, 400, 429);
    return;
  }
  expectStatus(`password change of p${person.index}`, answer, 200);
  person.password = next;
  const auditorToken = person.auditor.session;
  if (auditorToken) {
    person.ended.push(auditorToken);
    await expectEnded(person, auditorToken, "a password change on another device");
  }
  person.auditor.jar.delete("session");
  await signInDevice(person, person.auditor);
  const still = await person.main.call("GET", "/api/account");
  expectStatus("the session that changed the password", still, 200);
}

export async function signOutEverywhere(person: Person): Promise<void> {
  const answer = await person.main.call("POST", "/api/account/sign-out-everywhere");
  if (!person.signedIn) return expectStatus("sign out everywhere, signed out", answer, 401);
  expectStatus(`sign out everywhere of p${person.index}`, answer, 200);
  for (const token of [person.auditor.session]) {
    if (token) {
      person.ended.push(token);
      await expectEnded(person, token, "signing out everywhere");
    }
  }
  person.signedIn = false;
  person.auditor.jar.delete("session");
  await signInDevice(person, person.auditor);
}

// --- attempts ---------------------------------------------------------------------------

/** Attempts this browser's start may resume (worker/attempts/lookup.ts). */
function resumable(person: Person): AttemptM[] {
  return person.attempts.filter(
    (a) => a.status === "in_progress" && (actsAsOwner(person, a) || a.owner === person),
  );
}

export async function start(world: World, person: Person, restart: boolean): Promise<AttemptM> {
  const candidates = resumable(person).filter((a) => person.signedIn || actsAsOwner(person, a));
  const running = candidates.filter((a) => !a.timedOut);
  const answer = await person.main.call("POST", "/api/tests", { json: { restart } });
  const body = asObject(answer);
  const id = String(body.id);
  if (!restart && answer.status === 200) {
    const resumed = candidates.find((a) => a.id === id);
    if (!resumed) violation(`start resumed ${id}, not one of p${person.index}'s running attempts`);
    if (body.status !== "in_progress") violation(`start resumed a ${String(body.status)} attempt`);
    return resumed;
  }
  // Only the three newest running rows are looked at: more may hide an older one.
  if (!restart && running.length > 0 && candidates.length < 3) {
    violation(`start made a new attempt while ${running[0]?.id} runs (${answer.status})`);
  }
  expectStatus("start", answer, 201);
  if (!person.main.attemptCookie?.startsWith(`${id}.`)) violation("start set no attempt cookie");
  // The browser's previous anonymous attempt can no longer be reached.
  person.attempts = person.attempts.filter((a) => a.owner !== null);
  for (const a of person.attempts) if (a.holder === person) a.holder = null;
  const attempt: AttemptM = {
    id,
    owner: person.signedIn ? person : null,
    holder: person,
    status: "in_progress",
    timedOut: false,
    answers: {},
    arrivals: 0,
    payments: [],
  };
  person.attempts.push(attempt);
  void world;
  return attempt;
}

/** Someone (the person, or anyone else) answers a question of the attempt. */
export async function answerQuestion(
  person: Person,
  attempt: AttemptM,
  code: string,
  letter: Letter,
): Promise<void> {
  const what = `p${person.index} answers ${code} of ${attempt.id}`;
  const answer = await person.main.call("PUT", `/api/tests/${attempt.id}/answers/${code}`, {
    json: { letter },
  });
  if (!actsAsOwner(person, attempt)) {
    expectStatus(what, answer, 404);
    return;
  }
  if (isOver(attempt)) {
    // SECURITY 26-27: nothing lands after the end.
    expectStatus(`${what} after its end`, answer, 409);
    return;
  }
  expectStatus(what, answer, 200);
  attempt.answers[code] = letter;
  attempt.arrivals++;
  const answered = asObject(answer).answered;
  if (answered !== Object.keys(attempt.answers).length) {
    violation(
      `${what}: answered ${String(answered)}, the model has ${Object.keys(attempt.answers).length}`,
    );
  }
}

/** Pins the judgement of an attempt the server reports as final. */
function settle(attempt: AttemptM, status: unknown, what: string): void {
  if (status === "in_progress") {
    if (attempt.status !== "in_progress" && attempt.status !== "ended") {
      violation(`${what}: in_progress again after ${attempt.status}`);
    }
    if (attempt.status === "in_progress" && attempt.timedOut) attempt.status = "ended";
    return;
  }
  if (status !== "finished" && status !== "rejected")
    violation(`${what}: status ${String(status)}`);
  if (attempt.status === "finished" || attempt.status === "rejected") {
    if (status !== attempt.status) violation(`${what}: ${attempt.status} became ${status}`);
    return;
  }
  if (status === "rejected" && mustBeFinished(attempt)) {
    violation(`${what}: rejected with ${attempt.arrivals} answers (no rule can reject it)`);
  }
  attempt.status = status;
  const tally = (attempt.owner ?? attempt.holder)?.main.tally;
  if (tally) count(tally, `attempt ${status}${attempt.timedOut ? " after time out" : ""}`);
}

export async function finish(person: Person, attempt: AttemptM): Promise<void> {
  const what = `p${person.index} finishes ${attempt.id}`;
  const answer = await person.main.call("POST", `/api/tests/${attempt.id}/finish`);
  if (!actsAsOwner(person, attempt)) return expectStatus(what, answer, 404);
  expectStatus(what, answer, 200);
  const body = asObject(answer);
  settle(attempt, body.status, what);
  if (body.status === "finished" && typeof body.resultPath !== "string") {
    violation(`${what}: finished without a resultPath`);
  }
  if (body.status === "rejected" && body.resultPath !== undefined) {
    violation(`${what}: rejected with a resultPath`);
  }
}

export async function elapse(person: Person, attempt: AttemptM): Promise<void> {
  const answer = await person.main.call("POST", `/_dev/tests/${attempt.id}/elapse`, {
    json: { ms: pastDeadlineMs },
  });
  if (attempt.status === "finished" || attempt.status === "rejected") {
    return expectStatus("the clock of an ended attempt", answer, 409);
  }
  if (attempt.timedOut) return expectStatus("the clock again", answer, 200, 409);
  expectStatus("the clock of a running attempt", answer, 200);
  attempt.timedOut = true;
  attempt.status = "ended";
}

/** Reads the attempt as this device and checks it against the model. */
export async function readState(person: Person, attempt: AttemptM, device = person.main) {
  const what = `p${person.index} reads ${attempt.id}`;
  const answer = await device.call("GET", `/api/tests/${attempt.id}`);
  const owner = device === person.main ? actsAsOwner(person, attempt) : attempt.owner === person;
  if (!owner) return expectStatus(what, answer, 404);
  expectStatus(what, answer, 200);
  const body = asObject(answer);
  settle(attempt, body.status, what);
  const answers = JSON.stringify(Object.entries((body.answers ?? {}) as object).sort());
  const known = JSON.stringify(Object.entries(attempt.answers).sort());
  if (answers !== known) violation(`${what}: answers ${answers}, the model has ${known}`);
  if (JSON.stringify(body).match(/"expect"|"key"|"correct"/)) {
    violation(`${what}: the state carries an answer key`);
  }
}

export async function readResult(person: Person, attempt: AttemptM): Promise<void> {
  const what = `p${person.index} reads the result of ${attempt.id}`;
  const answer = await person.main.call("GET", `/api/tests/${attempt.id}/result`);
  if (!person.signedIn) return expectStatus(what, answer, 401);
  if (!actsAsOwner(person, attempt)) return expectStatus(what, answer, 404);
  // The result claims an anonymous attempt whose cookie a signed-in browser holds.
  if (attempt.owner === null) attempt.owner = person;
  switch (attempt.status) {
    case "in_progress":
      // SECURITY 27: no result before the end.
      return expectStatus(`${what} before its end`, answer, 409);
    case "finished":
      return expectStatus(what, answer, 200);
    case "rejected":
      return expectStatus(what, answer, 409);
    case "ended": {
      expectStatus(what, answer, 200, 409);
      const code = answer.status === 409 ? asObject(answer).code : null;
      if (answer.status === 200) settle(attempt, "finished", what);
      else if (code === "testRejected") settle(attempt, "rejected", what);
      else if (code !== "testNotFinished") violation(`${what}: 409 ${String(code)}`);
    }
  }
}

export async function readCertificate(person: Person, attempt: AttemptM): Promise<void> {
  const what = `p${person.index} reads the certificate of ${attempt.id}`;
  const answer = await person.main.call("GET", `/api/certificates/${attempt.id}`);
  if (!person.signedIn) return expectStatus(what, answer, 401);
  if (attempt.owner !== person) return expectStatus(what, answer, 404);
  if (attempt.status === "finished") {
    expectStatus(what, answer, 200);
    if (asObject(answer).name !== person.name) violation(`${what}: another name on it`);
    return;
  }
  if (attempt.status === "ended") return expectStatus(what, answer, 200, 404);
  expectStatus(what, answer, 404);
}

// --- payments ---------------------------------------------------------------------------

/** Who may buy: the signed-in owner of a finished attempt. */
function buyable(person: Person, attempt: AttemptM): "yes" | "maybe" | "no" {
  if (attempt.owner !== person) return "no";
  if (attempt.status === "finished") return "yes";
  return attempt.status === "ended" ? "maybe" : "no";
}

/** The answer a coupon must get for this attempt, from the model (worker/coupons/README.md). */
function couponProblem(world: World, person: Person, attempt: AttemptM, code: string) {
  const issued = world.coupons.find((c) => c.code === code);
  // Mistyped, unknown or someone else's: the field's validation error, 400 (ADR 0042).
  if (!issued) return 400;
  if (issued.audience === "buyer" && issued.buyer !== person) return 400;
  const payments = world.people.flatMap((p) => p.attempts.flatMap((a) => a.payments));
  const withCode = payments.filter((p) => p.coupon === code);
  // Used, or withdrawn by a refund of the purchase that issued it (ADR 0045): 422 either way.
  if (withCode.some((p) => p.settledOnce) || issued.issuedBy.status === "refunded") return 422;
  if (withCode.some((p) => p.attempt !== attempt && holdsLock(p.status))) return 423;
  return null;
}

export async function quoteCoupon(world: World, person: Person, attempt: AttemptM, code: string) {
  const what = `p${person.index} asks about coupon ${code} for ${attempt.id}`;
  const answer = await person.main.call("POST", `/api/checkout/${attempt.id}/coupon`, {
    json: { coupon: code },
  });
  if (!person.signedIn) return expectStatus(what, answer, 401);
  const can = buyable(person, attempt);
  if (can === "no") return expectStatus(what, answer, 404);
  if (can === "maybe") return expectStatus(what, answer, 200, 400, 404, 410, 422, 423);
  const problem = couponProblem(world, person, attempt, code);
  if (problem === null) return expectStatus(what, answer, 200);
  expectStatus(what, answer, problem);
}

export async function checkout(
  world: World,
  person: Person,
  attempt: AttemptM,
  currency: "USD" | "BRL",
  coupon: string | null,
): Promise<PaymentM | null> {
  const what = `p${person.index} checks out ${attempt.id}${coupon ? ` with ${coupon}` : ""}`;
  const answer = await person.main.call("POST", `/api/checkout/${attempt.id}/payments`, {
    json: coupon ? { coupon } : {},
    headers: currency === "BRL" ? { i18n: "pt-br" } : {},
  });
  if (!person.signedIn) {
    expectStatus(what, answer, 401);
    return null;
  }
  const can = buyable(person, attempt);
  if (can === "no") {
    expectStatus(what, answer, 404);
    return null;
  }
  const problem = coupon ? couponProblem(world, person, attempt, coupon) : null;
  if (can === "maybe") {
    expectStatus(what, answer, 201, 400, 404, 409, 410, 422, 423);
  } else if (!canPay(attempt)) {
    // A paid or pending test is not sold again; a coupon problem may be named first.
    expectStatus(
      `${what} (${governing(attempt)?.status})`,
      answer,
      409,
      ...(problem ? [problem] : []),
    );
  } else if (problem !== null) {
    // A consumed single-use coupon must never start a payment (SECURITY 23).
    expectStatus(what, answer, problem);
  } else {
    expectStatus(what, answer, 201);
  }
  if (coupon) count(world.tally, `coupon at checkout ${answer.status}`);
  if (answer.status !== 201 && answer.status !== 409 && can === "yes") {
    // A checkout refused for its coupon changes nothing: the open one stays open.
    const before = attempt.payments.map((x) => x.status).join();
    await refreshPayments(world, attempt);
    const after = attempt.payments.map((x) => x.status).join();
    if (after !== before)
      violation(`${what}: refused ${answer.status}, yet ${before} became ${after}`);
  }
  if (answer.status !== 201) return null;
  return adoptPayment(world, attempt, answer, currency, coupon);
}

/** A checkout the server started: the model tracks it from `awaiting`. */
export async function adoptPayment(
  world: World,
  attempt: AttemptM,
  answer: Answer,
  currency: "USD" | "BRL",
  coupon: string | null,
): Promise<PaymentM> {
  if (attempt.status === "ended") attempt.status = "finished";
  if (!canPay(attempt)) violation(`a checkout started while ${governing(attempt)?.status}`);
  const body = asObject(answer);
  const sessionId = new URL(String(body.redirectUrl)).pathname.split("/").pop() ?? "";
  const payment: PaymentM = {
    id: String(body.paymentId),
    sessionId,
    attempt,
    currency,
    status: "awaiting",
    detail: null,
    coupon,
    settledOnce: false,
    lateMoney: false,
  };
  attempt.payments.push(payment);
  // Earlier open checkouts of the test are closed by a new one.
  await refreshPayments(world, attempt);
  return payment;
}

/**
 * Reads every payment of the attempt through the owner's auditor browser: each status
 * moved only forward, a single-use coupon is consumed at most once, and the report opens
 * exactly when the governing payment is approved.
 */
export async function refreshPayments(world: World, attempt: AttemptM): Promise<void> {
  const owner = attempt.owner;
  if (!owner) return;
  const before = governing(attempt)?.status ?? null;
  for (const payment of attempt.payments) {
    const answer = await owner.auditor.call("GET", `/api/payments/${payment.id}`);
    expectStatus(`payment ${payment.id}`, answer, 200);
    const view = asObject(answer);
    const status = view.status as PaymentStatus;
    if (!canMove(payment.status, status)) {
      violation(`payment ${payment.id} moved backwards: ${payment.status} -> ${status}`);
    }
    if ((view.couponCode ?? null) !== payment.coupon) {
      violation(`payment ${payment.id}: coupon ${String(view.couponCode)}, not ${payment.coupon}`);
    }
    if (status !== payment.status) count(world.tally, `payment ${status}`);
    payment.status = status;
    payment.detail = (view.statusDetail as string | null) ?? null;
    if (isSettled(status)) payment.settledOnce = true;
    for (const issued of (view.issuedCoupons ?? []) as { code: string; audience: string }[]) {
      if (!world.coupons.some((c) => c.code === issued.code)) {
        count(world.tally, "coupon issued");
        world.coupons.push({
          code: issued.code,
          audience: issued.audience === "buyer" ? "buyer" : "friend",
          buyer: owner,
          issuedBy: payment,
        });
      }
    }
  }
  checkCouponUses(world);
  if ((governing(attempt)?.status ?? null) !== before)
    await readReport(owner, attempt, owner.auditor);
}

/** SECURITY 23: a single-use coupon is consumed by one purchase at most. */
function checkCouponUses(world: World): void {
  const payments = world.people.flatMap((p) => p.attempts.flatMap((a) => a.payments));
  for (const coupon of world.coupons) {
    const used = payments.filter((p) => p.coupon === coupon.code && p.settledOnce && !p.lateMoney);
    if (used.length > 1) {
      violation(
        `coupon ${coupon.code} used ${used.length} times: ${used.map((p) => p.id).join(", ")}`,
      );
    }
  }
}

export async function readReport(person: Person, attempt: AttemptM, device = person.main) {
  const what = `p${person.index} reads the report of ${attempt.id}`;
  const answer = await device.call("GET", `/api/tests/${attempt.id}/report`);
  const signedIn = device === person.auditor || person.signedIn;
  if (!signedIn) return expectStatus(what, answer, 401);
  const can = buyable(person, attempt);
  if (can === "no") return expectStatus(what, answer, 404);
  const g = governing(attempt);
  if (g?.status === "approved") return expectStatus(what, answer, 200);
  if (can === "maybe" && g === null) return expectStatus(what, answer, 402, 404);
  // SECURITY 15: no report without an approved payment.
  expectStatus(`${what} (payment ${g?.status ?? "none"})`, answer, 402);
}

/** One action of the buyer on the local test provider's page (worker/dev/pay/page.ts). */
export async function payAction(
  world: World,
  person: Person,
  payment: PaymentM,
  action: string,
): Promise<void> {
  const form = new URLSearchParams({ action });
  if (action === "decline") form.set("declineCode", "insufficient_funds");
  const answer = await person.main.call("POST", `/_dev/pay/${payment.sessionId}`, {
    body: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expectStatus(`pay page ${action}`, answer, 303, 409, 400);
  await refreshPayments(world, payment.attempt);
}

export type WebhookKind =
  | "paid"
  | "unpaid"
  | "async_succeeded"
  | "async_failed"
  | "expired"
  | "declined"
  | "refunded"
  | "refund_failed";

const signalOf: Record<Exclude<WebhookKind, "refund_failed">, PaymentSignal> = {
  paid: { kind: "paid" },
  unpaid: { kind: "awaiting_transfer" },
  async_succeeded: { kind: "paid" },
  async_failed: { kind: "transfer_expired" },
  expired: { kind: "expired" },
  declined: { kind: "declined", declineCode: "insufficient_funds" },
  refunded: { kind: "refunded" },
};

/** A Stripe-shaped event about one of our payments (as the local provider sends them). */
export function eventFor(payment: PaymentM, kind: WebhookKind): string {
  const session = (status: string, paymentStatus: string) => ({
    id: payment.sessionId,
    object: "checkout.session",
    client_reference_id: payment.id,
    metadata: { order_id: payment.id },
    payment_intent: null,
    status,
    payment_status: paymentStatus,
  });
  const [type, object] = ((): [string, unknown] => {
    switch (kind) {
      case "paid":
        return ["checkout.session.completed", session("complete", "paid")];
      case "unpaid":
        return ["checkout.session.completed", session("complete", "unpaid")];
      case "async_succeeded":
        return ["checkout.session.async_payment_succeeded", session("complete", "paid")];
      case "async_failed":
        return ["checkout.session.async_payment_failed", session("complete", "unpaid")];
      case "expired":
        return ["checkout.session.expired", session("expired", "unpaid")];
      case "declined":
        return [
          "payment_intent.payment_failed",
          {
            id: `pi_fuzz_${payment.id.replaceAll("-", "")}`,
            object: "payment_intent",
            metadata: { order_id: payment.id },
            status: "requires_payment_method",
            last_payment_error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "insufficient_funds",
            },
          },
        ];
      case "refund_failed":
        return [
          "refund.failed",
          {
            id: `re_fuzz_${payment.id.replaceAll("-", "")}`,
            object: "refund",
            // Our refunds carry the order (worker/payments/stripe.ts refundPayment).
            metadata: { order_id: payment.id },
            payment_intent: `pi_fuzz_${payment.id.replaceAll("-", "")}`,
            status: "failed",
            failure_reason: "expired_or_canceled_card",
            amount: 1990,
          },
        ];
      case "refunded":
        return [
          "charge.refunded",
          {
            id: `ch_fuzz_${payment.id.replaceAll("-", "")}`,
            object: "charge",
            metadata: { order_id: payment.id },
            payment_intent: `pi_fuzz_${payment.id.replaceAll("-", "")}`,
            refunded: true,
            amount: 1990,
            amount_refunded: 1990,
          },
        ];
    }
  })();
  return stripeEventPayload(type, object, "fuzz");
}

export type Delivery = "fresh" | "replay" | "badSignature" | "expired" | "noSignature" | "garbage";

/** Delivers an event to the webhook; the payment moves as the state machine says, or not at all. */
export async function webhook(
  world: World,
  person: Person,
  payment: PaymentM,
  kind: WebhookKind,
  delivery: Delivery,
): Promise<void> {
  const what = `webhook ${kind} (${delivery}) for ${payment.id}`;
  const replayed = world.delivered.filter((d) => d.payment === payment).at(-1);
  const payload =
    delivery === "replay" && replayed
      ? replayed.payload
      : delivery === "garbage"
        ? `{"id":"evt_x","type":"checkout.session.completed","data":{"object":{"id":${"[".repeat(40)}`
        : eventFor(payment, kind);
  const now = Math.floor(Date.now() / 1000);
  const signature =
    delivery === "badSignature"
      ? sign(payload).replace(/v1=(.)/, (_, c: string) => `v1=${c === "0" ? "1" : "0"}`)
      : delivery === "expired"
        ? sign(payload, now - 400)
        : sign(payload);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (delivery !== "noSignature") headers["Stripe-Signature"] = signature;
  const answer = await person.main.call("POST", "/api/payments/webhook", {
    body: payload,
    headers,
    origin: false,
    cookie: null,
  });
  const before = payment.status;
  if (["badSignature", "expired", "noSignature"].includes(delivery)) {
    // SECURITY 17: a signature that does not verify is 400 and changes nothing.
    expectStatus(what, answer, 400);
    await refreshPayments(world, payment.attempt);
    if (payment.status !== before) violation(`${what}: moved ${before} -> ${payment.status}`);
    return;
  }
  if (delivery === "garbage") {
    expectStatus(what, answer, 400, 200);
    return;
  }
  expectStatus(what, answer, 200);
  const body = asObject(answer);
  const failure = delivery === "replay" && replayed ? replayed.refundFailure : undefined;
  if (failure || (kind === "refund_failed" && !(delivery === "replay" && replayed))) {
    // A refund the provider failed changes the refund, never the payment (ADR 0045): taken
    // (and a duplicate when delivered again) only while the payment has a refund.
    const refunded = before === "refunded";
    if (failure?.recorded) {
      if (body.duplicate !== true) violation(`${what}: a replay was not taken as a duplicate`);
    } else {
      if (body.duplicate === true) violation(`${what}: a new event was taken as a duplicate`);
      if ((body.ignored === true) === refunded) {
        violation(`${what}: ${refunded ? "ignored for" : "taken without"} a refund`);
      }
    }
    if (failure) failure.recorded ||= refunded;
    else world.delivered.push({ payload, payment, refundFailure: { recorded: refunded } });
    await refreshPayments(world, payment.attempt);
    if (payment.status !== before) violation(`${what}: moved ${before} -> ${payment.status}`);
    return;
  }
  if (delivery === "replay" && replayed) {
    // SECURITY 18: a duplicate returns 200 and changes nothing.
    if (body.duplicate !== true) violation(`${what}: a replay was not taken as a duplicate`);
    await refreshPayments(world, payment.attempt);
    if (payment.status !== before)
      violation(`${what}: a duplicate moved ${before} -> ${payment.status}`);
    return;
  }
  if (body.duplicate === true) violation(`${what}: a new event was taken as a duplicate`);
  world.delivered.push({ payload, payment });
  const expected = afterSignal(payment, signalOf[kind as Exclude<WebhookKind, "refund_failed">]);
  if (before === "cancelled" && isSettled(expected)) {
    payment.lateMoney = true;
    count(world.tally, "money on a closed checkout");
  }
  await refreshPayments(world, payment.attempt);
  // A payment that may still take money is read from the provider on every look
  // (worker/payments/orders.ts syncPayment): its truth may move it on, forward only.
  const synced =
    (expected === "awaiting" || expected === "rejected") && canMove(expected, payment.status);
  if (payment.status !== expected && !synced) {
    violation(`${what}: ${before} became ${payment.status}, the state machine says ${expected}`);
  }
}

export async function cancelPayment(world: World, person: Person, payment: PaymentM) {
  const answer = await person.main.call("POST", `/api/payments/${payment.id}/cancel`);
  if (!person.signedIn) return expectStatus("cancel signed out", answer, 401);
  if (payment.attempt.owner !== person) return expectStatus("cancel of another's", answer, 404);
  expectStatus(`cancel of ${payment.id}`, answer, 200);
  await refreshPayments(world, payment.attempt);
}
