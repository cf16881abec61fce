import { describe, expect, it } from "vitest";
import { anonymousUser } from "../../core/accounts/account";
import { Client } from "../../tests/worker/client";

async function configuration(client: Client, headers: Record<string, string> = {}) {
  const response = await client.fetch("/api/application-configuration", { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json()) as {
    user: unknown;
    isLoading: boolean;
    test: { price: { amount: number; currency: string } };
  };
}

describe("GET /api/application-configuration", () => {
  it("answers the anonymous user and the price in dollars by default", async () => {
    expect(await configuration(new Client())).toEqual({
      user: anonymousUser,
      isLoading: false,
      test: { price: { amount: 19.9, currency: "USD" } },
    });
  });

  it("prices in reais for a Portuguese browser", async () => {
    const body = await configuration(new Client(), { "Accept-Language": "pt-BR,pt;q=0.9" });
    expect(body.test.price).toEqual({ amount: 49.9, currency: "BRL" });
    const english = await configuration(new Client(), { "Accept-Language": "en-US,pt;q=0.5" });
    expect(english.test.price).toEqual({ amount: 19.9, currency: "USD" });
  });

  it("answers the signed-in user", async () => {
    const client = new Client();
    const { email } = await client.signUp();
    const body = await configuration(client);
    expect(body.user).toEqual({
      id: expect.any(String),
      name: "Maria Silva",
      email,
      dateOfBirth: "1990-05-17",
      profilePicture: null,
      shouldUpdate: false,
      isAuthenticated: true,
    });
  });
});
