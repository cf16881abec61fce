import { describe, expect, it } from "vitest";
import {
  advance,
  declineCodeDetails,
  mapSignal,
  type PaymentSignal,
  type PaymentState,
  paymentResult,
  paymentStatusDetails,
  rejectionDetail,
} from "./payment-machine";
import { type PaymentStatus, paymentStatuses } from "./payments";

const state = (status: PaymentStatus, statusDetail: PaymentState["statusDetail"] = null) => ({
  status,
  statusDetail,
});

describe("the spec's value lists", () => {
  it("has exactly the spec's statuses and status details", () => {
    expect([...paymentStatuses].sort()).toEqual(
      [
        "awaiting",
        "pending",
        "in_process",
        "in_mediation",
        "approved",
        "authorized",
        "charged_back",
        "refunded",
        "cancelled",
        "rejected",
        "failure",
      ].sort(),
    );
    expect(paymentStatusDetails).toHaveLength(19);
    expect(new Set(paymentStatusDetails).size).toBe(19);
  });
});

describe("SECURITY 22: provider signals to (status, statusDetail), one pure function", () => {
  const table: [PaymentSignal, PaymentState][] = [
    [{ kind: "buyer_returned" }, state("awaiting", "waiting_webhook_message")],
    [{ kind: "paid" }, state("approved", "accredited")],
    [{ kind: "authorized" }, state("authorized")],
    [{ kind: "awaiting_transfer" }, state("pending", "pending_waiting_transfer")],
    [{ kind: "processing", manualReview: false }, state("in_process", "pending_contingency")],
    [{ kind: "processing", manualReview: true }, state("in_process", "pending_review_manual")],
    [
      { kind: "declined", declineCode: "insufficient_funds" },
      state("rejected", "cc_rejected_insufficient_amount"),
    ],
    [{ kind: "declined", declineCode: null }, state("rejected", "cc_rejected_other_reason")],
    [{ kind: "cancelled_by_buyer" }, state("cancelled", "canceled_by_user")],
    [{ kind: "expired" }, state("cancelled")],
    [{ kind: "transfer_expired" }, state("cancelled")],
    [{ kind: "refunded" }, state("refunded")],
    [{ kind: "dispute_opened" }, state("in_mediation")],
    [{ kind: "dispute_won" }, state("approved", "accredited")],
    [{ kind: "dispute_lost" }, state("charged_back")],
    [{ kind: "provider_unreachable" }, state("failure")],
    [{ kind: "coupon_claimed" }, state("cancelled", "coupon_claimed")],
  ];
  it.each(table)("%o -> %o", (signal, expected) => {
    expect(mapSignal(signal)).toEqual(expected);
  });

  const declines: [string | null, string][] = [
    ["expired_card", "cc_rejected_bad_filled_date"],
    ["incorrect_cvc", "cc_rejected_bad_filled_security_code"],
    ["incorrect_number", "cc_rejected_bad_filled_other"],
    ["stolen_card", "cc_rejected_blacklist"],
    ["call_issuer", "cc_rejected_call_for_authorize"],
    ["card_not_supported", "cc_rejected_card_disabled"],
    ["duplicate_transaction", "cc_rejected_duplicated_payment"],
    ["fraudulent", "cc_rejected_high_risk"],
    ["insufficient_funds", "cc_rejected_insufficient_amount"],
    ["invalid_installments", "cc_rejected_invalid_installments"],
    ["card_velocity_exceeded", "cc_rejected_max_attempts"],
    ["generic_decline", "cc_rejected_other_reason"],
    ["toString", "cc_rejected_other_reason"],
    [null, "cc_rejected_other_reason"],
  ];
  it.each(declines)("decline code %s -> %s", (code, detail) => {
    expect(rejectionDetail(code)).toBe(detail);
  });

  it("maps every decline code to a spec detail, and every cc_rejected detail is reachable", () => {
    const details = new Set(Object.values(declineCodeDetails));
    for (const detail of details) expect(paymentStatusDetails).toContain(detail);
    const rejections = paymentStatusDetails.filter((d) => d.startsWith("cc_rejected_"));
    for (const detail of rejections) {
      if (detail !== "cc_rejected_other_reason") expect(details).toContain(detail);
    }
  });
});

describe("SECURITY 19: status only moves forward", () => {
  const paid: PaymentSignal = { kind: "paid" };
  it("a late or replayed event never moves approved back", () => {
    const approved = state("approved", "accredited");
    for (const signal of [
      { kind: "awaiting_transfer" },
      { kind: "processing", manualReview: false },
      { kind: "declined", declineCode: "expired_card" },
      { kind: "cancelled_by_buyer" },
      { kind: "expired" },
      { kind: "transfer_expired" },
      { kind: "buyer_returned" },
      { kind: "provider_unreachable" },
      { kind: "coupon_claimed" },
      paid,
    ] satisfies PaymentSignal[]) {
      expect(advance(approved, signal)).toBeNull();
    }
  });

  it("money received wins over every open or cancelled state", () => {
    for (const status of [
      "awaiting",
      "pending",
      "in_process",
      "rejected",
      "failure",
      "cancelled",
    ] as const) {
      expect(advance(state(status), paid)).toEqual(state("approved", "accredited"));
    }
  });

  it("refunds and disputes beat a completion that arrives after them", () => {
    expect(advance(state("refunded"), paid)).toBeNull();
    expect(advance(state("in_mediation"), paid)).toBeNull();
    expect(advance(state("charged_back"), paid)).toBeNull();
    expect(advance(state("awaiting"), { kind: "refunded" })).toEqual(state("refunded"));
    expect(advance(state("awaiting"), { kind: "dispute_opened" })).toEqual(state("in_mediation"));
  });

  it("refunds and lost disputes take an approved purchase away; a won dispute gives it back", () => {
    const approved = state("approved", "accredited");
    expect(advance(approved, { kind: "refunded" })).toEqual(state("refunded"));
    expect(advance(approved, { kind: "dispute_opened" })).toEqual(state("in_mediation"));
    expect(advance(state("in_mediation"), { kind: "dispute_lost" })).toEqual(state("charged_back"));
    expect(advance(state("in_mediation"), { kind: "dispute_won" })).toEqual(
      state("approved", "accredited"),
    );
    expect(advance(approved, { kind: "dispute_won" })).toBeNull();
    expect(advance(state("refunded"), { kind: "dispute_lost" })).toBeNull();
    expect(advance(state("charged_back"), { kind: "refunded" })).toBeNull();
  });

  it("a cancelled payment stays cancelled unless money arrives", () => {
    const cancelled = state("cancelled");
    expect(advance(cancelled, { kind: "declined", declineCode: null })).toBeNull();
    expect(advance(cancelled, { kind: "awaiting_transfer" })).toBeNull();
    expect(advance(cancelled, { kind: "expired" })).toBeNull();
  });

  it("a rejected card may be retried on the same checkout, then paid or pending", () => {
    const rejected = state("rejected", "cc_rejected_insufficient_amount");
    expect(advance(rejected, { kind: "declined", declineCode: "incorrect_cvc" })).toEqual(
      state("rejected", "cc_rejected_bad_filled_security_code"),
    );
    expect(advance(rejected, { kind: "awaiting_transfer" })).toEqual(
      state("pending", "pending_waiting_transfer"),
    );
    expect(advance(rejected, { kind: "declined", declineCode: "insufficient_funds" })).toBeNull();
  });

  it("the buyer's return and a provider failure only matter before anything was heard", () => {
    expect(advance(state("awaiting"), { kind: "buyer_returned" })).toEqual(
      state("awaiting", "waiting_webhook_message"),
    );
    expect(
      advance(state("awaiting", "waiting_webhook_message"), { kind: "buyer_returned" }),
    ).toBeNull();
    expect(
      advance(state("pending", "pending_waiting_transfer"), { kind: "buyer_returned" }),
    ).toBeNull();
    expect(advance(state("rejected"), { kind: "provider_unreachable" })).toBeNull();
    expect(advance(state("pending"), { kind: "coupon_claimed" })).toBeNull();
  });

  it("a pending transfer ends paid or cancelled", () => {
    const pending = state("pending", "pending_waiting_transfer");
    expect(advance(pending, paid)).toEqual(state("approved", "accredited"));
    expect(advance(pending, { kind: "transfer_expired" })).toEqual(state("cancelled"));
  });

  it("any order of a purchase's events ends in the same state", () => {
    const events: PaymentSignal[] = [
      { kind: "declined", declineCode: "insufficient_funds" },
      { kind: "awaiting_transfer" },
      paid,
      { kind: "dispute_opened" },
    ];
    const ends = new Set<string>();
    const permutations = (items: PaymentSignal[]): PaymentSignal[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, i) =>
            permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [
              item,
              ...rest,
            ]),
          );
    for (const order of permutations(events)) {
      let current: PaymentState = state("awaiting");
      for (const signal of [...order, ...order]) current = advance(current, signal) ?? current;
      ends.add(JSON.stringify(current));
    }
    expect([...ends]).toEqual([JSON.stringify(state("in_mediation"))]);
  });
});

describe("SECURITY 22: which result page a state leads to", () => {
  const table: [PaymentState, string | null][] = [
    [state("awaiting"), null],
    [state("awaiting", "waiting_webhook_message"), null],
    [state("approved", "accredited"), "success"],
    [state("pending", "pending_waiting_transfer"), "pending"],
    [state("in_process", "pending_contingency"), "pending"],
    [state("rejected", "cc_rejected_high_risk"), "failure"],
    [state("failure"), "failure"],
    [state("cancelled", "canceled_by_user"), "cancelled"],
    [state("cancelled"), "cancelled"],
    [state("cancelled", "coupon_claimed"), "failure"],
    [state("refunded"), "failure"],
  ];
  it.each(table)("%o -> %s", (s, result) => {
    expect(paymentResult(s)).toBe(result);
  });
});
