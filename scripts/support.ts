/**
 * npm run support -- find <e-mail> | payment <id>: what support needs to answer "I paid but
 * I don't see my report" without SQL by hand (issue 31.6, docs/decisions/0046-support-tool.md).
 * The local D1 by default, the deployed one with --remote. Read-only: each command is one
 * SELECT, checked by assertReadOnly before wrangler runs it; inputs are validated and
 * written as literals (wrangler d1 execute takes no bound parameters), as coupons.ts does.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { executeD1, type Row } from "./d1.ts";
import { describeFind, describePayment, readFind, readPayment } from "./support/describe.ts";
import { findSql, type PaymentKey, paymentSql } from "./support/queries.ts";
import { assertReadOnly } from "./support/read-only.ts";

export const usage = `Usage:
  npm run support -- find user@example.com [--remote]
  npm run support -- payment <id> [--remote]

find: the account with that e-mail, its attempts and results, payments with their events
and coupons, certificates, and mail not yet sent to it.
payment: one payment by our id (a UUID) or the provider's checkout (cs_...) or payment
(pi_...) id, with its buyer, attempt, events, coupons and what the buyer sees.
Read-only. The local D1 by default; --remote reads the deployed one.`;

export type Command =
  | { name: "find"; email: string; remote: boolean }
  | { name: "payment"; key: PaymentKey; remote: boolean };

/** A mistake in the command line (exit 2, with the usage). */
export class UsageError extends Error {}
/** No account or payment answers the query (exit 1). */
export class NotFound extends Error {}

const uuid = z.uuid();
const providerIdPattern = /^(cs|pi)_[A-Za-z0-9_]{1,250}$/;

export function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [name, subject, ...extra] = positionals;
  if (name !== "find" && name !== "payment") {
    throw new UsageError(name ? `unknown command '${name}'` : "a command is required");
  }
  if (subject === undefined) {
    throw new UsageError(name === "find" ? "find needs an e-mail address" : "payment needs an id");
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  const remote = values.remote;
  if (name === "find") return { name, email: parseEmail(subject), remote };
  return { name, key: parsePaymentId(subject), remote };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: { remote: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
}

/** Normalized as sign-up stores it (worker/auth/users.ts `normalizeEmail`). */
export function parseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new UsageError(`'${input}' is not an e-mail address`);
  }
  return email;
}

export function parsePaymentId(input: string): PaymentKey {
  const id = input.trim();
  if (uuid.safeParse(id.toLowerCase()).success) return { column: "id", value: id.toLowerCase() };
  if (providerIdPattern.test(id)) {
    return {
      column: id.startsWith("cs_") ? "provider_session_id" : "provider_payment_id",
      value: id,
    };
  }
  throw new UsageError(`'${input}' is not a payment id (a UUID, cs_... or pi_...)`);
}

export function commandSql(command: Command, now: number): string {
  return assertReadOnly(
    command.name === "find" ? findSql(command.email, now) : paymentSql(command.key, now),
  );
}

/** Runs a command against D1 and returns what to print; throws NotFound. */
export function runCommand(
  command: Command,
  now: number,
  execute: (sql: string, remote: boolean) => Row[],
): string {
  const where = command.remote ? "remote D1" : "local D1";
  const [row] = execute(commandSql(command, now), command.remote);
  if (command.name === "find") {
    const answer = readFind(row);
    if (!answer) throw new NotFound(`no account has the e-mail ${command.email} (${where})`);
    return `${describeFind(answer, now)}\n\n(${where}, read at ${new Date(now).toISOString()})`;
  }
  const answer = readPayment(row);
  if (!answer) throw new NotFound(`no payment has the id ${command.key.value} (${where})`);
  return `${describePayment(answer, now)}\n\n(${where}, read at ${new Date(now).toISOString()})`;
}

if (import.meta.main) {
  try {
    const command = parseCommand(process.argv.slice(2));
    const output = runCommand(command, Date.now(), (sql, remote) =>
      executeD1(assertReadOnly(sql), remote, process.env.SUPPORT_PERSIST_TO),
    );
    console.log(output);
  } catch (error) {
    console.error(`support: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${usage}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}
