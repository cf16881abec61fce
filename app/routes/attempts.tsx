import { useSyncExternalStore } from "react";
import type { AttemptsList } from "../../core/attempts/attempts-list";
import {
  type AttemptListRow,
  type AvailableAction,
  actionsFor,
  formatTestDate,
  type RowAction,
} from "../../core/attempts/attempts-list";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { paymentStatusLabel, paymentStatusTone } from "../../core/payments/payments";
import type { Params, Screen } from "../../core/web/route-table";
import { ClockIcon, ListIcon } from "../components/icons";
import { ScoreHistory } from "../components/score-history";
import { loadFromApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { requireProfile } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/attempts";
import "../attempts-list.css";

/** 'My IQ tests' (docs/decisions/0011-tests-list.md): signed-in users only (spec section 2). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireProfile(context, request);
  return loadFromApi(context, {
    path: "/api/tests",
    ok: (list: AttemptsList) => list,
  });
}

/** Personal, and changes with every test taken. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("tests", m.tests_meta_title, m.tests_meta_description);

export default function Attempts({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { tests } = loaderData;
  return (
    <section className="tests-page container" data-testid="tests-list">
      <p className="eyebrow">{m.tests_eyebrow()}</p>
      <div className="tests-head">
        <div>
          <h1 className="tests-title">{m.tests_title()}</h1>
          {tests.length > 0 ? <p className="tests-intro">{m.tests_intro()}</p> : null}
        </div>
        {tests.length > 0 && !tests.some((row) => row.status === "in_progress") ? (
          <AppLink screen="test" locale={locale} className="button button-ghost button-xs">
            {m.tests_take_new()}
          </AppLink>
        ) : null}
      </div>
      <ScoreHistory tests={tests} locale={locale} />
      {tests.length === 0 ? <EmptyState locale={locale} /> : <AttemptsTable tests={tests} />}
    </section>
  );
}

function EmptyState({ locale }: { locale: Locale }) {
  return (
    <div className="tests-empty card" data-testid="tests-empty">
      <span className="account-page-icon tone-info">
        <ListIcon width={28} height={28} />
      </span>
      <h2 className="tests-empty-title">{m.tests_empty_title()}</h2>
      <p className="tests-empty-text">{m.tests_empty_text()}</p>
      <AppLink screen="test" locale={locale} className="button button-primary">
        {m.tests_empty_button()}
      </AppLink>
    </div>
  );
}

function AttemptsTable({ tests }: { tests: AttemptListRow[] }) {
  const columns = {
    date: m.tests_column_date(),
    iq: m.tests_column_iq(),
    payment: m.tests_column_payment(),
    actions: m.tests_column_actions(),
  };
  return (
    <div className="tests-table-wrap">
      <table className="tests-table">
        <thead>
          <tr>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.iq}</th>
            <th scope="col">{columns.payment}</th>
            <th scope="col">
              <span className="visually-hidden">{columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tests.map((row) => (
            <Row key={row.id} row={row} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Columns = Record<"date" | "iq" | "payment" | "actions", string>;

function Row({ row, columns }: { row: AttemptListRow; columns: Columns }) {
  const locale = useLocale();
  const actions = actionsFor(row);
  return (
    <tr className="tests-row" data-testid="tests-row" data-status={row.status}>
      <td className="tests-cell-date" data-label={columns.date}>
        <time dateTime={row.date} data-testid="tests-date">
          <AttemptDate date={row.date} locale={locale} />
        </time>
      </td>
      <td className="tests-cell-iq" data-label={columns.iq}>
        <Score row={row} />
      </td>
      <td className="tests-cell-payment" data-label={columns.payment}>
        {row.status === "finished" ? (
          <span
            className={`tests-badge tone-${paymentStatusTone(row.paymentStatus)}`}
            data-testid="tests-payment"
            data-status={row.paymentStatus ?? "none"}
          >
            {paymentStatusLabel(row.paymentStatus, locale)}
          </span>
        ) : (
          <>
            <span aria-hidden="true" className="tests-none">
              —
            </span>
            <span className="visually-hidden">{m.tests_no_report()}</span>
          </>
        )}
      </td>
      <td className="tests-cell-actions">
        <div className="tests-actions">
          {actions.map((action) => (
            <ActionLink key={action} action={action} row={row} locale={locale} />
          ))}
        </div>
      </td>
    </tr>
  );
}

function Score({ row }: { row: AttemptListRow }) {
  if (row.status === "finished") {
    return (
      <span className="tests-iq" data-testid="tests-iq">
        {row.iqLabel}
      </span>
    );
  }
  const rejected = row.status === "rejected";
  return (
    <span className="tests-state" data-testid="tests-iq">
      <span className={`tests-badge ${rejected ? "tone-danger" : "tone-info"}`}>
        {rejected ? null : <ClockIcon width={14} height={14} />}
        {rejected ? m.test_rejected_title() : m.tests_in_progress()}
      </span>
      <span className="tests-note">
        {rejected ? m.tests_rejected_note() : m.tests_in_progress_note()}
      </span>
    </span>
  );
}

const actionLabels: Record<RowAction, () => string> = {
  continue: m.tests_action_continue,
  redo: m.tests_action_redo,
  result: m.tests_action_result,
  certificate: m.tests_action_certificate,
  report: m.tests_action_report,
  buyReport: m.tests_action_buy_report,
  followPayment: m.tests_action_follow_payment,
  refund: m.tests_action_refund,
};

/**
 * Where each action the product offers leads. An action turned on in core/attempts/attempts-list.ts
 * must be given its destination here (the type requires it).
 */
type ActionTarget =
  | { screen: Screen; params?: (row: AttemptListRow) => Params; primary: boolean }
  /** A file the browser downloads (the certificate's PNG). */
  | { download: (row: AttemptListRow, locale: Locale) => string; primary: boolean };

const actionTargets: Record<AvailableAction, ActionTarget> = {
  continue: { screen: "test", primary: true },
  redo: { screen: "test", primary: true },
  result: { screen: "result", params: (row) => ({ id: row.id }), primary: false },
  certificate: {
    download: (row, locale) => `/api/certificates/${row.id}.png?lang=${locale}&download=1`,
    primary: false,
  },
  report: { screen: "report", params: (row) => ({ id: row.id }), primary: true },
  buyReport: { screen: "checkout", params: (row) => ({ id: row.id }), primary: true },
  followPayment: {
    screen: "payments",
    params: (row) => ({
      status: "pending",
      id: row.status === "finished" ? (row.pendingPaymentId ?? "") : "",
    }),
    primary: true,
  },
  refund: {
    screen: "refund",
    params: (row) => ({
      paymentId: row.status === "finished" ? (row.refund?.paymentId ?? "") : "",
    }),
    primary: false,
  },
};

function ActionLink({
  action,
  row,
  locale,
}: {
  action: AvailableAction;
  row: AttemptListRow;
  locale: Locale;
}) {
  const target = actionTargets[action];
  const className = `button button-xs ${target.primary ? "button-primary" : "button-ghost"}`;
  if ("download" in target) {
    return (
      <a
        href={target.download(row, locale)}
        download
        className={className}
        data-testid={`tests-action-${action}`}
      >
        {actionLabels[action]()}
      </a>
    );
  }
  return (
    <AppLink
      screen={target.screen}
      locale={locale}
      params={target.params?.(row)}
      className={className}
      data-testid={`tests-action-${action}`}
    >
      {actionLabels[action]()}
    </AppLink>
  );
}

const subscribeNever = () => () => {};

/**
 * The date on the reader's calendar. The server does not know the reader's time zone:
 * it renders UTC, and hydration switches to the browser's zone (client-side navigations
 * render the browser's zone at once).
 */
function AttemptDate({ date, locale }: { date: string; locale: Locale }) {
  const timeZone = useSyncExternalStore(
    subscribeNever,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
  return formatTestDate(date, locale, timeZone);
}
