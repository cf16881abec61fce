import { Hono } from "hono";
import { z } from "zod";
import { isLocale, type Locale, localeInfo } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { type LocalPayAction, localPayActions } from "../../core/payments/local-pay";
import { escapeHtml } from "../../core/web/escape";
import type { AppEnv } from "../app-env";
import { readFields } from "../http/body";
import {
  closeDispute,
  declineCard,
  expireSession,
  expireTransfer,
  findLocalSession,
  isPastExpiry,
  issueTransfer,
  LocalActionRefused,
  type LocalActionResult,
  type LocalDeclineCode,
  type LocalRefusal,
  type LocalSession,
  localDeclineCodes,
  localPayPath,
  openDispute,
  payByCard,
  refund,
  settleTransfer,
} from "../payments/local-provider";
import { devPage } from "./page";

/**
 * The local test provider's payment page (worker/payments/local-provider.ts): where the
 * buyer "pays" when no Stripe keys are configured. It stands in for Stripe's hosted
 * Checkout, in the session's language, without scripts (the dev CSP forbids them): each
 * button is a form that POSTs an action, which updates the session, delivers the events
 * Stripe would send through the real webhook handler and answers a 303, as Stripe's page
 * would send the buyer on. Development only, like every /_dev route.
 */
export const localPay = new Hono<AppEnv>();

const sessionIdSchema = z.string().regex(/^cs_test_local_[A-Za-z0-9]{1,64}$/);

const actionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("decline"), declineCode: z.enum(localDeclineCodes) }),
  z.object({ action: z.enum(localPayActions.filter((action) => action !== "decline")) }),
]);

/** What the page shows, from the session row. */
export type PageState =
  | "open"
  | "declined"
  | "past_expiry"
  | "expired"
  | "awaiting_transfer"
  | "transfer_expired"
  | "paid"
  | "refunded"
  | "disputed"
  | "dispute_won"
  | "dispute_lost";

export function pageState(session: LocalSession, now = Date.now()): PageState {
  if (session.status === "expired") return "expired";
  if (session.status === "open") {
    if (isPastExpiry(session, now)) return "past_expiry";
    return session.afterPayment?.startsWith("declined:") ? "declined" : "open";
  }
  if (session.paymentStatus === "unpaid") {
    return session.afterPayment === "transfer_expired" ? "transfer_expired" : "awaiting_transfer";
  }
  switch (session.afterPayment) {
    case "refunded":
    case "disputed":
    case "dispute_won":
    case "dispute_lost":
      return session.afterPayment;
    default:
      return "paid";
  }
}

function localeOf(session: LocalSession): Locale {
  return isLocale(session.locale) ? session.locale : "en";
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in the return URLs. */
function returnUrl(url: string, sessionId: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", sessionId);
}

const declineLabels: Record<LocalDeclineCode, (locale: Locale) => string> = {
  insufficient_funds: (locale) => m.devpay_decline_insufficient_funds({}, { locale }),
  incorrect_cvc: (locale) => m.devpay_decline_incorrect_cvc({}, { locale }),
  expired_card: (locale) => m.devpay_decline_expired_card({}, { locale }),
  incorrect_number: (locale) => m.devpay_decline_incorrect_number({}, { locale }),
  call_issuer: (locale) => m.devpay_decline_call_issuer({}, { locale }),
  card_not_supported: (locale) => m.devpay_decline_card_not_supported({}, { locale }),
  lost_card: (locale) => m.devpay_decline_lost_card({}, { locale }),
  fraudulent: (locale) => m.devpay_decline_fraudulent({}, { locale }),
  duplicate_transaction: (locale) => m.devpay_decline_duplicate_transaction({}, { locale }),
  card_velocity_exceeded: (locale) => m.devpay_decline_card_velocity_exceeded({}, { locale }),
  invalid_installments: (locale) => m.devpay_decline_invalid_installments({}, { locale }),
  generic_decline: (locale) => m.devpay_decline_generic_decline({}, { locale }),
};

const refusalTexts: Record<LocalRefusal, (locale: Locale) => string> = {
  not_found: (locale) => m.devpay_refused_not_found({}, { locale }),
  not_open: (locale) => m.devpay_refused_not_open({}, { locale }),
  checkout_expired: (locale) => m.devpay_refused_checkout_expired({}, { locale }),
  not_brl: (locale) => m.devpay_refused_not_brl({}, { locale }),
  not_awaiting_transfer: (locale) => m.devpay_refused_not_awaiting_transfer({}, { locale }),
  not_paid: (locale) => m.devpay_refused_not_paid({}, { locale }),
  already_after_payment: (locale) => m.devpay_refused_already_after_payment({}, { locale }),
  not_disputed: (locale) => m.devpay_refused_not_disputed({}, { locale }),
};

function declineLabel(code: string, locale: Locale): string {
  const label = (localDeclineCodes as readonly string[]).includes(code)
    ? declineLabels[code as LocalDeclineCode](locale)
    : code;
  return `${label} (${code})`;
}

function money(session: LocalSession, locale: Locale): string {
  return new Intl.NumberFormat(localeInfo[locale].iso, {
    style: "currency",
    currency: session.currency,
  }).format(session.amountCents / 100);
}

function transferName(session: LocalSession): string {
  return session.method === "pix" ? "Pix" : "boleto";
}

/** One button in its own form: the action and, for a decline, the chosen reason. */
function actionForm(
  session: LocalSession,
  action: LocalPayAction,
  label: string,
  testId: string,
  primary = false,
): string {
  return `<form method="post" action="${localPayPath}/${escapeHtml(session.id)}">
<input type="hidden" name="action" value="${action}">
<button type="submit"${primary ? ' class="primary"' : ""} data-testid="${testId}">${escapeHtml(label)}</button>
</form>`;
}

function backToShop(session: LocalSession, locale: Locale): string {
  return `<p><a href="${escapeHtml(returnUrl(session.successUrl, session.id))}" data-testid="back-to-shop">${escapeHtml(m.devpay_back_to_shop({}, { locale }))}</a></p>`;
}

function paymentOptions(session: LocalSession, locale: Locale): string {
  const path = `${localPayPath}/${escapeHtml(session.id)}`;
  const options = localDeclineCodes
    .map((code) => `<option value="${code}">${escapeHtml(declineLabel(code, locale))}</option>`)
    .join("\n");
  const transfer =
    session.currency === "BRL"
      ? `<section class="card">
<h2>${escapeHtml(m.devpay_transfer_heading({}, { locale }))}</h2>
<p class="muted">${escapeHtml(m.devpay_transfer_hint({}, { locale }))}</p>
<div class="actions">
${actionForm(session, "pix", m.devpay_pay_pix({}, { locale }), "pay-pix")}
${actionForm(session, "boleto", m.devpay_pay_boleto({}, { locale }), "pay-boleto")}
</div>
</section>`
      : "";
  return `<section class="card">
<h2>${escapeHtml(m.devpay_card_heading({}, { locale }))}</h2>
<div class="actions">${actionForm(session, "pay_card", m.devpay_pay_card({}, { locale }), "pay-card", true)}</div>
<form method="post" action="${path}">
<input type="hidden" name="action" value="decline">
<label for="decline-reason">${escapeHtml(m.devpay_decline_reason_label({}, { locale }))}</label>
<select id="decline-reason" name="declineCode" data-testid="decline-reason">
${options}
</select>
<div class="actions"><button type="submit" data-testid="pay-decline">${escapeHtml(m.devpay_pay_decline({}, { locale }))}</button></div>
</form>
</section>
${transfer}
<section class="card">
<h2>${escapeHtml(m.devpay_leave_heading({}, { locale }))}</h2>
<div class="actions">
${actionForm(session, "cancel", m.devpay_cancel({}, { locale }), "pay-cancel")}
${actionForm(session, "expire", m.devpay_expire({}, { locale }), "pay-expire")}
</div>
</section>`;
}

function stateSection(session: LocalSession, state: PageState, locale: Locale): string {
  const method = transferName(session);
  const card = (title: string, text = "", extra = "") =>
    `<section class="card" data-testid="pay-state" data-state="${state}">
<h2>${escapeHtml(title)}</h2>
${text ? `<p>${escapeHtml(text)}</p>` : ""}
${extra}
</section>`;
  const afterPaymentActions = (buttons: string) =>
    `<h2>${escapeHtml(m.devpay_after_payment_heading({}, { locale }))}</h2><div class="actions">${buttons}</div>`;
  switch (state) {
    case "open":
      return `<div data-testid="pay-state" data-state="open" hidden></div>${paymentOptions(session, locale)}`;
    case "declined": {
      const code = session.afterPayment?.slice("declined:".length) ?? "";
      return `<section class="card" data-testid="pay-state" data-state="declined">
<div data-testid="decline-notice">
<h2>${escapeHtml(m.devpay_declined_title({}, { locale }))}</h2>
<p>${escapeHtml(m.devpay_declined_reason({ reason: declineLabel(code, locale) }, { locale }))}</p>
</div>
<p class="muted">${escapeHtml(m.devpay_declined_try_again({}, { locale }))}</p>
${backToShop(session, locale)}
</section>
${paymentOptions(session, locale)}`;
    }
    case "past_expiry":
      return card(
        m.devpay_past_expiry({}, { locale }),
        "",
        `<div class="actions">${actionForm(session, "expire", m.devpay_expire({}, { locale }), "pay-expire", true)}</div>`,
      );
    case "expired":
      return card(m.devpay_expired_title({}, { locale }), "", backToShop(session, locale));
    case "awaiting_transfer":
      return card(
        m.devpay_awaiting_transfer_title({ method }, { locale }),
        m.devpay_awaiting_transfer_text({}, { locale }),
        `<div class="actions">
${actionForm(session, "settle", m.devpay_transfer_settle({ method }, { locale }), "transfer-settle", true)}
${actionForm(session, "transfer_expire", m.devpay_transfer_expire({ method }, { locale }), "transfer-expire")}
</div>
${backToShop(session, locale)}`,
      );
    case "transfer_expired":
      return card(
        m.devpay_transfer_expired_title({ method }, { locale }),
        "",
        backToShop(session, locale),
      );
    case "paid":
      return card(
        m.devpay_paid_title({}, { locale }),
        "",
        `${backToShop(session, locale)}
${afterPaymentActions(`${actionForm(session, "refund", m.devpay_refund({}, { locale }), "payment-refund")}
${actionForm(session, "dispute_open", m.devpay_dispute_open({}, { locale }), "dispute-open")}`)}`,
      );
    case "disputed":
      return card(
        m.devpay_paid_title({}, { locale }),
        m.devpay_disputed_text({}, { locale }),
        `${backToShop(session, locale)}
${afterPaymentActions(`${actionForm(session, "dispute_won", m.devpay_dispute_won({}, { locale }), "dispute-won")}
${actionForm(session, "dispute_lost", m.devpay_dispute_lost({}, { locale }), "dispute-lost")}`)}`,
      );
    case "refunded":
      return card(
        m.devpay_paid_title({}, { locale }),
        m.devpay_refunded_text({}, { locale }),
        backToShop(session, locale),
      );
    case "dispute_won":
      return card(
        m.devpay_paid_title({}, { locale }),
        m.devpay_dispute_won_text({}, { locale }),
        backToShop(session, locale),
      );
    case "dispute_lost":
      return card(
        m.devpay_paid_title({}, { locale }),
        m.devpay_dispute_lost_text({}, { locale }),
        backToShop(session, locale),
      );
  }
}

/** What devPage's styles do not cover: one form per button, and the reason picker. */
const styles = `<style>
.actions form { flex: 1; display: flex; }
select { width: 100%; padding: 10px 12px; border-radius: 8px; border: 1px solid #343a4c; background: #0f1117; color: inherit; font: inherit; }
</style>`;

/** The page's frame: the TEST banner, the amount, then `content`. */
function payPage(session: LocalSession, content: string, status = 200): Response {
  const locale = localeOf(session);
  const body = `${styles}
<div lang="${localeInfo[locale].iso}">
<h1 data-testid="pay-banner">${escapeHtml(m.devpay_banner({}, { locale }))}</h1>
<p class="muted">${escapeHtml(m.devpay_banner_note({}, { locale }))}</p>
<section class="card">
<div class="meta"><span>${escapeHtml(m.devpay_order_label({}, { locale }))}: ${escapeHtml(session.orderId)}</span><span>${escapeHtml(session.id)}</span></div>
<h2>${escapeHtml(m.devpay_amount_label({}, { locale }))}: <span data-testid="pay-amount">${escapeHtml(money(session, locale))}</span></h2>
</section>
${content}
</div>`;
  return devPage(m.devpay_title({}, { locale }), body, status);
}

function notFound(): Response {
  return devPage(
    m.devpay_title({}, { locale: "en" }),
    `<div class="card empty" data-testid="pay-not-found">${escapeHtml(m.devpay_refused_not_found({}, { locale: "en" }))}</div>`,
    404,
  );
}

function refusedPage(session: LocalSession, text: string, status: 400 | 409): Response {
  const locale = localeOf(session);
  return payPage(
    session,
    `<section class="card" data-testid="action-refused">
<h2>${escapeHtml(m.devpay_refused_title({}, { locale }))}</h2>
<p>${escapeHtml(text)}</p>
<p><a href="${localPayPath}/${escapeHtml(session.id)}">${escapeHtml(m.devpay_refused_back({}, { locale }))}</a></p>
</section>`,
    status,
  );
}

async function loadSession(env: Env, sessionId: string): Promise<LocalSession | null> {
  if (!sessionIdSchema.safeParse(sessionId).success) return null;
  return findLocalSession(env, sessionId);
}

localPay.get("/:sessionId", async (c) => {
  const session = await loadSession(c.env, c.req.param("sessionId"));
  if (!session) return notFound();
  return payPage(session, stateSection(session, pageState(session), localeOf(session)));
});

/** Runs one action; where the buyer goes next, as Stripe's page would send them. */
async function perform(
  env: Env,
  session: LocalSession,
  form: z.infer<typeof actionSchema>,
): Promise<{ result: LocalActionResult | null; next: string }> {
  const here = `${localPayPath}/${session.id}`;
  const success = returnUrl(session.successUrl, session.id);
  switch (form.action) {
    case "pay_card":
      return { result: await payByCard(env, session.id), next: success };
    case "decline":
      return { result: await declineCard(env, session.id, form.declineCode), next: here };
    case "pix":
    case "boleto":
      // The buyer goes back to the shop while the transfer is pending.
      return { result: await issueTransfer(env, session.id, form.action), next: success };
    case "cancel":
      // Stripe sends no event when the buyer leaves: the checkout stays open until it expires.
      if (session.status !== "open") throw new LocalActionRefused("not_open");
      return { result: null, next: returnUrl(session.cancelUrl, session.id) };
    case "expire":
      if (session.status !== "open") throw new LocalActionRefused("not_open");
      return { result: await expireSession(env, session.id), next: here };
    case "settle":
      return { result: await settleTransfer(env, session.id), next: here };
    case "transfer_expire":
      return { result: await expireTransfer(env, session.id), next: here };
    case "refund":
      return { result: await refund(env, session.id), next: here };
    case "dispute_open":
      return { result: await openDispute(env, session.id), next: here };
    case "dispute_won":
      return { result: await closeDispute(env, session.id, "won"), next: here };
    case "dispute_lost":
      return { result: await closeDispute(env, session.id, "lost"), next: here };
  }
}

localPay.post("/:sessionId", async (c) => {
  const session = await loadSession(c.env, c.req.param("sessionId"));
  if (!session) return notFound();
  const parsed = actionSchema.safeParse(await readFields(c.req.raw));
  if (!parsed.success) {
    return refusedPage(session, m.devpay_invalid_form({}, { locale: localeOf(session) }), 400);
  }
  try {
    const { result, next } = await perform(c.env, session, parsed.data);
    for (const { event, answer } of result?.deliveries ?? []) {
      if (answer.status !== 200) {
        // The session moved anyway, as Stripe's would; the shop did not take the event.
        console.warn(`local provider: the webhook refused ${event.type} ${event.id}`, answer.body);
      }
    }
    return c.redirect(next, 303);
  } catch (error) {
    if (!(error instanceof LocalActionRefused)) throw error;
    return refusedPage(session, refusalTexts[error.reason](localeOf(session)), 409);
  }
});
