/**
 * npm run coupons -- create|list|disable: the operators' coupons in D1
 * (docs/decisions/0018-coupons.md). The local D1 by default, the deployed one with --remote.
 * `wrangler d1 execute` takes no bound parameters, so every value is validated first and
 * then written as a literal: numbers as digits, text quoted with its quotes doubled.
 */
import { parseArgs } from "node:util";
import { couponPercentRange } from "../core/payments/checkout.ts";
import { executeD1, type Row } from "./d1.ts";

/**
 * The code rule of worker/coupons/rules.ts (couponCodePattern, normalizeCouponCode), copied:
 * tsconfig.node.json does not include worker/coupons, and the rule is two lines.
 */
const couponCodePattern = /^[A-Z0-9-]{4,32}$/;

export const usage = `Usage:
  npm run coupons -- create --code SPRING25 --percent 25 [--uses 100] [--expires 2027-01-31] [--owner user@example.com] [--remote]
  npm run coupons -- list [--all] [--remote]
  npm run coupons -- disable --code SPRING25 [--remote]

--expires is the last day the coupon works (it ends at 24:00 UTC that day).
list shows the operators' coupons; --all adds those issued by purchases.`;

export interface NewCoupon {
  code: string;
  percent: number;
  usesAllowed: number;
  /** ms since the epoch; null never expires. */
  expiresAt: number | null;
  /** Lower-case; null for anyone. */
  ownerEmail: string | null;
}

export type Command =
  | { name: "create"; coupon: NewCoupon; remote: boolean }
  | { name: "list"; all: boolean; remote: boolean }
  | { name: "disable"; code: string; remote: boolean };

/** A mistake in the command line: its message is meant for the operator. */
export class UsageError extends Error {}

const options = {
  code: { type: "string" },
  percent: { type: "string" },
  uses: { type: "string" },
  expires: { type: "string" },
  owner: { type: "string" },
  all: { type: "boolean", default: false },
  remote: { type: "boolean", default: false },
} as const;

const allowedOptions: Record<Command["name"], string[]> = {
  create: ["code", "percent", "uses", "expires", "owner", "remote"],
  list: ["all", "remote"],
  disable: ["code", "remote"],
};

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function parseCommand(argv: string[], now: number): Command {
  const { values, positionals } = parseOptions(argv);
  const [name, ...extra] = positionals;
  if (name !== "create" && name !== "list" && name !== "disable") {
    throw new UsageError(name ? `unknown command '${name}'` : "a command is required");
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  for (const [option, value] of Object.entries(values)) {
    if (value !== undefined && value !== false && !allowedOptions[name].includes(option)) {
      throw new UsageError(`${name} does not take --${option}`);
    }
  }
  const remote = values.remote;
  if (name === "list") return { name, all: values.all, remote };
  const code = parseCode(values.code);
  if (name === "disable") return { name, code, remote };
  return {
    name,
    remote,
    coupon: {
      code,
      percent: parseWhole(
        "--percent",
        values.percent,
        couponPercentRange.min,
        couponPercentRange.max,
      ),
      usesAllowed: values.uses === undefined ? 1 : parseWhole("--uses", values.uses, 1, 1_000_000),
      expiresAt: values.expires === undefined ? null : parseExpiry(values.expires, now),
      ownerEmail: values.owner === undefined ? null : parseEmail(values.owner),
    },
  };
}

function parseCode(input: string | undefined): string {
  if (input === undefined) throw new UsageError("--code is required");
  const code = input.trim().toUpperCase();
  if (!couponCodePattern.test(code)) {
    throw new UsageError("--code must be 4 to 32 letters, digits or '-' (for example SPRING25)");
  }
  return code;
}

function parseWhole(option: string, input: string | undefined, min: number, max: number) {
  if (input === undefined) throw new UsageError(`${option} is required`);
  const value = Number(input);
  if (!/^\d+$/.test(input) || value < min || value > max) {
    throw new UsageError(`${option} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** 2027-01-31 -> the coupon works until 2027-02-01T00:00Z (expiry is exclusive). */
function parseExpiry(input: string, now: number): number {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(input) ? Date.parse(`${input}T00:00:00Z`) : Number.NaN;
  // Date.parse rolls 2027-02-30 over to March: a real date reads back the same.
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== input) {
    throw new UsageError("--expires must be a date as YYYY-MM-DD (for example 2027-01-31)");
  }
  const expiresAt = start + 24 * 60 * 60 * 1000;
  if (expiresAt <= now) throw new UsageError(`--expires ${input} is already past`);
  return expiresAt;
}

function parseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new UsageError("--owner must be the e-mail address of a signed-up user");
  }
  return email;
}

/** A text literal for SQLite: quotes doubled; NUL (which would cut the text) refused. */
export function sqlText(value: string): string {
  if (value.includes("\0")) throw new Error("text with a NUL character");
  return `'${value.replaceAll("'", "''")}'`;
}

function sqlInteger(value: number | null): string {
  if (value === null) return "NULL";
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return String(value);
}

/** One statement; it returns the new code, or no row when the owner's e-mail is unknown. */
export function createCouponSql(coupon: NewCoupon, now: number): string {
  const values = [
    sqlText(coupon.code),
    sqlInteger(coupon.percent),
    sqlInteger(coupon.expiresAt),
    sqlInteger(coupon.usesAllowed),
    coupon.ownerEmail === null ? "NULL" : "u.id",
    "'operator'",
    sqlInteger(now),
  ].join(", ");
  const columns = "code, percent, expires_at, uses_allowed, owner_user_id, source, created_at";
  const source =
    coupon.ownerEmail === null
      ? `VALUES (${values})`
      : `SELECT ${values} FROM users u WHERE u.email = ${sqlText(coupon.ownerEmail)}`;
  return `INSERT INTO coupons (${columns}) ${source} RETURNING code`;
}

export function listCouponsSql(all: boolean, now: number): string {
  const live = `l.state = 'held' AND (l.held_until IS NULL OR l.held_until > ${sqlInteger(now)})`;
  return `SELECT c.code, c.percent, c.uses_allowed AS usesAllowed,
  (SELECT count(*) FROM coupon_locks l WHERE l.code = c.code AND l.state = 'consumed') AS used,
  (SELECT count(*) FROM coupon_locks l WHERE l.code = c.code AND ${live}) AS held,
  c.expires_at AS expiresAt, u.email AS owner, c.disabled_at AS disabledAt, c.source
FROM coupons c LEFT JOIN users u ON u.id = c.owner_user_id
${all ? "" : "WHERE c.source = 'operator' "}ORDER BY c.created_at DESC, c.code`;
}

/** Returns the code when it disabled an enabled coupon, no row otherwise. */
export function disableCouponSql(code: string, now: number): string {
  return `UPDATE coupons SET disabled_at = ${sqlInteger(now)}
WHERE code = ${sqlText(code)} AND disabled_at IS NULL RETURNING code`;
}

export function couponExistsSql(code: string): string {
  return `SELECT code FROM coupons WHERE code = ${sqlText(code)}`;
}

function execute(sql: string, remote: boolean): Row[] {
  return executeD1(sql, remote, process.env.COUPONS_PERSIST_TO);
}

function day(ms: number | string | null): string {
  return ms === null ? "-" : new Date(Number(ms)).toISOString().slice(0, 10);
}

function main(command: Command, now: number): string {
  const where = command.remote ? "remote" : "local";
  if (command.name === "create") {
    const { coupon } = command;
    if (execute(couponExistsSql(coupon.code), command.remote).length > 0) {
      throw new Error(`a coupon ${coupon.code} already exists (${where} D1)`);
    }
    if (execute(createCouponSql(coupon, now), command.remote).length === 0) {
      throw new Error(`no user has the e-mail ${coupon.ownerEmail} (${where} D1)`);
    }
    return `created ${coupon.code}: ${coupon.percent}% off, ${coupon.usesAllowed} use(s), ${
      coupon.expiresAt === null ? "no expiry" : `until the end of ${day(coupon.expiresAt - 1)} UTC`
    }${coupon.ownerEmail ? `, only for ${coupon.ownerEmail}` : ""} (${where} D1)`;
  }
  if (command.name === "disable") {
    if (execute(disableCouponSql(command.code, now), command.remote).length === 0) {
      throw new Error(`no enabled coupon ${command.code} (${where} D1)`);
    }
    return `disabled ${command.code} (${where} D1)`;
  }
  const rows = execute(listCouponsSql(command.all, now), command.remote);
  if (rows.length === 0) return `no coupons (${where} D1)`;
  const table = rows.map((row) => ({
    code: row.code,
    percent: row.percent,
    "used/allowed": `${row.used}/${row.usesAllowed}`,
    held: row.held,
    expires: day(row.expiresAt === null ? null : Number(row.expiresAt) - 1),
    owner: row.owner ?? "anyone",
    state: row.disabledAt !== null ? "disabled" : "enabled",
    source: row.source,
  }));
  console.table(table);
  return `${rows.length} coupon(s) (${where} D1)`;
}

if (import.meta.main) {
  try {
    const now = Date.now();
    console.log(main(parseCommand(process.argv.slice(2), now), now));
  } catch (error) {
    console.error(`coupons: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${usage}`);
    process.exitCode = 1;
  }
}
