import { useEffect, useId, useState } from "react";
import { formatTestDate } from "../../core/attempts/attempts-list";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import {
  type BoletoInstructions,
  countdownText,
  msLeft,
  type PixInstructions,
  type TransferInstructions,
} from "../../core/payments/transfer";
import { useHydrated, useTimeZone } from "../lib/use-time-zone";
import { CopyIcon } from "./icons";

/**
 * What a buyer needs to pay a pending Pix or boleto, on the pending page
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md): the Pix QR code (drawn on
 * the server from the code), the copy-and-paste code with a Copy button and a countdown to
 * its expiry; the boleto's number and a link to its voucher.
 */
export function TransferInstructionsCard({
  transfer,
  qr,
  now,
  total,
  locale,
}: {
  transfer: TransferInstructions;
  qr: { d: string; side: number } | null;
  /** The server's clock when the page was made: the countdown starts from it (no mismatch). */
  now: number;
  total: string;
  locale: Locale;
}) {
  return transfer.method === "pix" ? (
    <PixCard pix={transfer} qr={qr} now={now} total={total} />
  ) : (
    <BoletoCard boleto={transfer} locale={locale} />
  );
}

function PixCard({
  pix,
  qr,
  now,
  total,
}: {
  pix: PixInstructions;
  qr: { d: string; side: number } | null;
  now: number;
  total: string;
}) {
  const left = useCountdown(pix.expiresAt, now);
  const expired = left === 0;
  return (
    <div className="transfer-card" data-testid="transfer" data-method="pix">
      <h2 className="offer-card-title">{m.transfer_pix_title()}</h2>
      {expired ? (
        <p className="checkout-problem tone-warning" role="alert" data-testid="transfer-expired">
          {m.transfer_pix_expired()}
        </p>
      ) : (
        <>
          <p className="transfer-text">{m.transfer_pix_steps()}</p>
          {qr ? (
            <svg
              className="transfer-qr"
              viewBox={`0 0 ${qr.side} ${qr.side}`}
              role="img"
              aria-label={m.transfer_pix_qr_label({ total })}
              shapeRendering="crispEdges"
              data-testid="transfer-qr"
            >
              <rect width={qr.side} height={qr.side} fill="#fff" />
              <path d={qr.d} fill="#000" />
            </svg>
          ) : null}
          <CopyField label={m.transfer_pix_code_label()} value={pix.code} testId="transfer-code" />
          <p className="transfer-countdown" role="timer" data-testid="transfer-countdown">
            {m.transfer_pix_expires_in({ time: countdownText(left) })}
          </p>
          {pix.instructionsUrl ? (
            <p className="transfer-text">
              <a href={pix.instructionsUrl} target="_blank" rel="noopener noreferrer">
                {m.transfer_pix_instructions()}
              </a>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function BoletoCard({ boleto, locale }: { boleto: BoletoInstructions; locale: Locale }) {
  const timeZone = useTimeZone();
  return (
    <div className="transfer-card" data-testid="transfer" data-method="boleto">
      <h2 className="offer-card-title">{m.transfer_boleto_title()}</h2>
      <p className="transfer-text">
        {boleto.expiresAt
          ? m.transfer_boleto_text({ date: formatTestDate(boleto.expiresAt, locale, timeZone) })
          : m.transfer_boleto_text_no_date()}
      </p>
      {boleto.number ? (
        <CopyField
          label={m.transfer_boleto_number_label()}
          value={boleto.number}
          testId="transfer-code"
        />
      ) : null}
      <p>
        <a
          className="button button-primary"
          href={boleto.voucherUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="transfer-voucher"
        >
          {m.transfer_boleto_open()}
        </a>
      </p>
    </div>
  );
}

/** A read-only code on one line (it scrolls, never wraps) and, once hydrated, Copy. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [feedback, setFeedback] = useState<"copied" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setFeedback("copied");
    } catch {
      setFeedback("failed");
    }
  }
  return (
    <div className="transfer-copy">
      <label className="transfer-label" htmlFor={id}>
        {label}
      </label>
      <div className="transfer-copy-row">
        <input
          id={id}
          className="transfer-code"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button-primary button-xs transfer-copy-button"
            onClick={() => void copy()}
            data-testid="transfer-copy"
          >
            <CopyIcon width={16} height={16} />
            {m.payresult_copy()}
          </button>
        ) : null}
      </div>
      <p className="coupon-feedback" aria-live="polite" data-testid="transfer-copy-feedback">
        {feedback === "copied"
          ? m.payresult_copied()
          : feedback === "failed"
            ? m.payresult_copy_failed()
            : ""}
      </p>
    </div>
  );
}

/** Milliseconds left before `expiresAt`, from the server's `now` until hydrated, then live. */
function useCountdown(expiresAt: string, now: number): number {
  const [clock, setClock] = useState(now);
  useEffect(() => {
    setClock(Date.now());
    const timer = window.setInterval(() => setClock(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return msLeft(expiresAt, clock);
}
