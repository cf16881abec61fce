import * as m from "../../../core/paraglide/messages";

/**
 * The coupon and its Apply button. Enter in the field applies the coupon: Apply is the
 * form's first submit button.
 */
export function CouponField({
  defaultValue,
  error,
  busy,
}: {
  defaultValue: string;
  error: string | null;
  busy: boolean;
}) {
  return (
    <div className="field" data-invalid={error ? "true" : undefined}>
      <label className="field-label" htmlFor="checkout-coupon">
        {m.checkout_coupon_label()}
      </label>
      <div className="checkout-coupon-row">
        <input
          id="checkout-coupon"
          name="coupon"
          className="input input-md"
          defaultValue={defaultValue}
          // A new answer from the server (another quote, an error) shows what was sent.
          key={defaultValue}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "checkout-coupon-error" : "checkout-coupon-hint"}
          data-testid="checkout-coupon"
        />
        <button
          type="submit"
          name="intent"
          value="coupon"
          className="button button-ghost"
          data-testid="checkout-apply"
          disabled={busy}
        >
          {busy ? m.checkout_apply_busy() : m.checkout_coupon_apply()}
        </button>
      </div>
      {error ? (
        <p
          className="field-error"
          id="checkout-coupon-error"
          role="alert"
          data-testid="checkout-coupon-error"
        >
          {error}
        </p>
      ) : (
        <p className="field-hint" id="checkout-coupon-hint">
          {m.checkout_coupon_hint()}
        </p>
      )}
    </div>
  );
}
