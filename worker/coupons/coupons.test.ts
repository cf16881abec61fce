import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../core/accounts/account";
import type { Locale } from "../../core/locales/locales";
import type { Money } from "../../core/payments/checkout";
import {
  type CouponProblem,
  checkCoupon,
  consumeLockStatements,
  couponLockCopy,
  couponProblemResponse,
  holdLockUntilResultStatements,
  issueShareCouponsStatements,
  listIssuedCoupons,
  lockCoupon,
  releaseLockStatements,
} from ".";

/**
 * Coupons against the real local D1 and KV (docs/decisions/0018-coupons.md): the check
 * the checkout page shows, the atomic lock, and the statements the payments code batches.
 * Time is injected (`now`), never waited for.
 */

const now = Date.UTC(2027, 0, 10, 12);
const lockMs = 60 * 60_000;
const price: Money = { cents: 4990, currency: "BRL" };

const newId = (label: string) => `${label}-${crypto.randomUUID()}`;

async function addUser(): Promise<string> {
  const id = newId("user");
  await env.DB.prepare("INSERT INTO users (id, name, email) VALUES (?, 'Ana Souza', ?)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

interface CouponFields {
  percent?: number;
  usesAllowed?: number;
  expiresAt?: number | null;
  ownerUserId?: string | null;
  disabledAt?: number | null;
}

async function addCoupon(fields: CouponFields = {}): Promise<string> {
  const code = `T-${crypto.randomUUID().slice(0, 13).toUpperCase()}`;
  await env.DB.prepare(
    `INSERT INTO coupons (code, percent, expires_at, uses_allowed, owner_user_id, disabled_at,
       source, created_at) VALUES (?, ?, ?, ?, ?, ?, 'operator', ?)`,
  )
    .bind(
      code,
      fields.percent ?? 25,
      fields.expiresAt ?? null,
      fields.usesAllowed ?? 1,
      fields.ownerUserId ?? null,
      fields.disabledAt ?? null,
      now,
    )
    .run();
  return code;
}

/** A buyer and their attempt, as the checkout knows them. */
async function buyer() {
  return { userId: await addUser(), attemptId: newId("attempt") };
}

type Buyer = Awaited<ReturnType<typeof buyer>>;

function check(code: string, who: Buyer, at = now) {
  return checkCoupon(env, { code, ...who, price, now: at });
}

function lock(code: string, who: Buyer, at = now, paymentId = newId("payment")) {
  return lockCoupon(env, { code, ...who, paymentId, now: at, lockMs });
}

async function problemOf(result: Promise<{ ok: boolean; problem?: CouponProblem }>) {
  return (await result).problem ?? "none";
}

async function lockStates(code: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT state FROM coupon_locks WHERE code = ? ORDER BY created_at, state",
  )
    .bind(code)
    .all<{ state: string }>();
  return results.map((row) => row.state);
}

async function run(statements: D1PreparedStatement[]) {
  await env.DB.batch(statements);
}

describe("the answer for each problem", () => {
  const cases: [CouponProblem, Locale, number, string][] = [
    ["required", "en", 400, "Coupon is required!"],
    ["required", "pt-br", 400, "Cupom é obrigatório!"],
    ["invalid", "en", 400, "Invalid Coupon!"],
    ["invalid", "pt-br", 400, "Cupom inválido!"],
    ["expired", "en", 410, "Expired Coupon!"],
    ["expired", "pt-br", 410, "Cupom expirado!"],
    ["unavailable", "en", 422, "Coupon is no longer available or has already been used!"],
    ["unavailable", "pt-br", 422, "O cupom não está mais disponível ou já foi usado!"],
    [
      "locked",
      "en",
      423,
      "Coupon locked for a payment. If the payment is not made, it will be available again 45 minutes after the last attempt.",
    ],
    [
      "locked",
      "pt-br",
      423,
      "Cupom bloqueado por um pagamento. Se o pagamento não for concluído, ele voltará a ficar disponível 45 minutos após a última tentativa.",
    ],
  ];

  it.each(cases)(
    "%s in %s: %i with its message on the coupon field",
    async (problem, locale, status, text) => {
      const response = couponProblemResponse(locale, problem, 45);
      expect(response.status).toBe(status);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect((await response.json()) as ApiErrorBody).toEqual({
        status,
        fields: { coupon: [text] },
      });
    },
  );
});

describe("checkCoupon", () => {
  it("quotes the total for a usable code, typed in any case with spaces around", async () => {
    const code = await addCoupon({ percent: 25 });
    const result = await check(`  ${code.toLowerCase()} `, await buyer());
    expect(result).toEqual({
      ok: true,
      quote: {
        code,
        percent: 25,
        list: price,
        discount: { cents: 1247, currency: "BRL" },
        total: { cents: 3743, currency: "BRL" },
      },
    });
  });

  it("names each problem in the spec's order", async () => {
    const who = await buyer();
    expect(await problemOf(check("   ", who))).toBe("required");
    expect(await problemOf(check("NO-SUCH-COUPON", who))).toBe("invalid");
    expect(await problemOf(check("not a code!", who))).toBe("invalid");
    const expired = await addCoupon({ expiresAt: now });
    expect(await problemOf(check(expired, who))).toBe("expired");
    expect(await problemOf(check(expired, who, now - 1))).toBe("none");
    const disabled = await addCoupon({ disabledAt: now - 1000, expiresAt: now - 1 });
    expect(await problemOf(check(disabled, who))).toBe("unavailable");
  });

  it("treats a coupon owned by someone else as one that does not exist", async () => {
    const owner = await buyer();
    const code = await addCoupon({ ownerUserId: owner.userId });
    expect(await problemOf(check(code, await buyer()))).toBe("invalid");
    expect(await problemOf(lock(code, await buyer()))).toBe("invalid");
    expect(await problemOf(check(code, owner))).toBe("none");
  });
});

describe("lockCoupon", () => {
  it("SECURITY 23: gives a single-use coupon to exactly one of 20 concurrent attempts", async () => {
    const code = await addCoupon();
    const buyers = await Promise.all(Array.from({ length: 20 }, buyer));
    const results = await Promise.all(buyers.map((who) => lock(code, who)));
    expect(results.filter((result) => result.ok)).toEqual([{ ok: true, percent: 25 }]);
    expect(new Set(results.filter((r) => !r.ok).map((r) => !r.ok && r.problem))).toEqual(
      new Set(["locked"]),
    );
    expect(await lockStates(code)).toEqual(["held"]);
  });

  it("gives a 3-use coupon to exactly 3 of 10 concurrent attempts", async () => {
    const code = await addCoupon({ usesAllowed: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, buyer));
    const results = await Promise.all(buyers.map((who) => lock(code, who)));
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(await lockStates(code)).toEqual(["held", "held", "held"]);
  });

  it("lets the same attempt retry: its new payment takes its own lock over", async () => {
    const code = await addCoupon();
    const who = await buyer();
    expect(await lock(code, who)).toEqual({ ok: true, percent: 25 });
    expect(await check(code, who, now + 1000)).toMatchObject({ ok: true });
    expect(await lock(code, who, now + 1000)).toEqual({ ok: true, percent: 25 });
    expect(await lockStates(code)).toEqual(["released", "held"]);
    expect(await couponLockCopy(env, code)).toEqual({ heldUntil: now + 1000 + lockMs });
  });

  it("keeps one lock when the same payment locks again", async () => {
    const code = await addCoupon();
    const who = await buyer();
    const paymentId = newId("payment");
    expect(await lock(code, who, now, paymentId)).toEqual({ ok: true, percent: 25 });
    expect(await lock(code, who, now + 1000, paymentId)).toEqual({ ok: true, percent: 25 });
    expect(await lockStates(code)).toEqual(["held"]);
    expect(await problemOf(check(code, await buyer(), now + 1000 + lockMs - 1))).toBe("locked");
  });

  it("is locked for other attempts until lockMs after the last attempt, then free", async () => {
    const code = await addCoupon();
    const [first, other] = [await buyer(), await buyer()];
    await lock(code, first);
    await lock(code, first, now + 5000);
    const until = now + 5000 + lockMs;
    expect(await problemOf(check(code, other, until - 1))).toBe("locked");
    expect(await problemOf(lock(code, other, until - 1))).toBe("locked");
    expect(await problemOf(check(code, other, until))).toBe("none");
    expect(await lock(code, other, until)).toEqual({ ok: true, percent: 25 });
  });

  it("names the problem when it cannot lock", async () => {
    const who = await buyer();
    expect(await problemOf(lock("", who))).toBe("required");
    expect(await problemOf(lock("NO-SUCH-COUPON", who))).toBe("invalid");
    expect(await problemOf(lock(await addCoupon({ expiresAt: now }), who))).toBe("expired");
    expect(await problemOf(lock(await addCoupon({ disabledAt: now }), who))).toBe("unavailable");
  });
});

describe("what a payment does to its lock", () => {
  it("SECURITY 24: consumes a use only on approval, even after the lock was released", async () => {
    const code = await addCoupon();
    const [first, second, third] = [await buyer(), await buyer(), await buyer()];
    const held = newId("payment");
    await lock(code, first, now, held);
    // An expired, unpaid lock leaves the use free.
    expect(await problemOf(check(code, second, now + lockMs))).toBe("none");
    const released = newId("payment");
    await lock(code, second, now + lockMs, released);
    await run(releaseLockStatements(env.DB, released, now + lockMs + 1));
    expect(await problemOf(check(code, third, now + lockMs + 2))).toBe("none");

    // The released payment's money arrives late: it wins, and the coupon is used up.
    await run(consumeLockStatements(env.DB, released, now + lockMs + 3));
    await run(consumeLockStatements(env.DB, released, now + lockMs + 4));
    expect(await problemOf(check(code, third, now + 10 * lockMs))).toBe("unavailable");
    expect(await problemOf(lock(code, third, now + 10 * lockMs))).toBe("unavailable");
    await run(releaseLockStatements(env.DB, released, now + 10 * lockMs));
    expect(await lockStates(code)).toEqual(["held", "consumed"]);
  });

  it("SECURITY 24: frees the coupon at once when the payment ends without money", async () => {
    const code = await addCoupon();
    const [first, other] = [await buyer(), await buyer()];
    const paymentId = newId("payment");
    await lock(code, first, now, paymentId);
    expect(await problemOf(check(code, other, now + 1))).toBe("locked");
    await run(releaseLockStatements(env.DB, paymentId, now + 1));
    expect(await problemOf(check(code, other, now + 2))).toBe("none");
    expect(await lock(code, other, now + 2)).toMatchObject({ ok: true });
  });

  it("SECURITY 24: keeps a pending Pix or boleto's lock until its result, past lockMs", async () => {
    const code = await addCoupon();
    const [first, other] = [await buyer(), await buyer()];
    const paymentId = newId("payment");
    await lock(code, first, now, paymentId);
    await run(holdLockUntilResultStatements(env.DB, paymentId, now + 1));
    expect(await problemOf(check(code, other, now + 30 * lockMs))).toBe("locked");
    await run(releaseLockStatements(env.DB, paymentId, now + 30 * lockMs));
    expect(await problemOf(check(code, other, now + 30 * lockMs))).toBe("none");
  });
});

describe("share coupons", () => {
  it("issues one coupon for the buyer and one for a friend, once", async () => {
    const owner = await buyer();
    const paymentId = newId("payment");
    const expiresAt = now + 180 * 24 * 60 * 60_000;
    const issue = { paymentId, buyerUserId: owner.userId, now, expiresAt };
    await run(issueShareCouponsStatements(env.DB, issue));
    await run(issueShareCouponsStatements(env.DB, issue));

    const issued = await listIssuedCoupons(env, paymentId);
    const expiry = new Date(expiresAt).toISOString();
    expect(issued).toEqual([
      {
        code: expect.stringMatching(/^IQ-[A-HJ-NP-Z2-9]{8}$/),
        percent: 20,
        audience: "buyer",
        expiresAt: expiry,
      },
      {
        code: expect.stringMatching(/^IQ-[A-HJ-NP-Z2-9]{8}$/),
        percent: 20,
        audience: "friend",
        expiresAt: expiry,
      },
    ]);
    const [mine, friends] = issued.map((coupon) => coupon.code) as [string, string];
    expect(await problemOf(check(mine, await buyer()))).toBe("invalid");
    expect(await check(mine, owner)).toMatchObject({ ok: true, quote: { total: { cents: 3992 } } });
    expect(await problemOf(check(friends, await buyer()))).toBe("none");
    expect(await problemOf(check(friends, await buyer(), expiresAt))).toBe("expired");
  });
});
