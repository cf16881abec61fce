import type { RouterContextProvider } from "react-router";
import type { AttemptResult } from "../../core/attempts/attempt";
import { localeFromPath } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { CheckoutView } from "../../core/payments/checkout";
import { bandName, bandText } from "../../core/scoring/band-text";
import { scoreLabels } from "../../core/scoring/score-text";
import { IqChart } from "../components/iq-chart";
import { NoResult } from "../components/no-result";
import { ReportOffer } from "../components/report-offer";
import { callApi, failure, inLanguage, loadFromApi } from "../lib/api-loader.server";
import { AppLink } from "../lib/app-link";
import { requireProfile } from "../lib/require-user.server";
import { screenMeta } from "../lib/seo";
import { useLocale } from "../lib/use-locale";
import type { Route } from "./+types/result";
import "../payments.css";

type LoaderResult =
  | {
      kind: "result";
      result: AttemptResult;
      checkout: CheckoutView | null;
      /** The result needs no script at load: it hydrates on intent (ADR 0033). */
      hydrateOnIntent: true;
    }
  | { kind: "invalid" | "notFinished" | "rejected" };

/** The report's offer for this test, in the page's currency; none when it cannot be bought. */
async function readCheckout(
  context: Readonly<RouterContextProvider>,
  id: string,
  locale: string,
): Promise<CheckoutView | null> {
  const answer = await callApi<CheckoutView>(context, {
    path: `/api/checkout/${encodeURIComponent(id)}`,
    init: inLanguage(locale),
  });
  if (answer.ok) return answer.body;
  if (answer.status === 404) return null;
  throw failure(answer.status);
}

/** Owner only (SECURITY.md 14): anyone else's id, or an unknown one, is the invalid-test page. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireProfile(context, request);
  const locale = localeFromPath(new URL(request.url).pathname);
  // The offer is asked for beside the result, not after it: each costs D1 round trips to
  // the one primary, and the page waits for both. It is used only if the result is shown.
  const checkout = readCheckout(context, params.id, locale);
  checkout.catch(() => undefined);
  return loadFromApi(context, {
    path: `/api/tests/${encodeURIComponent(params.id)}/result`,
    ok: async (result: AttemptResult): Promise<LoaderResult> => ({
      kind: "result",
      // The free result: the API keeps the report's area scores and percentiles back
      // (docs/decisions/0017-payments.md).
      result,
      checkout: await checkout,
      // Links and figures: the account menu is the only control, and a press on it before
      // the page has hydrated is held and given back (core/web/hydrate-on-intent.ts).
      hydrateOnIntent: true,
    }),
    expected: [
      { status: 404, page: { kind: "invalid" } },
      { status: 409, code: "testNotFinished", page: { kind: "notFinished" } },
      { status: 409, code: "testRejected", page: { kind: "rejected" } },
    ],
  });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = screenMeta("result", m.page_result_meta_title, m.page_result_meta_description);

export default function Result({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  if (loaderData.kind !== "result") return <NoResult kind={loaderData.kind} />;
  const { result, checkout } = loaderData;
  const correct = result.rawTotal;
  const labels = scoreLabels(result);
  return (
    <section className="result container" data-testid="result">
      <p className="eyebrow">{m.result_eyebrow()}</p>
      <div className="result-hero">
        <div className="result-score">
          <p className="result-score-label">{m.result_iq_label()}</p>
          <p className="result-iq" data-testid="result-iq">
            {result.iqLabel}
          </p>
          <p className="result-interval" data-testid="result-interval">
            {m.score_interval_caption()}: {m.score_interval_range(labels)}
          </p>
          <p className="result-help">
            {result.atCeiling
              ? m.result_ceiling()
              : result.atFloor
                ? m.result_floor()
                : m.result_interval_help()}
          </p>
          <p className="result-method">
            <AppLink screen="method" locale={locale} data-testid="result-method-link">
              {m.method_link()}
            </AppLink>
          </p>
        </div>
        <div className="result-band" data-band={result.band} data-testid="result-band">
          <p className="result-score-label">{m.result_band_label()}</p>
          <p className="result-band-name">{bandName[result.band]({}, { locale })}</p>
          <p className="result-help">{bandText[result.band]({}, { locale })}</p>
          <p className="result-raw">{m.result_raw({ correct, total: 40 })}</p>
        </div>
        <div className="result-chart card">
          <h2 className="result-chart-title">{m.result_chart_title()}</h2>
          <IqChart iq={result.iq} label={m.result_chart_aria({ iq: result.iqLabel })} />
        </div>
        <div className="account-page-actions result-actions">
          <AppLink
            screen="certificate"
            locale={locale}
            params={{ id: result.id }}
            className="button button-primary"
            data-testid="result-certificate"
          >
            {m.certificate_result_link()}
          </AppLink>
          <AppLink screen="test" locale={locale} className="button button-ghost">
            {m.result_take_again()}
          </AppLink>
        </div>
      </div>

      {checkout ? (
        <ReportOffer
          result={{
            id: result.id,
            iqLabel: result.iqLabel,
            bandName: bandName[result.band]({}, { locale }),
          }}
          checkout={checkout}
        />
      ) : null}

      <p className="notice result-notice">{m.result_notice()}</p>
    </section>
  );
}
