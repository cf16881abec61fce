import { Hono } from "hono";
import { z } from "zod";
import { isLocale, type Locale, localeInfo } from "../../../core/locales/locales";
import { encodeQr, qrPath } from "../../../core/qr/qr-code";
import { escapeHtml } from "../../../core/web/escape";
import type { AppEnv } from "../../app-env";
import { readFields } from "../../http/body";
import { transferOfSession } from "../../payments/stripe-transfer";
import { devPage } from "../page";
import {
  closeDispute,
  declineCard,
  expireSession,
  expireTransfer,
  failRefund,
  issueTransfer,
  openDispute,
  payByCard,
  refund,
  settleTransfer,
} from "./buyer-actions";
import type { LocalActionResult } from "./delivery";
import { type LocalPayAction, localPayActions } from "./page-actions";
import { findLocalSession, isPastExpiry, LocalActionRefused, type LocalSession } from "./sessions";
import {
  type LocalDeclineCode,
  localCheckoutSession,
  localDeclineCodes,
  localPayPath,
} from "./stripe-objects";
import { type PayTexts, payTexts } from "./texts";

/**
 * The local test provider's payment page (provider.ts): where the
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
  | "refund_failed"
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
    case "refund_failed":
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

function declineLabel(code: string, locale: Locale): string {
  const label = (localDeclineCodes as readonly string[]).includes(code)
    ? payTexts(locale).declines[code as LocalDeclineCode]
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
  return `<p><a href="${escapeHtml(returnUrl(session.successUrl, session.id))}" data-testid="back-to-shop">${escapeHtml(payTexts(locale).backToShop)}</a></p>`;
}

function paymentOptions(session: LocalSession, locale: Locale): string {
  const path = `${localPayPath}/${escapeHtml(session.id)}`;
  const options = localDeclineCodes
    .map((code) => `<option value="${code}">${escapeHtml(declineLabel(code, locale))}</option>`)
    .join("\n");
  const transfer =
    session.currency === "BRL"
      ? `<section class="card">
<h2>${escapeHtml(payTexts(locale).transferHeading)}</h2>
<p class="muted">${escapeHtml(payTexts(locale).transferHint)}</p>
<div class="actions">
${actionForm(session, "pix", payTexts(locale).payPix, "pay-pix")}
${actionForm(session, "boleto", payTexts(locale).payBoleto, "pay-boleto")}
</div>
</section>`
      : "";
  return `<section class="card">
<h2>${escapeHtml(payTexts(locale).cardHeading)}</h2>
<div class="actions">${actionForm(session, "pay_card", payTexts(locale).payCard, "pay-card", true)}</div>
<form method="post" action="${path}">
<input type="hidden" name="action" value="decline">
<label for="decline-reason">${escapeHtml(payTexts(locale).declineReasonLabel)}</label>
<select id="decline-reason" name="declineCode" data-testid="decline-reason">
${options}
</select>
<div class="actions"><button type="submit" data-testid="pay-decline">${escapeHtml(payTexts(locale).payDecline)}</button></div>
</form>
</section>
${transfer}
<section class="card">
<h2>${escapeHtml(payTexts(locale).leaveHeading)}</h2>
<div class="actions">
${actionForm(session, "cancel", payTexts(locale).cancel, "pay-cancel")}
${actionForm(session, "expire", payTexts(locale).expire, "pay-expire")}
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
    `<h2>${escapeHtml(payTexts(locale).afterPaymentHeading)}</h2><div class="actions">${buttons}</div>`;
  switch (state) {
    case "open":
      return `<div data-testid="pay-state" data-state="open" hidden></div>${paymentOptions(session, locale)}`;
    case "declined": {
      const code = session.afterPayment?.slice("declined:".length) ?? "";
      return `<section class="card" data-testid="pay-state" data-state="declined">
<div data-testid="decline-notice">
<h2>${escapeHtml(payTexts(locale).declinedTitle)}</h2>
<p>${escapeHtml(payTexts(locale).declinedReason({ reason: declineLabel(code, locale) }))}</p>
</div>
<p class="muted">${escapeHtml(payTexts(locale).declinedTryAgain)}</p>
${backToShop(session, locale)}
</section>
${paymentOptions(session, locale)}`;
    }
    case "past_expiry":
      return card(
        payTexts(locale).pastExpiry,
        "",
        `<div class="actions">${actionForm(session, "expire", payTexts(locale).expire, "pay-expire", true)}</div>`,
      );
    case "expired":
      return card(payTexts(locale).expiredTitle, "", backToShop(session, locale));
    case "awaiting_transfer":
      return card(
        payTexts(locale).awaitingTransferTitle({ method }),
        payTexts(locale).awaitingTransferText,
        `${pixCodeBlock(session, locale)}<div class="actions">
${actionForm(session, "settle", payTexts(locale).transferSettle({ method }), "transfer-settle", true)}
${actionForm(session, "transfer_expire", payTexts(locale).transferExpire({ method }), "transfer-expire")}
</div>
${backToShop(session, locale)}`,
      );
    case "transfer_expired":
      return card(
        payTexts(locale).transferExpiredTitle({ method }),
        "",
        backToShop(session, locale),
      );
    case "paid":
      return card(
        payTexts(locale).paidTitle,
        "",
        `${backToShop(session, locale)}
${afterPaymentActions(`${actionForm(session, "refund", payTexts(locale).refund, "payment-refund")}
${actionForm(session, "dispute_open", payTexts(locale).disputeOpen, "dispute-open")}`)}`,
      );
    case "disputed":
      return card(
        payTexts(locale).paidTitle,
        payTexts(locale).disputedText,
        `${backToShop(session, locale)}
${afterPaymentActions(`${actionForm(session, "dispute_won", payTexts(locale).disputeWon, "dispute-won")}
${actionForm(session, "dispute_lost", payTexts(locale).disputeLost, "dispute-lost")}`)}`,
      );
    case "refunded":
      return card(
        payTexts(locale).paidTitle,
        payTexts(locale).refundedText,
        `${backToShop(session, locale)}
${afterPaymentActions(actionForm(session, "refund_fail", payTexts(locale).refundFail, "refund-fail"))}`,
      );
    case "refund_failed":
    case "dispute_won":
    case "dispute_lost":
      return card(
        payTexts(locale).paidTitle,
        payTexts(locale)[settledTexts[state]],
        backToShop(session, locale),
      );
  }
}

/** A payment that nothing more can happen to: what became of it. */
const settledTexts = {
  refund_failed: "refundFailedText",
  dispute_won: "disputeWonText",
  dispute_lost: "disputeLostText",
} as const satisfies Partial<Record<PageState, keyof PayTexts>>;

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
<h1 data-testid="pay-banner">${escapeHtml(payTexts(locale).banner)}</h1>
<p class="muted">${escapeHtml(payTexts(locale).bannerNote)}</p>
<section class="card">
<div class="meta"><span>${escapeHtml(payTexts(locale).orderLabel)}: ${escapeHtml(session.orderId)}</span><span>${escapeHtml(session.id)}</span></div>
<h2>${escapeHtml(payTexts(locale).amountLabel)}: <span data-testid="pay-amount">${escapeHtml(money(session, locale))}</span></h2>
</section>
${content}
</div>`;
  return devPage(payTexts(locale).title, body, status);
}

function notFound(): Response {
  return devPage(
    payTexts("en").title,
    `<div class="card empty" data-testid="pay-not-found">${escapeHtml(payTexts("en").refusals.not_found)}</div>`,
    404,
  );
}

function refusedPage(session: LocalSession, text: string, status: 400 | 409): Response {
  const locale = localeOf(session);
  return payPage(
    session,
    `<section class="card" data-testid="action-refused">
<h2>${escapeHtml(payTexts(locale).refusedTitle)}</h2>
<p>${escapeHtml(text)}</p>
<p><a href="${localPayPath}/${escapeHtml(session.id)}">${escapeHtml(payTexts(locale).refusedBack)}</a></p>
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
    case "refund_fail":
      return { result: await failRefund(env, session.id), next: here };
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
    return refusedPage(session, payTexts(localeOf(session)).invalidForm, 400);
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
    return refusedPage(session, payTexts(localeOf(session)).refusals[error.reason], 409);
  }
});

/** A Pix code's QR as an SVG document (or inline element), black on white. */
function qrSvg(code: string, attributes = ""): string {
  const { d, side } = qrPath(encodeQr(code));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" ${attributes} shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

/**
 * The waiting Pix's code and its QR, drawn inline (the dev CSP allows no image from this
 * origin over http); nothing for a boleto.
 */
function pixCodeBlock(session: LocalSession, locale: Locale): string {
  const transfer = transferOfSession(localCheckoutSession(session, true));
  if (transfer?.method !== "pix") return "";
  return `<p>${escapeHtml(payTexts(locale).pixCode)}</p>
${qrSvg(transfer.code, 'width="200" height="200" role="img" aria-label="QR"')}
<p><code data-testid="pay-pix-code" style="word-break:break-all">${escapeHtml(transfer.code)}</code></p>
`;
}

/**
 * A waiting Pix code's QR image, the PaymentIntent's `image_url_svg` (stripe-objects.ts),
 * drawn here from the code: nothing is fetched from anyone
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md).
 */
localPay.get("/:sessionId/qr.svg", async (c) => {
  const session = await loadSession(c.env, c.req.param("sessionId"));
  const transfer = session ? transferOfSession(localCheckoutSession(session, true)) : null;
  if (transfer?.method !== "pix") return notFound();
  return new Response(qrSvg(transfer.code), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "no-store" },
  });
});
