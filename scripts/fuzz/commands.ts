import fc from "fast-check";
import { localPayActions } from "../../worker/dev/pay/page-actions.ts";
import { expectStatus, violation } from "./client.ts";
import { forgedSessions, hostileBodies, oddCodes, oddIds } from "./hostile.ts";
import {
  type AttemptM,
  actsAsOwner,
  letters,
  type PaymentM,
  type Person,
  pick,
  questionCodes,
  type World,
} from "./model.ts";
import * as op from "./ops.ts";

/**
 * The fuzzer's commands (fast-check model-based testing): each picks its person, attempt
 * or payment from the model by index at run time, so that any sequence can be replayed
 * and shrunk against a fresh world.
 */

type Cmd = fc.AsyncCommand<World, unknown>;

/** Every command spends one step of the budget; replays while shrinking are free. */
class Step implements Cmd {
  readonly label: string;
  readonly applies: (world: Readonly<World>) => boolean;
  readonly act: (world: World) => Promise<void>;
  constructor(
    label: string,
    applies: (world: Readonly<World>) => boolean,
    act: (world: World) => Promise<void>,
  ) {
    this.label = label;
    this.applies = applies;
    this.act = act;
  }
  toString() {
    return this.label;
  }
  check(world: Readonly<World>): boolean {
    const { budget } = world;
    if (budget.shrinking) return this.applies(world);
    if (budget.steps >= budget.maxSteps || Date.now() > budget.deadline) return false;
    return this.applies(world);
  }
  async run(world: World): Promise<void> {
    if (world.budget.shrinking) world.budget.shrinkSteps++;
    else world.budget.steps++;
    await this.act(world);
  }
}

const always = () => true;

const person = (world: Readonly<World>, p: number) =>
  world.people[p % world.people.length] as Person;

function attemptOf(world: Readonly<World>, p: number, a: number): AttemptM | undefined {
  return pick(person(world, p).attempts, a);
}

const hasAttempt = (p: number, a: number) => (world: Readonly<World>) =>
  attemptOf(world, p, a) !== undefined;

/** Another person's attempt (for the cross-user commands). */
function strangersAttempt(world: Readonly<World>, p: number, q: number, a: number) {
  const me = person(world, p);
  const others = world.people.filter((x) => x !== me);
  const them = pick(others, q);
  const attempt =
    them &&
    pick(
      them.attempts.filter((x) => x.owner === them),
      a,
    );
  return them && attempt ? { me, them, attempt } : undefined;
}

function paymentOf(world: Readonly<World>, p: number, a: number): PaymentM | undefined {
  const payments = person(world, p).attempts.flatMap((x) => x.payments);
  return pick(payments, a);
}

const hasPayment = (p: number, x: number) => (world: Readonly<World>) =>
  paymentOf(world, p, x) !== undefined;

// --- reaching every state ---------------------------------------------------------------

export const targets = [
  "in_progress",
  "finished",
  "rejected",
  "timed_out",
  "pending",
  "approved",
  "refunded",
  "declined",
  "awaiting",
  "withCoupon",
] as const;
type Target = (typeof targets)[number];

const targetActions: Partial<Record<Target, string[]>> = {
  awaiting: [],
  pending: ["pix"],
  approved: ["pay_card"],
  refunded: ["pay_card", "refund"],
  declined: ["decline"],
  withCoupon: [],
};

/** Brings a new attempt of a signed-in person to a state in a few checked requests. */
const prepare = (p: number, target: Target) =>
  new Step(
    `prepare(p${p}, ${target})`,
    (world) => person(world, p).signedIn,
    async (world) => {
      const me = person(world, p);
      const attempt = await op.start(world, me, true);
      const codes = questionCodes.slice(0, target === "rejected" ? 14 : 3);
      for (const [i, code] of codes.entries()) {
        await op.answerQuestion(me, attempt, code, letters[i % 4] ?? "A");
      }
      if (target === "in_progress") return;
      if (target === "timed_out") return op.elapse(me, attempt);
      await op.finish(me, attempt);
      const actions = targetActions[target];
      if (!actions || attempt.status !== "finished") return;
      // The newest coupon anyone was given: it may be theirs, a friend's, or used already.
      const coupon = target === "withCoupon" ? (world.coupons.at(-1)?.code ?? null) : null;
      const currency = target === "pending" ? "BRL" : "USD";
      const payment = await op.checkout(world, me, attempt, currency, coupon);
      if (!payment) return;
      for (const action of actions) await op.payAction(world, me, payment, action);
    },
  );

// --- the person's own operations ---------------------------------------------------------

const start = (p: number, restart: boolean) =>
  new Step(`start(p${p}, restart=${restart})`, always, async (world) => {
    await op.start(world, person(world, p), restart);
  });

const answer = (p: number, a: number, q: number, l: number) => {
  const code = questionCodes[q % 40] ?? "SM-01";
  const letter = letters[l % 4] ?? "A";
  return new Step(`answer(p${p}, a${a}, ${code}, ${letter})`, hasAttempt(p, a), (world) =>
    op.answerQuestion(person(world, p), attemptOf(world, p, a) as AttemptM, code, letter),
  );
};

/** One of the reads or moves on one of the person's attempts. */
const attemptActions = [
  "finish",
  "state",
  "result",
  "certificate",
  "elapse",
  "report",
  "checkoutUSD",
  "checkoutBRL",
] as const;

const onAttempt = (p: number, a: number, action: (typeof attemptActions)[number]) =>
  new Step(`${action}(p${p}, a${a})`, hasAttempt(p, a), async (world) => {
    const me = person(world, p);
    const attempt = attemptOf(world, p, a) as AttemptM;
    switch (action) {
      case "finish":
        return op.finish(me, attempt);
      case "state":
        return op.readState(me, attempt);
      case "result":
        return op.readResult(me, attempt);
      case "certificate":
        return op.readCertificate(me, attempt);
      case "elapse":
        return op.elapse(me, attempt);
      case "report":
        return op.readReport(me, attempt);
      case "checkoutUSD":
        return void (await op.checkout(world, me, attempt, "USD", null));
      case "checkoutBRL":
        return void (await op.checkout(world, me, attempt, "BRL", null));
    }
  });

const pay = (p: number, x: number, action: string) =>
  new Step(`pay(p${p}, payment ${x}, ${action})`, hasPayment(p, x), (world) =>
    op.payAction(world, person(world, p), paymentOf(world, p, x) as PaymentM, action),
  );

const webhookKinds: op.WebhookKind[] = [
  "paid",
  "unpaid",
  "async_succeeded",
  "async_failed",
  "expired",
  "declined",
  "refunded",
  "refund_failed",
];
const deliveries: op.Delivery[] = [
  "fresh",
  "fresh",
  "replay",
  "badSignature",
  "expired",
  "noSignature",
  "garbage",
];

const webhook = (p: number, x: number, kind: op.WebhookKind, delivery: op.Delivery) =>
  new Step(`webhook(p${p}, payment ${x}, ${kind}, ${delivery})`, hasPayment(p, x), (world) =>
    op.webhook(world, person(world, p), paymentOf(world, p, x) as PaymentM, kind, delivery),
  );

const cancelPayment = (p: number, x: number) =>
  new Step(`cancelPayment(p${p}, payment ${x})`, hasPayment(p, x), (world) =>
    op.cancelPayment(world, person(world, p), paymentOf(world, p, x) as PaymentM),
  );

/** Checks out, or asks for a quote, with a coupon someone was issued. */
const useCoupon = (p: number, a: number, c: number, buy: boolean) =>
  new Step(
    `${buy ? "checkoutWithCoupon" : "quoteCoupon"}(p${p}, a${a}, coupon ${c})`,
    (world) => attemptOf(world, p, a) !== undefined && world.coupons.length > 0,
    async (world) => {
      const me = person(world, p);
      const attempt = attemptOf(world, p, a) as AttemptM;
      const coupon = pick(world.coupons, c)?.code ?? "";
      if (buy) await op.checkout(world, me, attempt, "USD", coupon);
      else await op.quoteCoupon(world, me, attempt, coupon);
    },
  );

const accountActions = [
  "signOut",
  "signIn",
  "wrongPassword",
  "changePassword",
  "changePasswordWrongCurrent",
  "signOutEverywhere",
] as const;

const account = (p: number, action: (typeof accountActions)[number]) =>
  new Step(
    `${action}(p${p})`,
    (world) => ["signIn", "wrongPassword"].includes(action) || person(world, p).signedIn,
    async (world) => {
      const me = person(world, p);
      switch (action) {
        case "signOut":
          return op.signOut(me);
        case "signIn":
          return op.signIn(world, me);
        case "wrongPassword":
          return op.wrongPassword(me);
        case "changePassword":
          return op.changePassword(me, true);
        case "changePasswordWrongCurrent":
          return op.changePassword(me, false);
        case "signOutEverywhere":
          return op.signOutEverywhere(me);
      }
    },
  );

// --- someone else's things --------------------------------------------------------------

const peeks = [
  ["GET", ""],
  ["GET", "/result"],
  ["GET", "/report"],
  ["GET", "/report.pdf"],
  ["GET", "/ebooks/memory.pdf"],
  ["PUT", "/answers/SM-01"],
  ["POST", "/finish"],
  ["GET", "certificate"],
  ["GET", "certificate.png"],
  ["GET", "checkout"],
  ["POST", "checkout/coupon"],
  ["POST", "checkout/payments"],
  ["GET", "payment"],
  ["POST", "payment/cancel"],
] as const;

/** A person asks for another's attempt, result, report, certificate or payment. */
const peek = (p: number, q: number, a: number, what: number) => {
  const [method, suffix] = peeks[what % peeks.length] ?? peeks[0];
  return new Step(
    `peek(p${p} at another's a${a} (${q}), ${method} ${suffix || "state"})`,
    (world) => strangersAttempt(world, p, q, a) !== undefined,
    async (world) => {
      const { me, them, attempt } = strangersAttempt(world, p, q, a) as {
        me: Person;
        them: Person;
        attempt: AttemptM;
      };
      const payment = attempt.payments.at(-1);
      let path: string;
      if (suffix.startsWith("certificate")) {
        path = `/api/certificates/${attempt.id}${suffix.endsWith(".png") ? ".png" : ""}`;
      } else if (suffix.startsWith("checkout")) {
        path = `/api/checkout/${attempt.id}${suffix.slice("checkout".length)}`;
      } else if (suffix.startsWith("payment")) {
        if (!payment) return;
        path = `/api/payments/${payment.id}${suffix.slice("payment".length)}`;
      } else {
        path = `/api/tests/${attempt.id}${suffix}`;
      }
      const answer = await me.main.call(
        method,
        path,
        method === "GET" ? {} : { json: { letter: "A" } },
      );
      // Holding this attempt's cookie would make it the person's: never the case here.
      if (actsAsOwner(me, attempt)) violation(`p${me.index} holds p${them.index}'s attempt`);
      const loginFirst = !suffix.startsWith("/answers") && !["", "/finish"].includes(suffix);
      // SECURITY 14: another's id answers like an unknown one.
      const allowed = me.signedIn || !loginFirst ? [404] : [404, 401];
      expectStatus(`${method} ${path} by a stranger`, answer, ...allowed);
      const theirs = [
        them.email,
        them.name,
        ...them.attempts.filter((x) => x !== attempt).map((x) => x.id),
      ];
      for (const secret of theirs) {
        if (answer.text.includes(secret))
          violation(`${method} ${path} by a stranger shows ${secret}`);
      }
      // Nothing of theirs moved: their own browser still sees what the model says.
      await op.readState(them, attempt, them.auditor);
      if (payment) await op.refreshPayments(world, attempt);
    },
  );
};

// --- hostile input ----------------------------------------------------------------------

const hostileTargets = [
  "answer",
  "start",
  "coupon",
  "payments",
  "login",
  "signUp",
  "password",
  "profile",
  "webhook",
  "logout",
  "elapse",
  "pay",
] as const;

/** Targets whose answer may be a success whatever the body (it reads as `{}` or is a page). */
const lenientTargets: readonly string[] = ["start", "logout", "pay", "webhook"];

const hostileBody = (p: number, a: number, n: number, target: (typeof hostileTargets)[number]) => {
  const hostile = hostileBodies[n % hostileBodies.length] ?? { name: "none", options: {} };
  return new Step(`hostile(p${p}, a${a}, ${hostile.name} to ${target})`, always, async (world) => {
    const me = person(world, p);
    const attempt = attemptOf(world, p, a);
    const id = attempt?.id ?? crypto.randomUUID();
    const session = attempt?.payments.at(-1)?.sessionId ?? "cs_test_local_nothing";
    const paths: Record<(typeof hostileTargets)[number], [string, string]> = {
      answer: ["PUT", `/api/tests/${id}/answers/SM-02`],
      start: ["POST", "/api/tests"],
      coupon: ["POST", `/api/checkout/${id}/coupon`],
      payments: ["POST", `/api/checkout/${id}/payments`],
      login: ["POST", "/api/accounts/login"],
      signUp: ["POST", "/api/accounts/sign-up"],
      password: ["POST", "/api/account/password"],
      profile: ["PATCH", "/api/account/profile"],
      webhook: ["POST", "/api/payments/webhook"],
      logout: ["POST", "/api/accounts/logout?returnUrl=%2F%2Fevil.example"],
      elapse: ["POST", `/_dev/tests/${id}/elapse`],
      pay: ["POST", `/_dev/pay/${session}`],
    };
    const [method, path] = paths[target];
    // Signing in or out must not touch the person's session; a start read as `{}` may make
    // an anonymous attempt, which stays out of the person's browser.
    const cookie = ["login", "signUp", "logout", "start"].includes(target) ? null : undefined;
    const answer = await me.main.call(method, path, { ...hostile.options, cookie });
    if (target === "payments" && answer.status === 201 && attempt) {
      // A body that does not parse reads as `{}`: a checkout without a coupon, by design.
      await op.adoptPayment(world, attempt, answer, "USD", null);
      return;
    }
    if (answer.status < 400 && !lenientTargets.includes(target)) {
      violation(
        `${method} ${path} took a hostile body: ${answer.status} ${answer.text.slice(0, 120)}`,
      );
    }
    if (attempt && attempt.owner === me) await op.readState(me, attempt, me.auditor);
  });
};

/** Odd ids and question codes in the path, percent-encoded and unicode. */
const oddPath = (p: number, a: number, n: number, where: number) =>
  new Step(
    `oddPath(p${p}, a${a}, form ${n}, place ${where % 6})`,
    hasAttempt(p, a),
    async (world) => {
      const me = person(world, p);
      const attempt = attemptOf(world, p, a) as AttemptM;
      const ids = oddIds(attempt.id);
      const odd = ids[n % ids.length] ?? attempt.id;
      const code = oddCodes[n % oddCodes.length] ?? "SM-00";
      const calls: [string, string, object][] = [
        ["PUT", `/api/tests/${odd}/answers/SM-03`, { json: { letter: "B" } }],
        ["PUT", `/api/tests/${attempt.id}/answers/${code}`, { json: { letter: "B" } }],
        ["GET", `/api/tests/${odd}/result`, {}],
        ["GET", `/api/certificates/${odd}.png`, {}],
        ["POST", `/api/checkout/${odd}/payments`, { json: {} }],
        ["GET", `/api/payments/${odd}`, {}],
      ];
      const [method, path, options] = calls[where % calls.length] ?? ["GET", "/", {}];
      const answer = await me.main.call(method, path, options);
      // An id in capitals, or with its hyphens percent-encoded, may name the same attempt.
      const same = (() => {
        try {
          return decodeURIComponent(odd).toLowerCase() === attempt.id;
        } catch {
          return false;
        }
      })();
      if (answer.status < 400 && !same) {
        violation(`${method} ${path} answered ${answer.status}`);
      }
      if (answer.status === 200 && same && where % calls.length === 0) {
        // The same attempt under another spelling of its id: the answer counts.
        attempt.answers["SM-03"] = "B";
        attempt.arrivals++;
      }
      if (attempt.owner === me) await op.readState(me, attempt, me.auditor);
    },
  );

/** Forged, ended and foreign cookies: all anonymous, and nobody's attempt. */
const forgedCookie = (p: number, a: number, n: number) =>
  new Step(`forgedCookie(p${p}, a${a}, kind ${n % 10})`, hasAttempt(p, a), async (world) => {
    const me = person(world, p);
    const attempt = attemptOf(world, p, a) as AttemptM;
    const kind = n % 10;
    const forged = forgedSessions(me.main.session ?? me.auditor.session);
    let cookie: string;
    if (kind < forged.length) cookie = `session=${forged[kind]}`;
    else if (kind === 7) cookie = `session=${me.ended.at(-1) ?? "x.y"}`;
    else if (kind === 8)
      cookie = `attempt=${attempt.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    else cookie = `session=${me.auditor.session ?? ""}x; attempt=${attempt.id}.`;
    const calls = [
      ["GET", "/result", undefined],
      ["PUT", "/answers/RL-10", { letter: "D" }],
      ["GET", "", undefined],
    ] as const;
    for (const [method, suffix, body] of calls) {
      const answer = await me.main.call(method, `/api/tests/${attempt.id}${suffix}`, {
        cookie,
        json: body,
      });
      const allowed = suffix === "/result" ? [401, 404] : [404];
      expectStatus(
        `${method} ${suffix || "state"} with a forged cookie (${kind})`,
        answer,
        ...allowed,
      );
      // Saving an answer does not resolve the session (ADR 0027): nothing to clear there.
      if (cookie.startsWith("session=") && method === "GET") {
        const cleared = answer.headers
          .getSetCookie()
          .some((line) => /^session=;|^session=[^;]*;.*Max-Age=0/i.test(line));
        if (!cleared) violation(`a forged session cookie (${kind}) was not cleared`);
      }
    }
    if (attempt.owner === me) await op.readState(me, attempt, me.auditor);
  });

// --- all of them ------------------------------------------------------------------------

const nat = fc.nat({ max: 1000 });
const p = fc.nat({ max: 7 });

/** The command generators, each repeated by its weight. */
export function commandArbitraries(): fc.Arbitrary<Cmd>[] {
  const weighted = (weight: number, arb: fc.Arbitrary<Step>) =>
    Array.from({ length: weight }, () => arb as fc.Arbitrary<Cmd>);
  return [
    ...weighted(
      3,
      fc.tuple(p, fc.constantFrom(...targets)).map(([a, b]) => prepare(a, b)),
    ),
    ...weighted(
      1,
      fc.tuple(p, fc.boolean()).map(([a, b]) => start(a, b)),
    ),
    ...weighted(
      3,
      fc.tuple(p, nat, nat, nat).map(([a, b, c, d]) => answer(a, b, c, d)),
    ),
    ...weighted(
      6,
      fc.tuple(p, nat, fc.constantFrom(...attemptActions)).map(([a, b, c]) => onAttempt(a, b, c)),
    ),
    ...weighted(
      3,
      fc.tuple(p, nat, fc.constantFrom(...localPayActions)).map(([a, b, c]) => pay(a, b, c)),
    ),
    ...weighted(
      3,
      fc
        .tuple(p, nat, fc.constantFrom(...webhookKinds), fc.constantFrom(...deliveries))
        .map(([a, b, c, d]) => webhook(a, b, c, d)),
    ),
    ...weighted(
      1,
      fc.tuple(p, nat).map(([a, b]) => cancelPayment(a, b)),
    ),
    ...weighted(
      4,
      fc.tuple(p, nat, nat, fc.boolean()).map(([a, b, c, d]) => useCoupon(a, b, c, d)),
    ),
    ...weighted(
      2,
      fc.tuple(p, fc.constantFrom(...accountActions)).map(([a, b]) => account(a, b)),
    ),
    ...weighted(
      3,
      fc.tuple(p, nat, nat, nat).map(([a, b, c, d]) => peek(a, b, c, d)),
    ),
    ...weighted(
      2,
      fc
        .tuple(p, nat, nat, fc.constantFrom(...hostileTargets))
        .map(([a, b, c, d]) => hostileBody(a, b, c, d)),
    ),
    ...weighted(
      1,
      fc.tuple(p, nat, nat, nat).map(([a, b, c, d]) => oddPath(a, b, c, d)),
    ),
    ...weighted(
      1,
      fc.tuple(p, nat, nat).map(([a, b, c]) => forgedCookie(a, b, c)),
    ),
  ];
}
