import { generateCodeVerifier, generateState } from "arctic";
import { Hono } from "hono";
import { isSafeReturnUrl } from "../../../core/accounts/account-rules";
import { localizePath } from "../../../core/web/route-table";
import { markReauthenticated } from "../../account/reauthentication";
import type { AppEnv } from "../../app-env";
import { googleAccountOwner, userForGoogle } from "../../auth/users";
import { requestLocale } from "../../http/request";
import { redirect } from "../../http/responses";
import {
  clearOAuthFlowCookies,
  readOAuthFlowCookies,
  setOAuthFlowCookies,
} from "../../oauth/flow-cookies";
import { type GoogleIdentity, googleClient, identityFromTokens } from "../../oauth/google";
import { localeOfPath, returnUrlOf } from "./return-url";
import { startSession } from "./start-session";

/**
 * Sign-in with Google (docs/decisions/0007-accounts.md): `GET /login?provider=Google`
 * sends the browser to Google with state and PKCE; the callback signs the identity in.
 * Every failure lands on the localized sign-in error page, never on an error body.
 */
export const google = new Hono<AppEnv>();

google.get("/login", async (c) => {
  const request = c.req.raw;
  const returnUrl = returnUrlOf(request);
  if (!returnUrl.ok) {
    console.warn("auth: google sign-in refused (unsafe returnUrl)");
    return redirect(localizePath("invalidReturnUrl", requestLocale(request)), 302);
  }
  const locale = localeOfPath(returnUrl.value);
  const provider = c.req.query("provider");
  if (!provider) {
    return redirect(localizePath("signInError", locale, { reason: "missing-provider" }), 302);
  }
  if (provider.toLowerCase() !== "google") {
    console.warn("auth: sign-in with an unknown provider");
    return redirect(localizePath("signInError", locale, { reason: "invalid-provider" }), 302);
  }
  const client = googleClient(c.env, request.url);
  if (!client) {
    console.warn("auth: google sign-in is not configured (GOOGLE_CLIENT_ID)");
    return redirect(localizePath("signInError", locale, { reason: "failed" }), 302);
  }
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client.createAuthorizationURL(state, verifier);
  // `reauth=1`: the signed-in holder proves themself again (ADR 0023); anyone else simply
  // signs in, which counts as a fresh proof too.
  const reauth = c.req.query("reauth") === "1" && c.var.user.isAuthenticated;
  return redirect(
    url.toString(),
    302,
    setOAuthFlowCookies(c.env, { state, verifier, returnUrl: returnUrl.value, reauth }),
  );
});

google.get("/callback/google", async (c) => {
  const request = c.req.raw;
  const flow = readOAuthFlowCookies(request);
  const returnUrl = flow.returnUrl && isSafeReturnUrl(flow.returnUrl) ? flow.returnUrl : "/";
  const locale = localeOfPath(returnUrl);
  const cleared = clearOAuthFlowCookies(c.env);
  const fail = (why: string) => {
    console.warn(`auth: google sign-in failed (${why})`);
    return redirect(localizePath("signInError", locale, { reason: "failed" }), 302, cleared);
  };

  if (c.req.query("error")) return fail("consent refused");
  const code = c.req.query("code");
  const state = c.req.query("state");
  if (!flow.state || !flow.verifier) return fail("no state cookie");
  if (!code || !state || state !== flow.state) return fail("state mismatch");
  const client = googleClient(c.env, request.url);
  if (!client) return fail("not configured");

  let identity: GoogleIdentity | null;
  try {
    const tokens = await client.validateAuthorizationCode(code, flow.verifier);
    identity = identityFromTokens(tokens, client.clientId);
  } catch (error) {
    return fail(`code exchange: ${error instanceof Error ? error.message : "error"}`);
  }
  if (!identity) return fail("unusable id token");

  if (flow.reauth) {
    // Re-authentication keeps this session and only marks it; it never switches accounts.
    const { user, sessionId } = c.var;
    if (!user.isAuthenticated || !sessionId) return fail("re-authentication without a session");
    if ((await googleAccountOwner(c.env, identity.subject)) !== user.id) {
      return fail(`re-authentication by another Google account (user=${user.id})`);
    }
    await markReauthenticated(c.env, sessionId);
    console.log(`auth: re-authenticated with google user=${user.id}`);
    return redirect(returnUrl, 302, cleared);
  }

  let userId: string | null;
  try {
    userId = await userForGoogle(c.env, identity);
  } catch (error) {
    // A concurrent first sign-in of the same person hit the unique keys.
    return fail(`account: ${error instanceof Error ? error.message : "error"}`);
  }
  if (!userId) return fail("e-mail belongs to another account");

  const setCookie = await startSession(c, userId, true);
  console.log(`auth: login with google user=${userId}`);
  return redirect(returnUrl, 302, [...cleared, setCookie]);
});
