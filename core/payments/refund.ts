import type { Money } from "./checkout";

/**
 * Seven days to change your mind (issue 30.6, CDC art. 49;
 * docs/decisions/0045-seven-days-to-change-your-mind.md). Pure rules shared by the API and
 * the pages: the refund window and the Pix key a boleto buyer gives.
 */

/** Days after the payment's approval during which the buyer may withdraw. */
export const withdrawalDays = 7;

/** Business days the operator takes to send a boleto's refund by Pix. */
export const boletoRefundBusinessDays = 5;

/** São Paulo's offset from UTC (no daylight saving time since 2019). */
const saoPauloOffsetMs = -3 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * The last moment a refund may be asked for: the end (23:59:59.999, São Paulo time) of the
 * seventh calendar day after the day the payment was approved. The approval's day is day 0,
 * as the civil code counts a period (the first day left out, the last one in), so a buyer
 * always has seven whole days.
 */
export function refundDeadline(approvedAt: number): number {
  const localDayStart = Math.floor((approvedAt + saoPauloOffsetMs) / dayMs) * dayMs;
  return localDayStart + (withdrawalDays + 1) * dayMs - 1 - saoPauloOffsetMs;
}

/** Whether a payment approved at `approvedAt` may still be withdrawn from at `now`. */
export function withinRefundWindow(approvedAt: number, now: number): boolean {
  return now <= refundDeadline(approvedAt);
}

/** How a payment was paid, as the refund needs to know: the provider refunds card and Pix. */
export type PaidMethod = "card" | "pix" | "boleto";

/** What a buyer may still withdraw from: shown in 'My IQ tests' and on the report. */
export interface RefundOffer {
  paymentId: string;
  /** ISO time: the end of the window (`refundDeadline`). */
  until: string;
}

/** `GET /api/payments/{id}/refund`: what the confirm page shows. */
export interface RefundQuote {
  paymentId: string;
  attemptId: string;
  total: Money;
  method: PaidMethod;
  until: string;
  /** Boleto: business days until the Pix arrives. */
  businessDays: number;
}

/** `POST /api/payments/{id}/refund`: what was done. */
export interface RefundDone {
  paymentId: string;
  attemptId: string;
  total: Money;
  method: PaidMethod;
  /** `refunded`: the provider gives the money back; `requested`: the operator sends a Pix. */
  state: "refunded" | "requested";
  businessDays: number;
}

export type PixKeyType = "cpf" | "cnpj" | "email" | "phone" | "random";

export type PixKeyCheck =
  | { ok: true; type: PixKeyType; key: string }
  | { ok: false; problem: "required" | "invalid" | "checkDigit" };

function digitsOf(value: string): string {
  return value.replace(/[.\-/\s]/g, "");
}

/** Check digits of a CPF (11 digits) or CNPJ (14 digits), modulo 11. */
function checkDigitsValid(digits: string): boolean {
  if (/^(\d)\1+$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  const weights =
    digits.length === 11
      ? (length: number) => Array.from({ length }, (_, i) => length + 1 - i)
      : (length: number) =>
          Array.from({ length }, (_, i) => {
            const w = length - 7 - i;
            return w >= 2 ? w : w + 8;
          });
  for (const length of [digits.length - 2, digits.length - 1]) {
    const sum = weights(length).reduce((total, w, i) => total + w * (numbers[i] ?? 0), 0);
    const rest = sum % 11;
    const expected = rest < 2 ? 0 : 11 - rest;
    if (numbers[length] !== expected) return false;
  }
  return true;
}

const cpfWritten = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const cnpjWritten = /^(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{14})$/;
const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A Pix key as the Central Bank's DICT knows them: a CPF or CNPJ (punctuation allowed, check
 * digits checked), an e-mail (at most 77 characters), a Brazilian phone number with +55
 * (area code and 8 or 9 digits), or a random key (a UUID). Answers the key normalized.
 */
export function checkPixKey(input: string): PixKeyCheck {
  const value = input.trim();
  if (value === "") return { ok: false, problem: "required" };
  if (uuidPattern.test(value)) return { ok: true, type: "random", key: value.toLowerCase() };
  if (value.includes("@")) {
    return value.length <= 77 && emailPattern.test(value)
      ? { ok: true, type: "email", key: value.toLowerCase() }
      : { ok: false, problem: "invalid" };
  }
  if (value.startsWith("+")) {
    const phone = value.replace(/[\s()-]/g, "");
    return /^\+55[1-9]\d\d{8,9}$/.test(phone)
      ? { ok: true, type: "phone", key: phone }
      : { ok: false, problem: "invalid" };
  }
  const digits = digitsOf(value);
  if (/^\d{11}$/.test(digits) || /^\d{14}$/.test(digits)) {
    if (checkDigitsValid(digits)) {
      return { ok: true, type: digits.length === 11 ? "cpf" : "cnpj", key: digits };
    }
    // Written as a CPF or CNPJ: its digits are wrong. Eleven bare digits may as well be a
    // phone number without +55: the general message names every kind of key.
    const writtenAsDocument = cpfWritten.test(value) || cnpjWritten.test(value);
    return { ok: false, problem: writtenAsDocument ? "checkDigit" : "invalid" };
  }
  return { ok: false, problem: "invalid" };
}

/** Easter Sunday of a Gregorian year (the anonymous algorithm, Meeus 1991), as UTC midnight. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/**
 * The national days Brazil's banks do not open (Banco Central's calendar): the national
 * holidays (Consciência Negra on 20 November since Lei 14.759/2023), Carnival's Monday and
 * Tuesday, Good Friday and Corpus Christi. State and city holidays are not counted.
 */
const fixedBankHolidays = ["01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "12-25"];

export function isBankHoliday(day: number): boolean {
  const date = new Date(day);
  const year = date.getUTCFullYear();
  const monthDay = date.toISOString().slice(5, 10);
  if (fixedBankHolidays.includes(monthDay)) return true;
  if (monthDay === "11-20" && year >= 2024) return true;
  const easter = easterSunday(year);
  return [-48, -47, -2, 60].some((offset) => easter + offset * dayMs === day);
}

/**
 * The São Paulo calendar day `businessDays` business days after `from`, weekends and the
 * national bank holidays left out: the day by which a boleto's (or a failed) refund is sent.
 * ISO date, `YYYY-MM-DD`.
 */
export function businessDaysLater(from: number, businessDays: number): string {
  let day = Math.floor((from + saoPauloOffsetMs) / dayMs) * dayMs;
  let left = businessDays;
  while (left > 0) {
    day += dayMs;
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isBankHoliday(day)) left -= 1;
  }
  return new Date(day).toISOString().slice(0, 10);
}

/** The window's end as a reader of the language writes it, on São Paulo's calendar. */
export function formatRefundDeadline(until: string, locale: "en" | "pt-br"): string {
  return new Intl.DateTimeFormat(locale === "pt-br" ? "pt-BR" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Sao_Paulo",
  }).format(new Date(until));
}

/** What a buyer may withdraw from now: an approved payment within its window, else null. */
export function refundOffer(
  payment: { id: string; status: string; approvedAt: number | null },
  now: number,
): RefundOffer | null {
  const { approvedAt } = payment;
  if (payment.status !== "approved" || approvedAt === null) return null;
  if (!withinRefundWindow(approvedAt, now)) return null;
  return { paymentId: payment.id, until: new Date(refundDeadline(approvedAt)).toISOString() };
}
