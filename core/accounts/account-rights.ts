import { z } from "zod";
import { strongPassword } from "./account-rules";

/**
 * The account page's calls that exercise the holder's rights (issue 14; LGPD art. 18):
 * what the page reads, the bodies it sends, and the export file's shape. The rules and
 * the file format are explained in docs/decisions/0023-holder-rights.md.
 */

/** `GET /api/account`: what the account page shows. */
export interface AccountView {
  name: string;
  email: string;
  dateOfBirth: string | null;
  shouldUpdate: boolean;
  hasPassword: boolean;
  /** The linked Google account (its address is the account's: linking needs the same one). */
  google: { email: string } | null;
  /** Until when this session may export and delete (ISO), or null when it must prove itself. */
  reauthenticatedUntil: string | null;
}

/** How long a re-authentication (or a fresh sign-in) lets a session export and delete. */
export const reauthenticationWindowMs = 10 * 60 * 1000;

/** `POST /api/account/reauthenticate`. */
export const reauthenticateSchema = z.object({
  password: z
    .string({ message: "validation_password_required" })
    .min(1, "validation_password_required"),
});

/** `POST /api/account/password`: the current password, then the new one by the sign-up rules. */
export const accountPasswordSchema = z
  .object({
    currentPassword: z
      .string({ message: "account_current_password_required" })
      .min(1, "account_current_password_required"),
    password: strongPassword("validation_password_required"),
    passwordConfirmation: strongPassword("validation_password_confirmation_required"),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: "validation_password_confirmation_mismatch",
  });

/** What the delete call must carry, so no stray request deletes an account. */
export const deleteConfirmation = "DELETE";

/** `POST /api/account/delete`. */
export const deleteAccountSchema = z.object({
  confirm: z.literal(deleteConfirmation, { message: "delete_confirm_invalid" }),
});

/** The export file's name for a day (`lumen-iq-data-2026-11-22.json`). */
export function exportFileName(now: Date): string {
  return `lumen-iq-data-${now.toISOString().slice(0, 10)}.json`;
}

/** The export file (format version 1; ADR 0023 describes every field). */
export interface AccountExport {
  format: "lumen-iq-account-export";
  version: 1;
  exportedAt: string;
  account: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    dateOfBirth: string | null;
    profilePicture: string | null;
    createdAt: string;
    updatedAt: string;
  };
  signInMethods: {
    password: boolean;
    google: { subject: string; linkedAt: string }[];
  };
  sessions: {
    current: boolean;
    createdAt: string;
    lastUsedAt: string;
    expiresAt: string;
    remembered: boolean;
    reauthenticatedAt: string | null;
  }[];
  attempts: ExportedAttempt[];
  payments: ExportedPayment[];
  coupons: ExportedCoupon[];
  consent: {
    storedOnServer: false;
    /** The choice this browser's `consent` cookie carries (ADR 0012), or null. */
    thisBrowser: { experience: boolean; analytics: boolean; chosenAt: string } | null;
  };
  emails: { to: string; subject: string; text: string; createdAt: string }[];
}

export interface ExportedAttempt {
  id: string;
  status: string;
  locale: string;
  country: string | null;
  questionBankVersion: string;
  startedAt: string;
  deadline: string;
  finishedAt: string | null;
  endedBy: string | null;
  rejectionReason: string | null;
  answeredCount: number;
  /** Question code -> the letter chosen and when (ISO). */
  answers: Record<string, { letter: string; at: string | null }>;
  result: Record<string, unknown> | null;
  certificate: { code: string; name: string; age: number | null; issuedAt: string } | null;
}

export interface ExportedPayment {
  id: string;
  attemptId: string | null;
  provider: string;
  providerCheckoutId: string | null;
  providerPaymentId: string | null;
  status: string;
  statusDetail: string | null;
  currency: string;
  listCents: number;
  discountPercent: number;
  totalCents: number;
  couponCode: string | null;
  locale: string;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  receiptSentAt: string | null;
  checkoutExpiresAt: string;
  events: { id: string; type: string; outcome: string | null; receivedAt: string }[];
  couponLock: { code: string; state: string; heldUntil: string | null } | null;
  /** The local test provider's record of the checkout (development only). */
  testProviderCheckout: Record<string, unknown> | null;
  /** Its refund, if any (issue 30.6): with the Pix key a boleto's buyer gave. */
  refund?: {
    origin: string;
    method: string | null;
    state: string;
    pixKey: string | null;
    pixKeyType: string | null;
    createdAt: string;
    receiptSentAt: string | null;
  } | null;
}

export interface ExportedCoupon {
  code: string;
  percent: number;
  /** "owner": only this account may use it; "issued": a purchase of this account issued it. */
  relation: "owner" | "issued";
  audience: string | null;
  usesAllowed: number;
  expiresAt: string | null;
  disabledAt: string | null;
  createdAt: string;
}
