import { ebookSlugs } from "../../core/ebooks/catalogue";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { CheckoutView, PaymentView } from "../../core/payments/checkout";
import { ebookTitles, formatMoney, methodTexts, priceNote } from "../../core/payments/payment-text";
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
  PhoneIcon,
  PixIcon,
  SearchIcon,
  ShieldIcon,
  TicketIcon,
} from "./icons";
import { OfferPreview, type OfferResult } from "./offer-preview";

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

/** What the report includes (section 1), before the e-books, which list their titles. */
const includes = [
  {
    key: "percentile",
    Icon: SearchIcon,
    title: m.sell_includes_percentile_title,
    text: m.sell_includes_percentile_text,
  },
  {
    key: "categories",
    Icon: ListIcon,
    title: m.sell_includes_categories_title,
    text: m.sell_includes_categories_text,
  },
  {
    key: "strengths",
    Icon: CheckCircleIcon,
    title: m.sell_includes_strengths_title,
    text: m.sell_includes_strengths_text,
  },
  {
    key: "tips",
    Icon: InfoIcon,
    title: m.sell_includes_tips_title,
    text: m.sell_includes_tips_text,
  },
] as const;

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
          <BrazilOffer checkout={checkout} locale={locale} className="offer-brazil" />
          {retry ? (
            <p className="offer-retry" data-testid="offer-retry">
              {m.sell_retry_note()}
            </p>
          ) : null}
          {open ? <OpenPaymentNote payment={open} locale={locale} /> : null}
        </div>
      </section>

      <OfferSection section="1" id="offer-includes" title={m.sell_includes_title()}>
        <ul className="offer-features">
          {includes.map((feature) => (
            <Feature
              key={feature.key}
              icon={<feature.Icon />}
              title={feature.title()}
              text={feature.text()}
            />
          ))}
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
      </OfferSection>

      <OfferSection section="2" id="offer-preview" title={m.sell_preview_title()}>
        <p className="offer-section-text">{m.sell_preview_text()}</p>
        <OfferPreview result={result} locale={locale} />
      </OfferSection>

      <OfferSection section="3" id="offer-how" title={m.sell_how_title()}>
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
      </OfferSection>

      <div className="offer-section offer-pair">
        <PromiseCard
          section="4"
          id="offer-refund"
          icon={<ShieldIcon />}
          tone="tone-info"
          title={m.sell_refund_title()}
          text={m.sell_refund_text()}
        >
          <AppLink
            screen="termsOfUse"
            locale={locale}
            hash="payment"
            className="offer-link"
            data-testid="offer-terms"
          >
            {m.sell_refund_link()}
          </AppLink>
        </PromiseCard>
        <PromiseCard
          section="5"
          id="offer-coupons"
          icon={<TicketIcon />}
          tone="tone-success"
          title={m.sell_coupons_title()}
          text={m.sell_coupons_text()}
        />
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

/** A numbered section of the selling page, named by its heading. */
function OfferSection({
  section,
  id,
  title,
  children,
}: {
  section: string;
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="offer-section" data-section={section} aria-labelledby={id}>
      <h2 id={id} className="offer-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One of the two promises side by side (sections 4 and 5): refunds, and coupons. */
function PromiseCard({
  section,
  id,
  icon,
  tone,
  title,
  text,
  children,
}: {
  section: string;
  id: string;
  icon: React.ReactNode;
  tone: "tone-info" | "tone-success";
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="offer-promise card" data-section={section} aria-labelledby={id}>
      <span className={`offer-feature-icon ${tone}`}>{icon}</span>
      <h2 id={id} className="offer-card-title">
        {title}
      </h2>
      <p>{text}</p>
      {children}
    </section>
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

/**
 * A dollar price seen from Brazil: the same report in reais, with Pix and boleto, one link
 * away (the checkout with `?currency=BRL`, ADR 0043). Nothing otherwise.
 */
export function BrazilOffer({
  checkout,
  locale,
  className,
}: {
  checkout: CheckoutView;
  locale: Locale;
  className: string;
}) {
  if (!checkout.brazilOffer) return null;
  return (
    <p className={className} data-testid="brazil-offer">
      {m.checkout_brazil_offer()}{" "}
      <AppLink
        screen="checkout"
        locale={locale}
        params={{ id: checkout.attemptId }}
        search="?currency=BRL"
        data-testid="brazil-offer-link"
      >
        {m.checkout_brazil_offer_link({ total: formatMoney(checkout.brazilOffer, locale) })}
      </AppLink>
    </p>
  );
}
