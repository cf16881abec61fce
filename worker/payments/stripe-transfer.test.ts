import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { ProviderUnavailableError } from "./provider";
import { createStripeProvider } from "./stripe";

/**
 * The Stripe adapter's `readTransfer` (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md):
 * the session is read with its PaymentIntent expanded, and `next_action` is mapped. Only the
 * network is fake; the answers are shaped as Stripe's API reference shows them.
 */

function stripeAnswering(answer: () => Response) {
  const paths: string[] = [];
  const fakeFetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    paths.push(`${url.pathname}?${url.searchParams}`);
    return answer();
  };
  const provider = createStripeProvider({
    secretKey: "sk_test_51FakeKeyForTheTransferTestsOnly",
    webhookSecret: "whsec_test_transfer",
    httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch),
    timeoutMs: 200,
  });
  return { provider, paths };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function completedUnpaid(nextAction: Record<string, unknown> | null, status = "requires_action") {
  return {
    id: "cs_test_transfer",
    object: "checkout.session",
    status: "complete",
    payment_status: "unpaid",
    payment_intent: {
      id: "pi_test_transfer",
      object: "payment_intent",
      status,
      next_action: nextAction,
    },
  };
}

describe("Stripe readTransfer", () => {
  it("maps pix_display_qr_code: data, expires_at, hosted_instructions_url", async () => {
    const { provider, paths } = stripeAnswering(() =>
      json(
        200,
        completedUnpaid({
          type: "pix_display_qr_code",
          pix_display_qr_code: {
            data: "00020101021226830014br.gov.bcb.pix...6304ABCD",
            expires_at: 1_795_000_000,
            hosted_instructions_url: "https://payments.stripe.com/pix/instructions/x",
            image_url_png: "https://qr.stripe.com/x.png",
            image_url_svg: "https://qr.stripe.com/x.svg",
          },
        }),
      ),
    );
    expect(await provider.readTransfer("cs_test_transfer")).toEqual({
      method: "pix",
      code: "00020101021226830014br.gov.bcb.pix...6304ABCD",
      expiresAt: new Date(1_795_000_000_000).toISOString(),
      instructionsUrl: "https://payments.stripe.com/pix/instructions/x",
    });
    expect(paths[0]).toContain("/v1/checkout/sessions/cs_test_transfer");
    expect(decodeURIComponent(paths[0] ?? "")).toContain("expand[0]=payment_intent");
  });

  it("maps boleto_display_details: hosted_voucher_url, number, expires_at", async () => {
    const { provider } = stripeAnswering(() =>
      json(
        200,
        completedUnpaid({
          type: "boleto_display_details",
          boleto_display_details: {
            expires_at: 1_795_000_000,
            hosted_voucher_url: "https://payments.stripe.com/boleto/voucher/x",
            number: "01010101010101010101010101010101010101010101010",
            pdf: "https://payments.stripe.com/boleto/voucher/x/pdf",
          },
        }),
      ),
    );
    expect(await provider.readTransfer("cs_test_transfer")).toEqual({
      method: "boleto",
      voucherUrl: "https://payments.stripe.com/boleto/voucher/x",
      number: "01010101010101010101010101010101010101010101010",
      expiresAt: new Date(1_795_000_000_000).toISOString(),
    });
  });

  it("answers null when nothing waits for a transfer, and unavailable when Stripe fails", async () => {
    expect(
      await stripeAnswering(() =>
        json(200, completedUnpaid(null, "succeeded")),
      ).provider.readTransfer("cs_test_transfer"),
    ).toBeNull();
    const down = stripeAnswering(() => json(500, { error: { type: "api_error" } }));
    await expect(down.provider.readTransfer("cs_test_transfer")).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});
