import { desc, eq, inArray, or } from "drizzle-orm";
import type { SignedInUser } from "../../core/accounts/account";
import type {
  AccountExport,
  ExportedAttempt,
  ExportedCoupon,
  ExportedPayment,
} from "../../core/accounts/account-rights";
import { readConsent } from "../../core/web/consent";
import { database } from "../../db/client";
import {
  certificates,
  couponLocks,
  coupons,
  emailOutbox,
  oauthAccounts,
  paymentEvents,
  payments,
  refunds,
  sessions,
  testAttempts,
  testResults,
  users,
} from "../../db/schema";
import { attemptStub } from "../attempts/lookup";
import { localCheckoutsOf } from "../dev";

/**
 * Everything held about one account, as the export file (format version 1,
 * docs/decisions/0023-holder-rights.md). Every query is keyed by this user's id, address
 * or their own attempts and payments, so nothing of another account can enter it. No
 * secret leaves: no password hash, no session or attempt token hash, no reset token
 * (links in e-mails are cut), no Google token (none are kept).
 */

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** Reset links carry a token; the export keeps the mail and drops the token. */
export function withoutTokens(text: string): string {
  return text.replace(/(\/change-password\/)[A-Za-z0-9_-]+/g, "$1[removed]");
}

type SavedAnswers = Record<string, { letter: string; at?: number }>;

function parseAnswers(json: string | null): ExportedAttempt["answers"] {
  if (!json) return {};
  try {
    const saved = JSON.parse(json) as SavedAnswers;
    return Object.fromEntries(
      Object.entries(saved).map(([code, answer]) => [
        code,
        { letter: answer.letter, at: typeof answer.at === "number" ? iso(answer.at) : null },
      ]),
    );
  } catch {
    return {};
  }
}

/** A running attempt's answers are still in its Durable Object, not yet in D1. */
async function runningAnswers(env: Env, attemptId: string): Promise<ExportedAttempt["answers"]> {
  const state = await attemptStub(env, attemptId).state();
  if (!state) return {};
  return Object.fromEntries(
    Object.entries(state.answers).map(([code, letter]) => [code, { letter, at: null }]),
  );
}

export async function accountExport(
  env: Env,
  user: SignedInUser,
  currentSessionId: string,
  cookieHeader: string | null,
  now = new Date(),
): Promise<AccountExport> {
  const db = database(env.DB);
  const [account] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!account) throw new Error(`export: user=${user.id} vanished`);

  const [links, sessionRows, attemptRows, resultRows, certificateRows, paymentRows, mails] =
    await Promise.all([
      db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id)),
      db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(desc(sessions.createdAt)),
      db
        .select()
        .from(testAttempts)
        .where(eq(testAttempts.userId, user.id))
        .orderBy(desc(testAttempts.startedAt)),
      db.select().from(testResults).where(eq(testResults.userId, user.id)),
      db.select().from(certificates).where(eq(certificates.userId, user.id)),
      db
        .select()
        .from(payments)
        .where(eq(payments.userId, user.id))
        .orderBy(desc(payments.createdAt)),
      db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, account.email))
        .orderBy(desc(emailOutbox.createdAt)),
    ]);

  const paymentIds = paymentRows.map((p) => p.id);
  const [events, locks, checkouts, couponRows, refundRows] = await Promise.all([
    paymentIds.length
      ? db.select().from(paymentEvents).where(inArray(paymentEvents.paymentId, paymentIds))
      : [],
    paymentIds.length
      ? db.select().from(couponLocks).where(inArray(couponLocks.paymentId, paymentIds))
      : [],
    localCheckoutsOf(env, paymentIds),
    db
      .select()
      .from(coupons)
      .where(
        paymentIds.length
          ? or(eq(coupons.ownerUserId, user.id), inArray(coupons.issuedByPaymentId, paymentIds))
          : eq(coupons.ownerUserId, user.id),
      ),
    paymentIds.length
      ? db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds))
      : [],
  ]);

  const refundOf = (paymentId: string): ExportedPayment["refund"] => {
    const refund = refundRows.find((r) => r.paymentId === paymentId);
    return refund
      ? {
          origin: refund.origin,
          method: refund.method,
          state: refund.state,
          pixKey: refund.pixKey,
          pixKeyType: refund.pixKeyType,
          createdAt: iso(refund.createdAt),
          receiptSentAt: isoOrNull(refund.receiptSentAt),
        }
      : null;
  };

  const attempts: ExportedAttempt[] = [];
  for (const row of attemptRows) {
    const result = resultRows.find((r) => r.attemptId === row.id);
    const certificate = certificateRows.find((r) => r.attemptId === row.id);
    attempts.push({
      id: row.id,
      status: row.status,
      locale: row.locale,
      country: row.country,
      questionBankVersion: row.questionBankVersion,
      startedAt: iso(row.startedAt),
      deadline: iso(row.deadline),
      finishedAt: isoOrNull(row.finishedAt),
      endedBy: row.endedBy,
      rejectionReason: row.rejectionReason,
      answeredCount: row.answeredCount,
      answers:
        row.status === "in_progress"
          ? await runningAnswers(env, row.id)
          : parseAnswers(row.answers),
      result: result
        ? {
            iq: result.iq,
            iqLabel: result.iqLabel,
            atCeiling: result.atCeiling,
            interval: [result.intervalLow, result.intervalHigh],
            band: result.band,
            rawTotal: result.rawTotal,
            rawByCategory: JSON.parse(result.rawByCategory) as unknown,
            normsVersion: result.normsVersion,
            ageBand: result.ageBand,
            percentageWorld: result.percentageWorld,
            percentageBrazil: result.percentageBrazil,
            scoredAt: iso(result.createdAt),
          }
        : null,
      certificate: certificate
        ? {
            code: certificate.code,
            name: certificate.name,
            age: certificate.age,
            issuedAt: iso(certificate.createdAt),
          }
        : null,
    });
  }

  const exportedPayments: ExportedPayment[] = paymentRows.map((row) => {
    const lock = locks.find((l) => l.paymentId === row.id);
    const checkout = checkouts.find((s) => s.orderId === row.id);
    return {
      id: row.id,
      attemptId: row.attemptId,
      provider: row.provider,
      providerCheckoutId: row.providerSessionId,
      providerPaymentId: row.providerPaymentId,
      status: row.status,
      statusDetail: row.statusDetail,
      currency: row.currency,
      listCents: row.listCents,
      discountPercent: row.discountPercent,
      totalCents: row.totalCents,
      couponCode: row.couponCode,
      locale: row.locale,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      approvedAt: isoOrNull(row.approvedAt),
      receiptSentAt: isoOrNull(row.receiptSentAt),
      pendingMailSentAt: isoOrNull(row.pendingMailSentAt),
      checkoutExpiresAt: iso(row.checkoutExpiresAt),
      events: events
        .filter((e) => e.paymentId === row.id)
        .map((e) => ({
          id: e.id,
          type: e.type,
          outcome: e.outcome,
          receivedAt: iso(e.receivedAt),
        })),
      couponLock: lock
        ? { code: lock.code, state: lock.state, heldUntil: isoOrNull(lock.heldUntil) }
        : null,
      testProviderCheckout: checkout
        ? {
            id: checkout.id,
            status: checkout.status,
            paymentStatus: checkout.paymentStatus,
            method: checkout.method,
            afterPayment: checkout.afterPayment,
            currency: checkout.currency,
            amountCents: checkout.amountCents,
            createdAt: iso(checkout.createdAt),
            expiresAt: iso(checkout.expiresAt),
          }
        : null,
      refund: refundOf(row.id),
    };
  });

  const exportedCoupons: ExportedCoupon[] = couponRows.map((row) => ({
    code: row.code,
    percent: row.percent,
    relation: row.ownerUserId === user.id ? "owner" : "issued",
    audience: row.audience,
    usesAllowed: row.usesAllowed,
    expiresAt: isoOrNull(row.expiresAt),
    disabledAt: isoOrNull(row.disabledAt),
    createdAt: iso(row.createdAt),
  }));

  const consent = readConsent(cookieHeader);
  return {
    format: "lumen-iq-account-export",
    version: 1,
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
      dateOfBirth: account.dateOfBirth,
      profilePicture: account.profilePicture,
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
    },
    signInMethods: {
      password: account.passwordHash !== null,
      google: links
        .filter((l) => l.provider === "google")
        .map((l) => ({ subject: l.subject, linkedAt: iso(l.createdAt) })),
    },
    sessions: sessionRows.map((s) => ({
      current: s.id === currentSessionId,
      createdAt: iso(s.createdAt),
      lastUsedAt: iso(s.lastExtendedAt),
      expiresAt: iso(s.expiresAt),
      remembered: s.remember,
      reauthenticatedAt: isoOrNull(s.reauthenticatedAt),
    })),
    attempts,
    payments: exportedPayments,
    coupons: exportedCoupons,
    consent: {
      storedOnServer: false,
      thisBrowser: consent
        ? {
            experience: consent.experience,
            analytics: consent.analytics,
            chosenAt: iso(consent.at * 1000),
          }
        : null,
    },
    emails: mails.map((mail) => ({
      to: mail.to,
      subject: mail.subject,
      text: withoutTokens(mail.text),
      createdAt: iso(mail.createdAt),
    })),
  };
}
