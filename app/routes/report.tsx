import { data } from "react-router";
import * as m from "../../core/paraglide/messages";
import { CheckCircleIcon, ClockIcon, LockIcon } from "../components/icons";
import { callApi, failure } from "../lib/api-loader.server";
import { reportStatusSchema } from "../lib/api-schemas.server";
import { AppLink } from "../lib/app-link";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/report";
import "../payments.css";

type ReportPage = { kind: "preparing" } | { kind: "paymentRequired" | "paymentPending" };

/**
 * The premium report, owner only. It opens only for an approved payment (SECURITY.md 15):
 * otherwise the spec's 402 pages, with the way to pay or to follow the payment. Its
 * content is the next issue; until then a paid report says it is being prepared.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const answer = await callApi(context, {
    path: `/api/tests/${encodeURIComponent(params.id)}/report`,
    schema: reportStatusSchema,
  });
  if (answer.ok) return data<ReportPage>({ kind: "preparing" });
  if (
    answer.status === 402 &&
    (answer.code === "paymentRequired" || answer.code === "paymentPending")
  ) {
    return data<ReportPage>({ kind: answer.code }, { status: 402 });
  }
  // Another user's test, an unknown one, or one not finished: the 404 page.
  if (answer.status === 404) throw data(null, { status: 404 });
  throw failure(answer.status);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("report", m.report_meta_title, m.report_meta_description);

export default function Report({ loaderData, params }: Route.ComponentProps) {
  const locale = useLocale();
  const attempt = { id: params.id };
  if (loaderData.kind === "paymentRequired") {
    return (
      <section className="error-screen container" data-status={402} data-testid="report-402">
        <span className="account-page-icon tone-warning">
          <LockIcon width={30} height={30} />
        </span>
        <p className="error-code">{m.errors_code_label({ status: 402 })}</p>
        <h1 className="error-title">{m.errors_402_title()}</h1>
        <p className="error-description">{m.report_required_text()}</p>
        <div className="error-actions">
          <AppLink
            screen="checkout"
            locale={locale}
            params={attempt}
            className="button button-primary"
            data-testid="report-go-to-payment"
          >
            {m.errors_modal_402_button()}
          </AppLink>
          <AppLink screen="result" locale={locale} params={attempt} className="button button-ghost">
            {m.report_back_result()}
          </AppLink>
        </div>
      </section>
    );
  }
  if (loaderData.kind === "paymentPending") {
    return (
      <section className="error-screen container" data-status={402} data-testid="report-pending">
        <span className="account-page-icon tone-warning">
          <ClockIcon width={30} height={30} />
        </span>
        <p className="error-code">{m.errors_code_label({ status: 402 })}</p>
        <h1 className="error-title">{m.errors_402_message()}</h1>
        <p className="error-description">{m.report_pending_text()}</p>
        <div className="error-actions">
          <AppLink
            screen="tests"
            locale={locale}
            className="button button-primary"
            data-testid="report-tests-link"
          >
            {m.report_tests_link()}
          </AppLink>
        </div>
      </section>
    );
  }
  return (
    <section className="account-page container" data-testid="report-preparing">
      <span className="account-page-icon tone-success">
        <CheckCircleIcon width={30} height={30} />
      </span>
      <p className="account-page-eyebrow">{m.report_preparing_eyebrow()}</p>
      <h1 className="account-page-title">{m.report_preparing_title()}</h1>
      <p className="account-page-text">{m.report_preparing_text()}</p>
      <div className="account-page-actions">
        <AppLink screen="result" locale={locale} params={attempt} className="button button-primary">
          {m.report_back_result()}
        </AppLink>
        <AppLink screen="tests" locale={locale} className="button button-ghost">
          {m.report_tests_link()}
        </AppLink>
      </div>
    </section>
  );
}
