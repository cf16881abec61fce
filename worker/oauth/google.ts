import {
  CodeChallengeMethod,
  decodeIdToken,
  Google,
  OAuth2Client,
  type OAuth2Tokens,
} from "arctic";
import { z } from "zod";
import { optionalSettings } from "../env";

/**
 * Google sign-in through arctic (SECURITY.md 9; docs/decisions/0007-accounts.md).
 * With GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET, the real Google; without them, in
 * development only, the local stand-in at /_dev/oauth/google plays Google's
 * authorize and token endpoints, and the same callback code runs for both.
 */

export const callbackPath = "/api/accounts/callback/google";
export const standInClientId = "local-google-stand-in";
export const standInPaths = {
  authorize: "/_dev/oauth/google/authorize",
  token: "/_dev/oauth/google/token",
} as const;
const scopes = ["openid", "profile", "email"];

export interface GoogleClient {
  kind: "google" | "stand-in";
  clientId: string;
  createAuthorizationURL(state: string, codeVerifier: string): URL;
  validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens>;
}

/**
 * The client for this configuration, or null when Google sign-in is not configured
 * (production without the secrets). The stand-in lives on the request's own origin,
 * so `vite dev` works on whatever port it runs; it is never used in production.
 */
export function googleClient(env: Env, requestUrl: string): GoogleClient | null {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = optionalSettings(env);
  if (GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET) {
    const base = env.BASE_URL.replace(/\/$/, "");
    const google = new Google(GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, `${base}${callbackPath}`);
    return {
      kind: "google",
      clientId: GOOGLE_CLIENT_ID,
      createAuthorizationURL: (state, verifier) =>
        google.createAuthorizationURL(state, verifier, scopes),
      validateAuthorizationCode: (code, verifier) =>
        google.validateAuthorizationCode(code, verifier),
    };
  }
  if (env.ENVIRONMENT !== "development") return null;
  const origin = new URL(requestUrl).origin;
  const client = new OAuth2Client(standInClientId, null, `${origin}${callbackPath}`);
  return {
    kind: "stand-in",
    clientId: standInClientId,
    createAuthorizationURL: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(
        `${origin}${standInPaths.authorize}`,
        state,
        CodeChallengeMethod.S256,
        verifier,
        scopes,
      ),
    validateAuthorizationCode: (code, verifier) =>
      client.validateAuthorizationCode(`${origin}${standInPaths.token}`, code, verifier),
  };
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  aud: z.union([z.string(), z.array(z.string())]),
  email: z.string().min(3).max(254),
  email_verified: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((v) => v === true || v === "true"),
  name: z.string().max(500).optional(),
  picture: z.string().max(2048).optional(),
});

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * The user's identity from the ID token of the token response. The token came straight
 * from the provider's token endpoint over TLS, so (as OIDC allows) its signature is not
 * checked; its audience still has to be our client.
 */
export function identityFromTokens(tokens: OAuth2Tokens, clientId: string): GoogleIdentity | null {
  let claims: unknown;
  try {
    claims = decodeIdToken(tokens.idToken());
  } catch {
    return null;
  }
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) return null;
  const { aud, sub, email, email_verified, name, picture } = parsed.data;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(clientId)) return null;
  return {
    subject: sub,
    email,
    emailVerified: email_verified,
    name: name?.trim() || null,
    picture: picture && /^https:\/\//.test(picture) ? picture : null,
  };
}
