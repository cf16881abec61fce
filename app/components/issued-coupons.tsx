import { useState } from "react";
import { formatTestDate } from "../../core/attempts/attempts-list";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import type { IssuedCoupon } from "../../core/payments/checkout";
import { localizePath } from "../../core/web/route-table";
import { useHydrated, useTimeZone } from "../lib/use-time-zone";
import { CopyIcon, ShareIcon, TicketIcon } from "./icons";

/**
 * The two share coupons a paid report issued (the buyer's and the one to share), each with
 * copy and share actions once the page is hydrated: the payment success page and the
 * report's thanks section show them (docs/decisions/0019-payment-screens.md).
 */
export function CouponList({ coupons, locale }: { coupons: IssuedCoupon[]; locale: Locale }) {
  return (
    <ul className="coupon-list">
      {coupons.map((coupon) => (
        <CouponCard key={coupon.code} coupon={coupon} locale={locale} />
      ))}
    </ul>
  );
}

type Feedback = "copied" | "shareCopied" | "failed" | null;

function CouponCard({ coupon, locale }: { coupon: IssuedCoupon; locale: Locale }) {
  const hydrated = useHydrated();
  const timeZone = useTimeZone();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const expires = coupon.expiresAt
    ? m.payresult_coupon_expires({ date: formatTestDate(coupon.expiresAt, locale, timeZone) })
    : m.payresult_coupon_no_expiry();

  async function copy(text: string, done: Feedback) {
    try {
      await navigator.clipboard.writeText(text);
      setFeedback(done);
    } catch {
      setFeedback("failed");
    }
  }

  async function share() {
    const url = new URL(localizePath("home", locale), window.location.origin).href;
    const text = m.payresult_share_text({ code: coupon.code, percent: coupon.percent, url });
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ text });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await copy(text, "shareCopied");
  }

  return (
    <li className="coupon-card" data-testid="issued-coupon" data-audience={coupon.audience}>
      <span className="offer-feature-icon tone-success">
        <TicketIcon />
      </span>
      <div className="coupon-body">
        <p className="coupon-audience">
          {coupon.audience === "buyer" ? m.payresult_coupon_buyer() : m.payresult_coupon_friend()}
          <span className="coupon-percent">
            {m.payresult_coupon_percent({ percent: coupon.percent })}
          </span>
        </p>
        <p className="coupon-code" data-testid="coupon-code">
          {coupon.code}
        </p>
        <p className="coupon-expiry">{expires}</p>
      </div>
      {hydrated ? (
        <div className="coupon-actions">
          <button
            type="button"
            className="button button-ghost button-xs"
            onClick={() => void copy(coupon.code, "copied")}
            data-testid="coupon-copy"
          >
            <CopyIcon width={16} height={16} />
            {m.payresult_copy()}
          </button>
          <button
            type="button"
            className="button button-ghost button-xs"
            onClick={() => void share()}
            data-testid="coupon-share"
          >
            <ShareIcon width={16} height={16} />
            {m.payresult_share()}
          </button>
        </div>
      ) : null}
      <p className="coupon-feedback" aria-live="polite">
        {feedback === "copied"
          ? m.payresult_copied()
          : feedback === "shareCopied"
            ? m.payresult_share_copied()
            : feedback === "failed"
              ? m.payresult_copy_failed()
              : ""}
      </p>
    </li>
  );
}
