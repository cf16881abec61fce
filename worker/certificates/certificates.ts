import { eq } from "drizzle-orm";
import type { ProfiledUser } from "../../core/accounts/account";
import { ageOn } from "../../core/accounts/age";
import type { AttemptResult } from "../../core/attempts/attempt";
import {
  type CertificateVerification,
  certificateCodeFrom,
  certificateDate,
  certificateName,
  isoDay,
  normalizeCertificateCode,
} from "../../core/attempts/certificate";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { bandName } from "../../core/scoring/band-text";
import { scoreLabels } from "../../core/scoring/score-text";
import type { Band } from "../../core/scoring/scoring";
import { localizePath } from "../../core/web/route-table";
import { database, isUniqueViolation } from "../../db/client";
import { certificates, testAttempts, testResults, withdrawnCertificates } from "../../db/schema";
import type { AttemptRow } from "../attempts/lookup";
import { answerKeyVersion } from "../questions/answer-key.server";
import type { CertificateContent } from "./design";

/**
 * A finished attempt's certificate (docs/decisions/0010-certificates.md): its row in D1
 * (the public code, and the name and age as printed), what it prints in each language,
 * and its public verification.
 */

export type CertificateRow = typeof certificates.$inferSelect;

/** The attempt's certificate, if issued. */
export function findCertificate(env: Env, attemptId: string): Promise<CertificateRow | undefined> {
  return database(env.DB)
    .select()
    .from(certificates)
    .where(eq(certificates.attemptId, attemptId))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * The attempt and its certificate's code (null until issued), in one read: what a
 * certificate request checks (the owner, finished) and names its download with.
 */
export async function attemptWithCertificateCode(
  env: Env,
  attemptId: string,
): Promise<{ attempt: AttemptRow; code: string | null } | undefined> {
  const [row] = await database(env.DB)
    .select({ attempt: testAttempts, code: certificates.code })
    .from(testAttempts)
    .leftJoin(certificates, eq(certificates.attemptId, testAttempts.id))
    .where(eq(testAttempts.id, attemptId))
    .limit(1);
  return row;
}

/**
 * The attempt's certificate, issued now if it has none: a fresh random code, the owner's
 * name and their age on the test's date. Two first requests may race: the attempt's
 * unique index keeps one row and both answer it. A code that collides (50 random bits:
 * practically never) is drawn again.
 */
export async function issueCertificate(
  env: Env,
  attemptId: string,
  owner: ProfiledUser,
  finishedAt: number,
): Promise<CertificateRow> {
  const existing = await findCertificate(env, attemptId);
  if (existing) return existing;
  const age = ageOn(owner.dateOfBirth, new Date(finishedAt));
  for (let draw = 0; draw < 3; draw++) {
    const code = certificateCodeFrom(crypto.getRandomValues(new Uint8Array(10)));
    try {
      await database(env.DB)
        .insert(certificates)
        .values({
          code,
          attemptId,
          userId: owner.id,
          name: certificateName(owner.name),
          age,
          createdAt: Date.now(),
        })
        .onConflictDoNothing({ target: certificates.attemptId });
    } catch (error) {
      // The code's primary key: draw another.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const row = await findCertificate(env, attemptId);
    if (row) {
      if (row.code === code) console.log(`certificates: issued code for attempt=${attemptId}`);
      return row;
    }
  }
  throw new Error(`certificates: no code could be issued for attempt=${attemptId}`);
}

/** The verification page's URL for a code, absolute, in a language. */
export function verifyUrl(env: Env, code: string, locale: Locale): string {
  return `${env.BASE_URL.replace(/\/$/, "")}${localizePath("certificateVerify", locale, { code })}`;
}

/** What of a result the certificate prints. */
export type PrintedResult = Pick<
  AttemptResult,
  "iq" | "iqLabel" | "interval" | "band" | "finishedAt"
>;

/** Everything the certificate prints, in its language. */
export function certificateContent(
  env: Env,
  row: CertificateRow,
  result: PrintedResult,
  locale: Locale,
): CertificateContent {
  const options = { locale };
  return {
    name: row.name,
    ageLine: row.age === null ? null : m.certificate_age({ age: row.age }, options),
    iqLabel: result.iqLabel,
    interval: m.score_interval_range(scoreLabels(result), options),
    bandName: bandName[result.band]({}, { locale }),
    date: certificateDate(new Date(result.finishedAt), locale),
    code: row.code,
    verifyUrl: verifyUrl(env, row.code, locale),
    texts: {
      title: m.certificate_title({}, options),
      certifies: m.certificate_certifies({}, options),
      statement: m.certificate_statement({}, options),
      iqCaption: m.certificate_iq({}, options),
      intervalCaption: m.score_interval_caption({}, options),
      bandCaption: m.certificate_band({}, options),
      dateCaption: m.certificate_date({}, options),
      codeCaption: m.certificate_code({}, options),
      verifyCaption: m.certificate_verify_at({}, options),
      notice: m.certificate_notice({}, options),
    },
  };
}

/** Which questions a version names, as the verification page says it. */
export function questionSet(version: string): CertificateVerification["questions"] {
  if (version.startsWith("form-")) return { kind: "form", version: version.slice(5) };
  return { kind: "bank", version: bankNames[version] ?? version };
}

/** The shared banks by version (worker/questions/*-answer-key*.server.ts). */
const bankNames: Readonly<Record<string, string>> = {
  acc246bf366d: "v1",
  [answerKeyVersion]: "v2",
};

/**
 * A code's public facts: the name, the IQ with its interval, the date and which questions
 * the test had, and nothing else (no id, no age).
 */
export async function verifyCertificate(
  env: Env,
  code: string,
): Promise<CertificateVerification | null> {
  const [row] = await database(env.DB)
    .select({
      name: certificates.name,
      iq: testResults.iq,
      iqLabel: testResults.iqLabel,
      intervalLow: testResults.intervalLow,
      intervalHigh: testResults.intervalHigh,
      finishedAt: testResults.finishedAt,
      version: testAttempts.questionBankVersion,
    })
    .from(certificates)
    .innerJoin(testResults, eq(testResults.attemptId, certificates.attemptId))
    .innerJoin(testAttempts, eq(testAttempts.id, certificates.attemptId))
    .where(eq(certificates.code, normalizeCertificateCode(code)))
    .limit(1);
  if (!row) return null;
  const labels = scoreLabels({
    iq: row.iq,
    interval: { low: row.intervalLow, high: row.intervalHigh },
  });
  return {
    name: row.name,
    iqLabel: row.iqLabel,
    interval: { low: labels.low, high: labels.high },
    date: isoDay(new Date(row.finishedAt)),
    questions: questionSet(row.version),
  };
}

/**
 * The certificate anyone holding its code may see as an image (a shared link's preview,
 * docs/decisions/0043-a-certificate-worth-sharing.md): what the owner's prints, but without
 * the age line; null for an unknown code or one withdrawn with its account.
 */
export async function sharedCertificate(
  env: Env,
  code: string,
  locale: Locale,
): Promise<{ attemptId: string; content: CertificateContent } | null> {
  const [row] = await database(env.DB)
    .select({
      certificate: certificates,
      iq: testResults.iq,
      iqLabel: testResults.iqLabel,
      intervalLow: testResults.intervalLow,
      intervalHigh: testResults.intervalHigh,
      band: testResults.band,
      finishedAt: testResults.finishedAt,
    })
    .from(certificates)
    .innerJoin(testResults, eq(testResults.attemptId, certificates.attemptId))
    .where(eq(certificates.code, normalizeCertificateCode(code)))
    .limit(1);
  if (!row) return null;
  const result: PrintedResult = {
    iq: row.iq,
    iqLabel: row.iqLabel,
    interval: { low: row.intervalLow, high: row.intervalHigh },
    band: row.band as Band,
    finishedAt: new Date(row.finishedAt).toISOString(),
  };
  const content = certificateContent(env, row.certificate, result, locale);
  return { attemptId: row.certificate.attemptId, content: { ...content, ageLine: null } };
}

/**
 * Whether a code belonged to a certificate whose account was deleted: its verification
 * then says "withdrawn", and nothing else is kept (docs/decisions/0023-holder-rights.md).
 */
export async function isWithdrawnCertificate(env: Env, code: string): Promise<boolean> {
  const [row] = await database(env.DB)
    .select({ code: withdrawnCertificates.code })
    .from(withdrawnCertificates)
    .where(eq(withdrawnCertificates.code, normalizeCertificateCode(code)))
    .limit(1);
  return row !== undefined;
}
