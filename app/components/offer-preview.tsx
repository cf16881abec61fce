import type { QuestionCategory } from "../../core/items/questions";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { areaNames } from "../../core/payments/payment-text";
import { LockIcon } from "./icons";

/** What the free result shows of itself in the preview: nothing the report sells. */
export interface OfferResult {
  id: string;
  iqLabel: string;
  bandName: string;
}

/** Decorative widths of the locked bars: the same for everyone, never the reader's scores. */
const placeholderBars: Readonly<Record<QuestionCategory, number>> = {
  SM: 72,
  RA: 54,
  RE: 63,
  RL: 46,
};

/**
 * What the report would show (section 2): the free result as it is, and every value the
 * report sells locked.
 */
export function OfferPreview({ result, locale }: { result: OfferResult; locale: Locale }) {
  return (
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
                <span className="offer-bar-fill" style={{ width: `${placeholderBars[area]}%` }} />
              </span>
              <LockTag />
            </li>
          ))}
        </ul>
      </div>
      <p className="offer-preview-honest">{m.sell_preview_honest()}</p>
    </div>
  );
}

/** What the free preview shows in place of a value of the paid report. */
function LockTag() {
  return (
    <span className="offer-lock-tag">
      <LockIcon width={14} height={14} />
      <span aria-hidden="true">{m.sell_preview_locked()}</span>
      <span className="visually-hidden">{m.sell_preview_locked_value()}</span>
    </span>
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
        <LockTag />
      </p>
    </div>
  );
}
