import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { Hono } from "hono";
import { z } from "zod";
import { escapeHtml } from "../../core/web/escape";
import type { AppEnv } from "../app-env";
import { randomToken, sha256Hex } from "../auth/crypto";
import { readFields } from "../http/body";
import { callbackPath, standInClientId } from "../oauth/google";
import { devPage } from "./page";

/**
 * A local stand-in for Google's authorize and token endpoints, so the real callback
 * code (arctic, state, PKCE, ID token) runs in `npm start` and in the tests without
 * Google. Codes live 10 minutes in KV and are single use.
 */
export const googleStandIn = new Hono<AppEnv>();

const codeTtlSeconds = 600;
const codeKey = (code: string) => `dev-oauth-google-code:${code}`;

const authorizeSchema = z.object({
  response_type: z.literal("code"),
  client_id: z.literal(standInClientId),
  redirect_uri: z.string(),
  state: z.string().min(1).max(200),
  code_challenge_method: z.literal("S256"),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

interface StoredCode {
  challenge: string;
  redirectUri: string;
  claims: {
    sub: string;
    email: string;
    email_verified: boolean;
    name: string;
  };
}

function callbackUrl(requestUrl: string): string {
  return `${new URL(requestUrl).origin}${callbackPath}`;
}

function invalidRequest(detail: string) {
  return devPage(
    "Invalid authorization request",
    `<div class="card"><h1>Invalid authorization request</h1><p class="muted">${escapeHtml(detail)}</p></div>`,
    400,
  );
}

googleStandIn.get("/authorize", (c) => {
  const parsed = authorizeSchema.safeParse(c.req.query());
  if (!parsed.success) return invalidRequest("Missing or wrong OAuth parameters.");
  const request = parsed.data;
  if (request.redirect_uri !== callbackUrl(c.req.url)) {
    return invalidRequest("redirect_uri is not this site's Google callback.");
  }
  const hidden = (["client_id", "redirect_uri", "state", "code_challenge"] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`)
    .join("\n");
  const body = `<form class="card" method="post" action="/_dev/oauth/google/authorize" style="max-width:440px;margin:40px auto">
<h1>Sign in with Google</h1>
<p class="muted">Local stand-in for Google (development only). Choose who Google says you are.</p>
${hidden}
<label for="name">Name</label>
<input type="text" id="name" name="name" value="Local Tester" maxlength="200">
<label for="email">E-mail</label>
<input type="email" id="email" name="email" value="tester@example.com" required maxlength="254">
<div class="check"><input type="checkbox" id="email_verified" name="email_verified" value="true" checked><label for="email_verified">Google says the e-mail is verified</label></div>
<label for="sub">Google account id (sub), optional</label>
<input type="text" id="sub" name="sub" value="" maxlength="255" placeholder="derived from the e-mail">
<p class="muted">Lumen IQ wants to see your name, e-mail address and profile picture.</p>
<div class="actions">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
</div>
</form>`;
  return devPage("Sign in with Google (local stand-in)", body);
});

const consentSchema = z.object({
  client_id: z.literal(standInClientId),
  redirect_uri: z.string(),
  state: z.string().min(1).max(200),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  decision: z.enum(["allow", "deny"]),
  name: z.string().max(200).optional(),
  email: z.string().trim().min(3).max(254).optional(),
  email_verified: z.literal("true").optional(),
  sub: z.string().trim().max(255).optional(),
});

googleStandIn.post("/authorize", async (c) => {
  const parsed = consentSchema.safeParse(await readFields(c.req.raw));
  if (!parsed.success) return invalidRequest("Missing or wrong consent form fields.");
  const form = parsed.data;
  if (form.redirect_uri !== callbackUrl(c.req.url)) {
    return invalidRequest("redirect_uri is not this site's Google callback.");
  }
  const target = new URL(form.redirect_uri);
  target.searchParams.set("state", form.state);
  if (form.decision === "deny") {
    target.searchParams.set("error", "access_denied");
    return c.redirect(target.toString(), 302);
  }
  if (!form.email?.includes("@")) return invalidRequest("An e-mail address is required.");
  const email = form.email;
  const stored: StoredCode = {
    challenge: form.code_challenge,
    redirectUri: form.redirect_uri,
    claims: {
      // Google's `sub` is stable per account: here, per e-mail unless one is given.
      sub: form.sub || `stand-in-${sha256Hex(email.toLowerCase()).slice(0, 24)}`,
      email,
      email_verified: form.email_verified === "true",
      name: form.name?.trim() || "Local Tester",
    },
  };
  const code = randomToken(20);
  await c.env.KV.put(codeKey(code), JSON.stringify(stored), { expirationTtl: codeTtlSeconds });
  target.searchParams.set("code", code);
  return c.redirect(target.toString(), 302);
});

const tokenSchema = z.object({
  grant_type: z.literal("authorization_code"),
  code: z.string().min(1).max(200),
  redirect_uri: z.string(),
  code_verifier: z.string().min(43).max(128),
  client_id: z.literal(standInClientId),
});

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
function s256(verifier: string): string {
  return encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));
}

function encodeJson(value: unknown): string {
  return encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));
}

/** The token endpoint: checks the code, the redirect URI and the PKCE verifier. */
googleStandIn.post("/token", async (c) => {
  const parsed = tokenSchema.safeParse(await readFields(c.req.raw));
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  const request = parsed.data;
  const raw = await c.env.KV.get(codeKey(request.code));
  if (raw === null) return c.json({ error: "invalid_grant" }, 400);
  await c.env.KV.delete(codeKey(request.code));
  const stored = JSON.parse(raw) as StoredCode;
  if (
    stored.redirectUri !== request.redirect_uri ||
    s256(request.code_verifier) !== stored.challenge
  ) {
    return c.json({ error: "invalid_grant" }, 400);
  }
  const now = Math.floor(Date.now() / 1000);
  // Unsigned (alg "none"): the callback reads the ID token straight from this response.
  const idToken = [
    encodeJson({ alg: "none", typ: "JWT" }),
    encodeJson({
      iss: new URL(c.req.url).origin,
      aud: standInClientId,
      iat: now,
      exp: now + 3600,
      ...stored.claims,
    }),
    "",
  ].join(".");
  return c.json(
    {
      access_token: randomToken(20),
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid profile email",
      id_token: idToken,
    },
    200,
    { "Cache-Control": "no-store" },
  );
});
