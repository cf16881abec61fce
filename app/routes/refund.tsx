import { data, Form, useNavigation } from "react-router";
import { type Locale, localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { formatMoney } from "../../core/payments/payment-text";
import {
  formatRefundDeadline,
  type RefundDone,
  type RefundQuote,
} from "../../core/payments/refund";
import { AlertIcon, CheckCircleIcon, InfoIcon, ServerIcon } from "../components/icons";
import { type ApiAnswer, callApi, failure, inLanguage, sendToApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { requireUser } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/refund";
import "../payments.css";
import "../refund.css";

/**
 * Seven days to change your mind (issue 30.6,
 * docs/decisions/0045-seven-days-to-change-your-mind.md): the confirm page of a purchase's
 * refund, reached from the report and from 'My IQ tests'. Reading it changes nothing; its
 * one button (a form, so it works without JavaScript) asks for the refund. A boleto's buyer
 * gives the Pix key the operator sends the money to.
 */

type Refused = { kind: "refused"; message: string };

function refusedOr<Body>(answer: Extract<ApiAnswer<Body>, { ok: false }>): Refused {
  if (answer.status === 404) throw data(null, { status: 404 });
  const message = answer.fields.system?.[0];
  if (answer.status !== 409 || message === undefined) throw failure(answer.status);
  return { kind: "refused", message };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const answer = await callApi<RefundQuote>(context, {
    path: `/api/payments/${encodeURIComponent(params.paymentId)}/refund`,
    init: inLanguage(locale),
  });
  if (answer.ok) return { kind: "quote" as const, quote: answer.body };
  // The provider could not say how the payment was made: the page says to try again.
  if (answer.status === 503) return { kind: "unavailable" as const };
  return refusedOr(answer);
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  const pixKey = form.get("pixKey");
  const answer = await sendToApi<RefundDone>(context, {
    path: `/api/payments/${encodeURIComponent(params.paymentId)}/refund`,
    json: typeof pixKey === "string" ? { pixKey } : {},
    locale,
  });
  if (answer.ok) return { kind: "done" as const, done: answer.body };
  if (answer.status === 503) return { kind: "unavailable" as const };
  const fieldError = answer.fields.pixKey?.[0];
  if (answer.status === 400 && fieldError !== undefined) {
    return { kind: "pixKey" as const, message: fieldError, pixKey: String(pixKey ?? "") };
  }
  return refusedOr(answer);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("refund", m.refund_meta_title, m.refund_meta_description);

export default function Refund({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  if (actionData?.kind === "done") return <Done done={actionData.done} locale={locale} />;
  if (actionData?.kind === "refused") return <RefusedView message={actionData.message} />;
  if (loaderData.kind === "refused") return <RefusedView message={loaderData.message} />;
  if (loaderData.kind === "unavailable") {
    return <RefusedView title={m.errors_modal_503_title()} message={m.refund_unavailable()} />;
  }
  return (
    <Confirm
      quote={loaderData.quote}
      locale={locale}
      pixKeyError={actionData?.kind === "pixKey" ? actionData : null}
      unavailable={actionData?.kind === "unavailable"}
    />
  );
}

/** Each state of the page: its icon, its eyebrow (the right's name), its title, the rest. */
function Frame({
  testId,
  data,
  tone,
  Icon,
  title,
  children,
}: {
  testId: string;
  data?: Record<`data-${string}`, string>;
  tone: "info" | "success" | "warning";
  Icon: typeof InfoIcon;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      className="account-page container payresult refund-page"
      data-testid={testId}
      {...data}
    >
      <span className={`account-page-icon tone-${tone}`}>
        <Icon width={30} height={30} />
      </span>
      <p className="account-page-eyebrow">{m.refund_eyebrow()}</p>
      <h1 className="account-page-title">{title}</h1>
      {children}
    </section>
  );
}

function Confirm({
  quote,
  locale,
  pixKeyError,
  unavailable,
}: {
  quote: RefundQuote;
  locale: Locale;
  pixKeyError: { message: string; pixKey: string } | null;
  unavailable: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const amount = formatMoney(quote.total, locale);
  const text =
    quote.method === "boleto"
      ? m.refund_text_boleto({ amount, days: quote.businessDays })
      : quote.method === "pix"
        ? m.refund_text_pix({ amount })
        : m.refund_text_card({ amount });
  return (
    <Frame
      testId="refund"
      data={{ "data-method": quote.method }}
      tone="info"
      Icon={InfoIcon}
      title={m.refund_title()}
    >
      <p className="account-page-text" data-testid="refund-text">
        {text}
      </p>
      <p className="account-page-text">{m.refund_text_locks()}</p>
      <p className="account-page-hint" data-testid="refund-until">
        {m.refund_text_until({ date: formatRefundDeadline(quote.until, locale) })}
      </p>
      {unavailable ? (
        <p className="checkout-problem tone-warning" role="alert" data-testid="refund-unavailable">
          <ServerIcon width={20} height={20} />
          {m.refund_unavailable()}
        </p>
      ) : null}
      <Form method="post" className="refund-form" data-testid="refund-form">
        {quote.method === "boleto" ? <PixKeyField error={pixKeyError} /> : null}
        <div className="account-page-actions">
          <button
            type="submit"
            className="button button-danger"
            disabled={busy}
            data-testid="refund-confirm"
          >
            {busy ? m.refund_confirm_busy() : m.refund_confirm({ amount })}
          </button>
          <AppLink
            screen="report"
            locale={locale}
            params={{ id: quote.attemptId }}
            className="button button-ghost"
            data-testid="refund-keep"
          >
            {m.refund_keep()}
          </AppLink>
        </div>
      </Form>
    </Frame>
  );
}

function PixKeyField({ error }: { error: { message: string; pixKey: string } | null }) {
  return (
    <div className="field" data-invalid={error ? "true" : undefined}>
      <label className="field-label" htmlFor="refund-pix-key">
        {m.refund_pix_key_label()}
      </label>
      <input
        id="refund-pix-key"
        name="pixKey"
        className="input input-md"
        defaultValue={error?.pixKey ?? ""}
        key={error?.pixKey ?? ""}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "refund-pix-key-error" : "refund-pix-key-hint"}
        data-testid="refund-pix-key"
      />
      {error ? (
        <p
          className="field-error"
          id="refund-pix-key-error"
          role="alert"
          data-testid="refund-pix-key-error"
        >
          {error.message}
        </p>
      ) : (
        <p className="field-hint" id="refund-pix-key-hint">
          {m.refund_pix_key_hint()}
        </p>
      )}
    </div>
  );
}

function Done({ done, locale }: { done: RefundDone; locale: Locale }) {
  const amount = formatMoney(done.total, locale);
  return (
    <Frame
      testId="refund-done"
      data={{ "data-state": done.state }}
      tone="success"
      Icon={CheckCircleIcon}
      title={m.refund_done_title()}
    >
      <p className="account-page-text" role="status">
        {done.state === "requested"
          ? m.refund_done_pix({ amount, days: done.businessDays })
          : m.refund_done_provider({ amount })}
      </p>
      <p className="account-page-text">{m.refund_done_locked()}</p>
      <div className="account-page-actions">
        <AppLink
          screen="tests"
          locale={locale}
          className="button button-primary"
          data-testid="refund-tests"
        >
          {m.payresult_tests_link()}
        </AppLink>
      </div>
    </Frame>
  );
}

function RefusedView({ message, title }: { message: string; title?: string }) {
  const locale = useLocale();
  return (
    <Frame
      testId="refund-refused"
      tone="warning"
      Icon={AlertIcon}
      title={title ?? m.refund_refused_title()}
    >
      <p className="account-page-text" data-testid="refund-refused-message">
        {message}
      </p>
      <div className="account-page-actions">
        <AppLink screen="tests" locale={locale} className="button button-primary">
          {m.payresult_tests_link()}
        </AppLink>
      </div>
    </Frame>
  );
}
