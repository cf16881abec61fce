import { type Locale, localeInfo } from "../locales/locales";
import { canBuyReport, type PaymentStatus, reportUnlocked } from "../payments/payments";
import type { RefundOffer } from "../payments/refund";

/**
 * 'My IQ tests' (spec sections 1-3, issue 6; docs/decisions/0011-tests-list.md): the
 * rows `GET /api/tests` answers and the actions each row offers.
 */

interface RowBase {
  id: string;
  /** ISO time: when it ended (finished, rejected) or began (in progress). */
  date: string;
}

export type AttemptListRow =
  | (RowBase & {
      status: "finished";
      iq: number;
      /** As the result shows it: "145+" at the ceiling, "≤55" at the floor. */
      iqLabel: string;
      /** The result's 95 % interval (the history chart, issue 29.3). */
      interval: { low: number; high: number };
      /** The premium report's payment; null until one is made (the payments issue). */
      paymentStatus: PaymentStatus | null;
      /** While its approved payment may be withdrawn from (7 days, issue 30.6). */
      refund?: RefundOffer | null;
      /**
       * The payment on its way to the report (a Pix or boleto waiting for its transfer, a
       * card under review): its pending page, where the Pix code waits (issue 30.2).
       */
      pendingPaymentId?: string | null;
    })
  | (RowBase & {
      status: "rejected" | "in_progress";
      iq: null;
      iqLabel: null;
      interval: null;
      paymentStatus: null;
    });

export interface AttemptsList {
  /** Newest first: finished and rejected attempts, and at most one in progress. */
  tests: AttemptListRow[];
}

interface ActionRule {
  /**
   * Whether the product offers this action yet: each issue that builds what an action
   * leads to (the certificate, the report, checkout) turns its flag on and gives it a
   * link in the tests page (app/routes/attempts.tsx), which the types then require.
   */
  available: boolean;
  /** Whether a row offers it, once available. */
  appliesTo: (row: AttemptListRow) => boolean;
}

const finished = (row: AttemptListRow) => row.status === "finished";

/** Every action a row may show, in the order they are shown. */
export const actionRules = {
  continue: { available: true, appliesTo: (row) => row.status === "in_progress" },
  redo: { available: true, appliesTo: (row) => row.status === "rejected" },
  result: { available: true, appliesTo: finished },
  certificate: { available: true, appliesTo: finished },
  report: {
    available: true,
    appliesTo: (row) => finished(row) && reportUnlocked(row.paymentStatus),
  },
  buyReport: {
    available: true,
    appliesTo: (row) => finished(row) && canBuyReport(row.paymentStatus),
  },
  /** A payment on its way: back to its pending page (the Pix code, the boleto). */
  followPayment: {
    available: true,
    appliesTo: (row) => row.status === "finished" && Boolean(row.pendingPaymentId),
  },
  /** Seven days to change your mind (issue 30.6): the refund's confirm page. */
  refund: {
    available: true,
    appliesTo: (row) => row.status === "finished" && Boolean(row.refund),
  },
} as const satisfies Record<string, ActionRule>;

type Rules = typeof actionRules;
export type RowAction = keyof Rules;
/** The actions the product offers today. */
export type AvailableAction = {
  [K in RowAction]: Rules[K]["available"] extends true ? K : never;
}[RowAction];

const actionOrder = Object.keys(actionRules) as RowAction[];

/** The actions a row shows, in order. */
export function actionsFor(row: AttemptListRow): AvailableAction[] {
  return actionOrder.filter(
    (action) => actionRules[action].available && actionRules[action].appliesTo(row),
  ) as AvailableAction[];
}

/**
 * A row's date as a reader of the language writes it ('Nov 22, 2026', '22 de nov. de
 * 2026'), on the calendar of `timeZone` (an unknown zone falls back to UTC).
 */
export function formatTestDate(date: string, locale: Locale, timeZone = "UTC"): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone };
  const iso = localeInfo[locale].iso;
  try {
    return new Intl.DateTimeFormat(iso, options).format(new Date(date));
  } catch {
    return new Intl.DateTimeFormat(iso, { ...options, timeZone: "UTC" }).format(new Date(date));
  }
}
