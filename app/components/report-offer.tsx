import { ebookSlugs } from "../../core/ebooks/catalogue";
import type { QuestionCategory } from "../../core/items/questions";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { CheckoutView, PaymentView } from "../../core/payments/checkout";
import {
  areaNames,
  ebookTitles,
  formatMoney,
  methodTexts,
  priceNote,
} from "../../core/payments/payment-text";
import { canBuyReport, paymentStatusLabel } from "../../core/payments/payments";
import { AppLink } from "../lib/app-link";
import { paymentPage } from "../lib/payment-page";
import { useLocale } from "../lib/use-locale";
import {
  BarcodeIcon,
  BookIcon,
  CardIcon,
  CheckCircleIcon,
  ClockIcon,
  InfoIcon,
  ListIcon,
  LockIcon,
  PhoneIcon,
  PixIcon,
  SearchIcon,
  ShieldIcon,
  TicketIcon,
} from "./icons";

/** What the free result shows of itself in the preview: nothing the report sells. */
export interface OfferResult {
  id: string;
  iqLabel: string;
  bandName: string;
}

/**
 * The premium report on the result page (spec: the selling page, sections 0 to 6): for
 * sale while the checkout says a payment may start; otherwise a calm word about the
 * payment on its way, or the way to the report once it is paid.
 */
export function ReportOffer({ result, checkout }: { result: OfferResult; checkout: CheckoutView }) {
  const locale = useLocale();
  const latest = checkout.latestPayment;
  if (checkout.canPay) return <SellingPage result={result} checkout={checkout} locale={locale} />;
  if (!latest) return null;
  return <PaymentNotice payment={latest} locale={locale} />;
}

function PaymentNotice({ payment, locale }: { payment: PaymentView; locale: Locale }) {
  if (payment.status === "approved") {
    return (
      <aside className="offer-notice card" data-testid="offer-approved">
        <span className="offer-notice-icon tone-success">
          <CheckCircleIcon width={24} height={24} />
        </span>
        <div>
          <h2 className="offer-notice-title">{m.sell_approved_title()}</h2>
          <p>{m.sell_approved_text()}</p>
        </div>
        <AppLink
          screen="report"
          locale={locale}
          params={{ id: payment.attemptId }}
          className="button button-primary"
          data-testid="offer-see-report"
        >
          {m.sell_approved_link()}
        </AppLink>
      </aside>
    );
  }
  const waiting = payment.result === null || payment.result === "pending";
  const target = paymentPage(payment);
  return (
    <aside className="offer-notice card" data-testid={waiting ? "offer-pending" : "offer-other"}>
      <span className={`offer-notice-icon ${waiting ? "tone-warning" : "tone-info"}`}>
        {waiting ? <ClockIcon width={24} height={24} /> : <InfoIcon width={24} height={24} />}
      </span>
      <div>
        <h2 className="offer-notice-title">
          {waiting
            ? m.sell_pending_title()
            : m.sell_other_title({ status: paymentStatusLabel(payment.status, locale) })}
        </h2>
        {waiting ? <p>{m.sell_pending_text()}</p> : null}
      </div>
      <AppLink
        screen={target.screen}
        locale={locale}
        params={target.params}
        className="button button-ghost"
        data-testid="offer-payment-link"
      >
        {waiting ? m.sell_pending_link() : m.sell_other_link()}
      </AppLink>
    </aside>
  );
}

/** Decorative widths of the locked bars: the same for everyone, never the reader's scores. */
const placeholderBars: Readonly<Record<QuestionCategory, number>> = {
  SM: 72,
  RA: 54,
  RE: 63,
  RL: 46,
};

function SellingPage({
  result,
  checkout,
  locale,
}: {
  result: OfferResult;
  checkout: CheckoutView;
  locale: Locale;
}) {
  const price = formatMoney(checkout.price, locale);
  const note = priceNote[checkout.price.currency]({}, { locale });
  const latest = checkout.latestPayment;
  // The last payment ended without money (it may be retried), or is still open (paying
  // again closes it first).
  const retry = latest !== null && canBuyReport(latest.status);
  const open = latest?.status === "awaiting" ? latest : null;
  const cta = (testId: string) => (
    <AppLink
      screen="checkout"
      locale={locale}
      params={{ id: checkout.attemptId }}
      className="button button-primary button-large offer-cta"
      data-testid={testId}
    >
      {m.sell_cta({ price })}
    </AppLink>
  );
  return (
    <div className="offer" data-testid="offer" data-currency={checkout.price.currency}>
      <section className="offer-hero" data-section="0" aria-labelledby="offer-title">
        <div className="offer-hero-text">
          <p className="eyebrow">{m.sell_eyebrow()}</p>
          <h2 id="offer-title" className="offer-title">
            {m.sell_title()}
          </h2>
          <p className="offer-lead">{m.sell_lead()}</p>
        </div>
        <div className="offer-buy">
          <p className="offer-price" data-testid="offer-price">
            <span className="offer-price-amount">{price}</span>
            <span className="offer-price-note">{note}</span>
          </p>
          {cta("offer-cta")}
          <p className="offer-cta-note">{m.sell_cta_note()}</p>
          {retry ? (
            <p className="offer-retry" data-testid="offer-retry">
              {m.sell_retry_note()}
            </p>
          ) : null}
          {open ? <OpenPaymentNote payment={open} locale={locale} /> : null}
        </div>
      </section>

      <section className="offer-section" data-section="1" aria-labelledby="offer-includes">
        <h2 id="offer-includes" className="offer-section-title">
          {m.sell_includes_title()}
        </h2>
        <ul className="offer-features">
          <Feature
            icon={<SearchIcon />}
            title={m.sell_includes_percentile_title()}
            text={m.sell_includes_percentile_text()}
          />
          <Feature
            icon={<ListIcon />}
            title={m.sell_includes_categories_title()}
            text={m.sell_includes_categories_text()}
          />
          <Feature
            icon={<CheckCircleIcon />}
            title={m.sell_includes_strengths_title()}
            text={m.sell_includes_strengths_text()}
          />
          <Feature
            icon={<InfoIcon />}
            title={m.sell_includes_tips_title()}
            text={m.sell_includes_tips_text()}
          />
          <li className="offer-feature offer-ebooks card">
            <span className="offer-feature-icon tone-success">
              <BookIcon />
            </span>
            <h3>{m.sell_includes_ebooks_title()}</h3>
            <p>{m.sell_includes_ebooks_text()}</p>
            <ol className="offer-ebook-list" data-testid="offer-ebooks">
              {ebookSlugs.map((slug) => (
                <li key={slug}>{ebookTitles[slug]({}, { locale })}</li>
              ))}
            </ol>
          </li>
        </ul>
      </section>

      <section className="offer-section" data-section="2" aria-labelledby="offer-preview">
        <h2 id="offer-preview" className="offer-section-title">
          {m.sell_preview_title()}
        </h2>
        <p className="offer-section-text">{m.sell_preview_text()}</p>
        <div className="offer-preview card" data-testid="offer-preview">
          <div className="offer-preview-free">
            <div>
              <p className="result-score-label">{m.result_iq_label()}</p>
              <p className="offer-preview-iq">{result.iqLabel}</p>
            </div>
            <div>
              <p className="result-score-label">{m.result_band_label()}</p>
              <p className="offer-preview-band">{result.bandName}</p>
            </div>
          </div>
          <div className="offer-preview-percentiles">
            <LockedValue label={m.sell_preview_brazil()} />
            <LockedValue label={m.sell_preview_world()} />
          </div>
          <div className="offer-preview-areas">
            <p className="result-score-label">{m.sell_preview_categories()}</p>
            <ul className="offer-bars">
              {(Object.keys(placeholderBars) as QuestionCategory[]).map((area) => (
                <li key={area} className="offer-bar" data-testid="offer-locked-bar">
                  <span className="offer-bar-name">{areaNames[area]({}, { locale })}</span>
                  <span className="offer-bar-track" aria-hidden="true">
                    <span
                      className="offer-bar-fill"
                      style={{ width: `${placeholderBars[area]}%` }}
                    />
                  </span>
                  <span className="offer-lock-tag">
                    <LockIcon width={14} height={14} />
                    <span aria-hidden="true">{m.sell_preview_locked()}</span>
                    <span className="visually-hidden">{m.sell_preview_locked_value()}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <p className="offer-preview-honest">{m.sell_preview_honest()}</p>
        </div>
      </section>

      <section className="offer-section" data-section="3" aria-labelledby="offer-how">
        <h2 id="offer-how" className="offer-section-title">
          {m.sell_how_title()}
        </h2>
        <ol className="offer-steps">
          {[m.sell_how_step1, m.sell_how_step2, m.sell_how_step3].map((step, index) => (
            <li key={step({}, { locale })} className="offer-step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <p className="offer-step-text">{step()}</p>
            </li>
          ))}
        </ol>
        <h3 className="offer-subtitle">{m.sell_methods_title()}</h3>
        <PaymentMethods methods={checkout.methods} locale={locale} />
      </section>

      <div className="offer-section offer-pair">
        <section className="offer-promise card" data-section="4" aria-labelledby="offer-refund">
          <span className="offer-feature-icon tone-info">
            <ShieldIcon />
          </span>
          <h2 id="offer-refund" className="offer-card-title">
            {m.sell_refund_title()}
          </h2>
          <p>{m.sell_refund_text()}</p>
          <AppLink
            screen="termsOfUse"
            locale={locale}
            hash="payment"
            className="offer-link"
            data-testid="offer-terms"
          >
            {m.sell_refund_link()}
          </AppLink>
        </section>
        <section className="offer-promise card" data-section="5" aria-labelledby="offer-coupons">
          <span className="offer-feature-icon tone-success">
            <TicketIcon />
          </span>
          <h2 id="offer-coupons" className="offer-card-title">
            {m.sell_coupons_title()}
          </h2>
          <p>{m.sell_coupons_text()}</p>
        </section>
      </div>

      <section className="offer-final card" data-section="6" aria-labelledby="offer-final">
        <h2 id="offer-final" className="offer-final-title">
          {m.sell_final_title()}
        </h2>
        <p className="offer-final-text">{m.sell_final_text({ price })}</p>
        {cta("offer-final-cta")}
        <p className="offer-price-note">{note}</p>
      </section>
    </div>
  );
}

/** A payment started and not finished: where to follow it, and what paying again does. */
export function OpenPaymentNote({ payment, locale }: { payment: PaymentView; locale: Locale }) {
  const target = paymentPage(payment);
  return (
    <p className="offer-retry" data-testid="open-payment">
      {m.sell_open_note()}{" "}
      <AppLink screen={target.screen} locale={locale} params={target.params}>
        {m.sell_open_link()}
      </AppLink>
    </p>
  );
}

function Feature({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <li className="offer-feature card">
      <span className="offer-feature-icon tone-info">{icon}</span>
      <h3>{title}</h3>
      <p>{text}</p>
    </li>
  );
}

/** A value of the paid report, shown as locked: no number of the reader's is on the page. */
function LockedValue({ label }: { label: string }) {
  return (
    <div className="offer-locked" data-testid="offer-locked-value">
      <p className="result-score-label">{label}</p>
      <p className="offer-locked-value">
        <span className="offer-blur" aria-hidden="true">
          ••%
        </span>
        <span className="offer-lock-tag">
          <LockIcon width={14} height={14} />
          <span aria-hidden="true">{m.sell_preview_locked()}</span>
          <span className="visually-hidden">{m.sell_preview_locked_value()}</span>
        </span>
      </p>
    </div>
  );
}

const methodIcons: Record<CheckoutView["methods"][number], typeof CardIcon> = {
  card: CardIcon,
  pix: PixIcon,
  boleto: BarcodeIcon,
  wallets: PhoneIcon,
};

/** The methods a currency offers, each explained in words (checkout and selling page). */
export function PaymentMethods({
  methods,
  locale,
}: {
  methods: CheckoutView["methods"];
  locale: Locale;
}) {
  return (
    <ul className="offer-methods" data-testid="payment-methods">
      {methods.map((method) => {
        const MethodIcon = methodIcons[method];
        return (
          <li key={method} className="offer-method" data-method={method}>
            <span className="offer-method-icon" aria-hidden="true">
              <MethodIcon width={18} height={18} />
            </span>
            <span>
              <strong>{methodTexts[method].name({}, { locale })}</strong>
              <span className="offer-method-text">{methodTexts[method].text({}, { locale })}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
