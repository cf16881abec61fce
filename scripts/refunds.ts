/**
 * npm run refunds -- list|sent: the refunds the operator sends by hand
 * (docs/decisions/0045-seven-days-to-change-your-mind.md). A buyer who paid by boleto and
 * withdrew within 7 days gave a Pix key; the operator was mailed it. A card or Pix refund
 * the provider failed after accepting it (`failed`) is returned another way, agreed with the
 * buyer by e-mail; the operator was mailed that too. `list` shows what is
 * still to send (with --all, every refund), `sent` records that the Pix went out. The local
 * D1 by default, the deployed one with --remote. `wrangler d1 execute` takes no bound
 * parameters, so every value is validated first and then written as a literal.
 */
import { parseArgs } from "node:util";
import { boletoRefundBusinessDays, businessDaysLater } from "../core/payments/refund.ts";
import { sqlText } from "./coupons.ts";
import { executeD1, type Row } from "./d1.ts";

export const usage = `Usage:
  npm run refunds -- list [--all] [--remote]
  npm run refunds -- sent --payment <payment id> [--remote]

list shows the refunds still to send by hand: boleto refunds to a Pix key, and refunds the
provider failed (--all: every refund, sent or by the provider).
sent records that the money of that payment's refund was sent.`;

export type Command =
  | { name: "list"; all: boolean; remote: boolean }
  | { name: "sent"; paymentId: string; remote: boolean };

/** A mistake in the command line: its message is meant for the operator. */
export class UsageError extends Error {}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const options = {
  payment: { type: "string" },
  all: { type: "boolean", default: false },
  remote: { type: "boolean", default: false },
} as const;

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseOptions(argv);
  const [name, ...extra] = positionals;
  if (name !== "list" && name !== "sent") {
    throw new UsageError(name ? `unknown command '${name}'` : "a command is required");
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  if (name === "list") {
    if (values.payment !== undefined) throw new UsageError("list does not take --payment");
    return { name, all: values.all, remote: values.remote };
  }
  if (values.all) throw new UsageError("sent does not take --all");
  const paymentId = values.payment?.trim().toLowerCase();
  if (!paymentId || !uuidPattern.test(paymentId)) {
    throw new UsageError(
      "--payment must be the payment's id (a UUID, as in the operator's e-mail)",
    );
  }
  return { name, paymentId, remote: values.remote };
}

export function listRefundsSql(all: boolean): string {
  return `SELECT r.payment_id AS paymentId, r.origin, r.method, r.state, r.pix_key AS pixKey,
  r.pix_key_type AS pixKeyType, r.created_at AS createdAt, r.updated_at AS updatedAt,
  r.failure_reason AS failureReason, p.total_cents AS totalCents, p.currency
FROM refunds r JOIN payments p ON p.id = r.payment_id
${all ? "" : "WHERE r.state IN ('requested', 'failed') "}ORDER BY r.created_at, r.payment_id`;
}

/** Returns the payment id when it marked a requested refund sent, no row otherwise. */
export function markSentSql(paymentId: string, now: number): string {
  if (!Number.isSafeInteger(now)) throw new Error(`not a whole number: ${now}`);
  return `UPDATE refunds SET state = 'sent', updated_at = ${now}
WHERE payment_id = ${sqlText(paymentId)} AND state IN ('requested', 'failed')
RETURNING payment_id AS paymentId`;
}

/** One refund as the operator reads it: the amount, where to send it, and by when. */
export function refundLine(row: Row) {
  const cents = Number(row.totalCents);
  const createdAt = Number(row.createdAt);
  return {
    payment: row.paymentId,
    amount: `${row.currency} ${(cents / 100).toFixed(2)}`,
    pix: row.pixKey === null ? "-" : `${row.pixKey} (${row.pixKeyType})`,
    state:
      row.state === "failed" ? `failed (${row.failureReason ?? "no reason given"})` : row.state,
    requested: new Date(createdAt).toISOString().slice(0, 10),
    "send by": sendBy(row),
  };
}

/** A boleto's refund is due 5 business days after the request, a failed one after the failure. */
function sendBy(row: Row): string {
  if (row.state === "requested") {
    return businessDaysLater(Number(row.createdAt), boletoRefundBusinessDays);
  }
  if (row.state === "failed") {
    return businessDaysLater(Number(row.updatedAt), boletoRefundBusinessDays);
  }
  return "-";
}

function execute(sql: string, remote: boolean): Row[] {
  return executeD1(sql, remote, process.env.REFUNDS_PERSIST_TO);
}

function main(command: Command, now: number): string {
  const where = command.remote ? "remote" : "local";
  if (command.name === "sent") {
    if (execute(markSentSql(command.paymentId, now), command.remote).length === 0) {
      throw new Error(
        `no refund waiting to be sent for payment ${command.paymentId} (${where} D1)`,
      );
    }
    return `recorded: payment ${command.paymentId}'s refund was sent (${where} D1)`;
  }
  const rows = execute(listRefundsSql(command.all), command.remote);
  if (rows.length === 0) return `no refunds${command.all ? "" : " to send"} (${where} D1)`;
  console.table(rows.map(refundLine));
  return `${rows.length} refund(s) (${where} D1)`;
}

if (import.meta.main) {
  try {
    console.log(main(parseCommand(process.argv.slice(2)), Date.now()));
  } catch (error) {
    console.error(`refunds: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${usage}`);
    process.exitCode = 1;
  }
}
