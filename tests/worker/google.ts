import { expect } from "vitest";
import { type Client, uniqueEmail } from "./client";

/**
 * Signing in with Google in the worker tests, through the local stand-in's consent page
 * (worker/dev/google.ts) and the real callback. The tests route the Worker's own fetch
 * back into it first (`selfRoutingFetch`), since arctic calls the stand-in's token
 * endpoint. Imported by tests only.
 */

export async function start(client: Client, returnUrl = "/tests"): Promise<URL> {
  const response = await client.fetch(
    `/api/accounts/login?provider=Google&returnUrl=${encodeURIComponent(returnUrl)}`,
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location") as string);
}

export interface Consent {
  decision?: "allow" | "deny";
  email?: string;
  name?: string;
  verified?: boolean;
  sub?: string;
}

/** Plays the person on the stand-in's consent page; answers the redirect to our callback. */
export async function consent(
  client: Client,
  authorize: URL,
  choice: Consent = {},
): Promise<string> {
  const page = await client.fetch(`${authorize.pathname}${authorize.search}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Sign in with Google");
  const form = new URLSearchParams();
  for (const name of ["client_id", "redirect_uri", "state", "code_challenge"]) {
    form.set(name, authorize.searchParams.get(name) ?? "");
  }
  form.set("decision", choice.decision ?? "allow");
  form.set("name", choice.name ?? "Gabriela Google");
  form.set("email", choice.email ?? uniqueEmail("google"));
  if (choice.verified ?? true) form.set("email_verified", "true");
  if (choice.sub) form.set("sub", choice.sub);
  const response = await client.fetch("/_dev/oauth/google/authorize", {
    body: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(response.status).toBe(302);
  return response.headers.get("Location") as string;
}

export async function signInWithGoogle(client: Client, choice: Consent = {}, returnUrl = "/tests") {
  const callback = await consent(client, await start(client, returnUrl), choice);
  return client.fetch(callback);
}
