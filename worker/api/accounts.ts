import { generateCodeVerifier, generateState } from "arctic";
import { and, eq, gt, inArray } from "drizzle-orm";
import { Hono } from "hono";
import {
  changePasswordSchema,
  fieldErrors,
  forgotPasswordSchema,
  isSafeReturnUrl,
  signInSchema,
  signUpSchema,
} from "../../core/account-rules";
import { type Locale, localeFromPath } from "../../core/locales";
import { localizePath } from "../../core/route-table";
import { translate } from "../../core/translate";
import { database } from "../../db/client";
import { oauthAccounts, passwordResetTokens, sessions, users } from "../../db/schema";
import type { AppEnv } from "../app";
import { claimAttemptFromCookie } from "../attempts/claim";
import { sessionClearCookie } from "../auth/cookies";
import { randomToken, sha256Hex } from "../auth/crypto";
import { clientIp, errorResponse, readBody, requestLocale } from "../auth/http";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/password";
import { createSession, deleteSession, validateRequestSession } from "../auth/session";
import * as throttle from "../auth/throttle";
import { normalizeEmail, toSignedInUser } from "../auth/users";
import { createMailer, deliver } from "../email/mailer";
import { passwordChangedMail, passwordResetMail } from "../email/templates";
import {
  clearOAuthFlowCookies,
  readOAuthFlowCookies,
  setOAuthFlowCookies,
} from "../oauth/flow-cookies";
import { type GoogleIdentity, googleClient, identityFromTokens } from "../oauth/google";

/**
 * The accounts API (docs/decisions/0007-accounts.md). Every non-GET passed the CSRF
 * check in worker/api/index.ts. Logs name user ids and outcomes, never e-mail
 * addresses, passwords, tokens or cookies.
 */
export const accounts = new Hono<AppEnv>();

const resetTokenLifetime = 60 * 60 * 1000;
const noStore = { "Cache-Control": "no-store" };

function tooLarge(locale: Locale) {
  return errorResponse(locale, 413, { fields: { system: ["auth_request_too_large"] } });
}

function invalidReturnUrl(locale: Locale) {
  return errorResponse(locale, 400, { code: "invalidReturnUrl" });
}

/** `?returnUrl=`: absent -> the home path; present -> accepted only when safe. */
function returnUrlOf(request: Request): { ok: true; value: string } | { ok: false } {
  const value = new URL(request.url).searchParams.get("returnUrl");
  if (value === null) return { ok: true, value: "/" };
  return isSafeReturnUrl(value) ? { ok: true, value } : { ok: false };
}

function localeOfPath(path: string): Locale {
  return localeFromPath(new URL(path, "https://same.invalid").pathname);
}

function redirect(location: string, status: 302 | 303, cookies: string[] = []): Response {
  const headers = new Headers({ Location: location, ...noStore });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status, headers });
}

function json(body: unknown, status: number, cookies: string[] = []): Response {
  const headers = new Headers(noStore);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

function findUserByEmail(env: Env, email: string) {
  return database(env.DB)
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Signing in (or up) always starts a new session; the browser's previous one, if any,
 * ends. A test this browser took anonymously becomes the account's (ADR 0008).
 */
async function replaceSession(request: Request, env: Env, userId: string, remember: boolean) {
  const previous = await validateRequestSession(request, env);
  if (previous.kind === "valid") await deleteSession(env, previous.sessionId);
  await claimAttemptFromCookie(request, env, userId);
  return createSession(env, userId, remember);
}

// --- sign-up ---------------------------------------------------------------------------

accounts.post("/sign-up", async (c) => {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const body = await readBody(request);
  if (!body.ok) return tooLarge(locale);
  const parsed = signUpSchema(new Date()).safeParse(body.data);
  if (!parsed.success) {
    return errorResponse(locale, 400, { fields: fieldErrors(parsed.error) });
  }
  const { name, dateOfBirth, password } = parsed.data;
  const email = normalizeEmail(parsed.data.email);
  // Counted before the lookup (atomically, see throttle.ts); only a 'taken' answer keeps its row.
  const counted = await throttle.attempt(c.env, [{ kind: "signup-ip", value: clientIp(request) }]);
  if (counted.blocked.length > 0) {
    await counted.release();
    console.warn("auth: sign-up throttled (ip)");
    return errorResponse(
      locale,
      429,
      { fields: { system: ["auth_too_many_requests"] } },
      { "Retry-After": String(throttle.limits["signup-ip"].window / 1000) },
    );
  }
  const taken = () => {
    console.warn("auth: sign-up refused (e-mail already in use)");
    return errorResponse(locale, 409, { fields: { email: ["validation_email_taken"] } });
  };
  if (await findUserByEmail(c.env, email)) return taken();
  const passwordHash = await hashPassword(password);
  const id = crypto.randomUUID();
  const db = database(c.env.DB);
  try {
    // A new account takes its attempt back out of the counts, in the same transaction.
    await db.batch([
      db.insert(users).values({ id, name, email, dateOfBirth, passwordHash, emailVerified: false }),
      counted.releaseStatement(db),
    ]);
  } catch {
    // The unique index caught a concurrent sign-up with the same address.
    return taken();
  }
  const remember = body.data.rememberMe === true || body.data.rememberMe === "true";
  const { setCookie } = await replaceSession(request, c.env, id, remember);
  console.log(`auth: sign-up user=${id}`);
  const user = toSignedInUser({ id, name, email, dateOfBirth, profilePicture: null });
  return json({ user }, 201, [setCookie]);
});

// --- sign-in with e-mail and password --------------------------------------------------

accounts.post("/login", async (c) => {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const returnUrl = returnUrlOf(request);
  if (!returnUrl.ok) {
    console.warn("auth: login refused (unsafe returnUrl)");
    return invalidReturnUrl(locale);
  }
  const body = await readBody(request);
  if (!body.ok) return tooLarge(locale);
  const parsed = signInSchema.safeParse(body.data);
  if (!parsed.success) return errorResponse(locale, 400, { fields: fieldErrors(parsed.error) });

  const email = normalizeEmail(parsed.data.email);
  // Counted as a failure before the password is checked (atomically, see throttle.ts),
  // so parallel guesses cannot all pass the check; a success takes it back.
  const counters = throttle.loginCounters(email, clientIp(request));
  const counted = await throttle.attempt(c.env, Object.values(counters));
  if (counted.blocked.length > 0) {
    await counted.release();
    console.warn(`auth: login throttled (${counted.blocked.map((b) => b.kind).join(", ")})`);
    return errorResponse(
      locale,
      429,
      { fields: { system: ["auth_too_many_attempts"] } },
      { "Retry-After": String(throttle.limits["login-pair"].window / 1000) },
    );
  }

  const user = await findUserByEmail(c.env, email);
  // Unknown addresses and password-less accounts verify against a dummy hash: same time, same answer.
  const verification = await verifyPassword(
    parsed.data.password,
    user?.passwordHash ?? dummyPasswordHash,
  );
  if (!user?.passwordHash || !verification.valid) {
    console.warn(`auth: login failed${user ? ` user=${user.id}` : " (unknown account)"}`);
    return errorResponse(locale, 401, { fields: { code: ["auth_invalid_credentials"] } });
  }
  // Not a failure: out of the counts; this address's earlier failures on the account are
  // forgiven below (the account's and the IP's other failures stay counted).
  await counted.release();
  if (verification.needsRehash) {
    await database(c.env.DB)
      .update(users)
      .set({ passwordHash: await hashPassword(parsed.data.password), updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }
  await throttle.clear(c.env, counters.pair);
  const { setCookie } = await replaceSession(request, c.env, user.id, parsed.data.rememberMe);
  console.log(`auth: login user=${user.id} remember=${parsed.data.rememberMe}`);
  return json({ user: toSignedInUser(user), returnUrl: returnUrl.value }, 200, [setCookie]);
});

// --- logout (POST only: a GET that changes state is a CSRF hole) -----------------------

accounts.post("/logout", async (c) => {
  const request = c.req.raw;
  const contentType = request.headers.get("Content-Type") ?? "";
  const accept = request.headers.get("Accept") ?? "";
  const wantsJson =
    contentType.includes("application/json") ||
    (accept.includes("application/json") && !accept.includes("text/html"));
  const session = await validateRequestSession(request, c.env);
  if (session.kind === "valid") {
    await deleteSession(c.env, session.sessionId);
    console.log(`auth: logout user=${session.user.id}`);
  }
  const cookies = [sessionClearCookie(c.env)];
  const returnUrl = returnUrlOf(request);
  if (!returnUrl.ok) {
    console.warn("auth: logout with an unsafe returnUrl");
    const locale = requestLocale(request);
    if (wantsJson) {
      const response = invalidReturnUrl(locale);
      response.headers.append("Set-Cookie", cookies[0] as string);
      return response;
    }
    return redirect(localizePath("invalidReturnUrl", locale), 303, cookies);
  }
  if (wantsJson) return json({ returnUrl: returnUrl.value }, 200, cookies);
  return redirect(returnUrl.value, 303, cookies);
});

accounts.on(["GET", "PUT", "PATCH", "DELETE"], "/logout", (c) =>
  c.json({ status: 405, code: "methodNotAllowed" }, 405, { Allow: "POST", ...noStore }),
);

// --- sign-in with Google ---------------------------------------------------------------

accounts.get("/login", async (c) => {
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
  return redirect(
    url.toString(),
    302,
    setOAuthFlowCookies(c.env, { state, verifier, returnUrl: returnUrl.value }),
  );
});

/** The user a Google identity signs in as, or null when it must be refused. */
async function userForGoogle(env: Env, identity: GoogleIdentity): Promise<string | null> {
  const db = database(env.DB);
  const [link] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, "google"), eq(oauthAccounts.subject, identity.subject)))
    .limit(1);
  if (link) return link.userId;

  const email = normalizeEmail(identity.email);
  const existing = await findUserByEmail(env, email);
  const now = Date.now();
  if (existing) {
    // Only Google's word that the address is verified lets it into someone's account.
    if (!identity.emailVerified) {
      console.warn(`auth: google sign-in refused (unverified e-mail of user=${existing.id})`);
      return null;
    }
    await db.batch([
      db.insert(oauthAccounts).values({
        provider: "google",
        subject: identity.subject,
        userId: existing.id,
        createdAt: now,
      }),
      db
        .update(users)
        .set({
          emailVerified: true,
          profilePicture: existing.profilePicture ?? identity.picture,
          updatedAt: new Date(now),
        })
        .where(eq(users.id, existing.id)),
    ]);
    console.log(`auth: google account linked to user=${existing.id}`);
    return existing.id;
  }
  const id = crypto.randomUUID();
  const name = (identity.name ?? email.split("@")[0] ?? email).slice(0, 75);
  await db.batch([
    db.insert(users).values({
      id,
      name,
      email,
      dateOfBirth: null,
      profilePicture: identity.picture,
      passwordHash: null,
      emailVerified: identity.emailVerified,
    }),
    db
      .insert(oauthAccounts)
      .values({ provider: "google", subject: identity.subject, userId: id, createdAt: now }),
  ]);
  console.log(`auth: sign-up with google user=${id}`);
  return id;
}

accounts.get("/callback/google", async (c) => {
  const request = c.req.raw;
  const attempt = readOAuthFlowCookies(request);
  const returnUrl =
    attempt.returnUrl && isSafeReturnUrl(attempt.returnUrl) ? attempt.returnUrl : "/";
  const locale = localeOfPath(returnUrl);
  const cleared = clearOAuthFlowCookies(c.env);
  const fail = (why: string) => {
    console.warn(`auth: google sign-in failed (${why})`);
    return redirect(localizePath("signInError", locale, { reason: "failed" }), 302, cleared);
  };

  if (c.req.query("error")) return fail("consent refused");
  const code = c.req.query("code");
  const state = c.req.query("state");
  if (!attempt.state || !attempt.verifier) return fail("no state cookie");
  if (!code || !state || state !== attempt.state) return fail("state mismatch");
  const client = googleClient(c.env, request.url);
  if (!client) return fail("not configured");

  let identity: GoogleIdentity | null;
  try {
    const tokens = await client.validateAuthorizationCode(code, attempt.verifier);
    identity = identityFromTokens(tokens, client.clientId);
  } catch (error) {
    return fail(`code exchange: ${error instanceof Error ? error.message : "error"}`);
  }
  if (!identity) return fail("unusable id token");

  let userId: string | null;
  try {
    userId = await userForGoogle(c.env, identity);
  } catch (error) {
    // A concurrent first sign-in of the same person hit the unique keys.
    return fail(`account: ${error instanceof Error ? error.message : "error"}`);
  }
  if (!userId) return fail("e-mail belongs to another account");

  const { setCookie } = await replaceSession(request, c.env, userId, true);
  console.log(`auth: login with google user=${userId}`);
  return redirect(returnUrl, 302, [...cleared, setCookie]);
});

// --- forgot password -------------------------------------------------------------------

accounts.post("/forgot-password", async (c) => {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const body = await readBody(request);
  if (!body.ok) return tooLarge(locale);
  const parsed = forgotPasswordSchema.safeParse(body.data);
  if (!parsed.success) return errorResponse(locale, 400, { fields: fieldErrors(parsed.error) });

  const email = normalizeEmail(parsed.data.email);
  const counted = await throttle.attempt(c.env, [
    { kind: "forgot-email", value: email },
    { kind: "forgot-ip", value: clientIp(request) },
  ]);
  const blocked = counted.blocked;
  if (blocked.some((b) => b.kind === "forgot-ip")) {
    await counted.release();
    console.warn("auth: forgot-password throttled (ip)");
    return errorResponse(
      locale,
      429,
      { fields: { system: ["auth_too_many_requests"] } },
      { "Retry-After": String(throttle.limits["forgot-ip"].window / 1000) },
    );
  }

  // The same answer whether or not the account exists, or the address is throttled.
  const answer = json({ message: translate("auth_request_sent", locale) }, 200);
  if (blocked.length > 0) {
    console.warn("auth: forgot-password throttled (e-mail): nothing sent");
    return answer;
  }
  const db = database(c.env.DB);
  const user = await findUserByEmail(c.env, email);
  const token = randomToken(20);
  const now = Date.now();
  if (!user) {
    // Comparable database work for an unknown address; it changes nothing.
    await db.batch([
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, "")),
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, sha256Hex(token))),
    ]);
    console.log("auth: forgot-password for an unknown address: nothing sent");
    return answer;
  }
  // A new request voids the older links.
  await db.batch([
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    db.insert(passwordResetTokens).values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt: now + resetTokenLifetime,
      createdAt: now,
    }),
  ]);
  const base = c.env.BASE_URL.replace(/\/$/, "");
  const link = `${base}${localizePath("changePassword", locale, { token })}`;
  await deliver(
    createMailer(c.env),
    passwordResetMail({ to: user.email, name: user.name, link, locale }),
    c.executionCtx,
    "password reset",
  );
  console.log(`auth: password reset requested user=${user.id}`);
  return answer;
});

// --- reset token check and password change ----------------------------------------------

const tokenShape = /^[a-z2-7]{32}$/;

function usableToken(env: Env, token: string) {
  return database(env.DB)
    .select({ token: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256Hex(token)),
        gt(passwordResetTokens.expiresAt, Date.now()),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

function invalidToken(locale: Locale) {
  return errorResponse(locale, 410, { code: "invalidToken" }, { "Referrer-Policy": "no-referrer" });
}

accounts.get("/password-reset/:token", async (c) => {
  const token = c.req.param("token");
  const locale = requestLocale(c.req.raw);
  if (!tokenShape.test(token) || !(await usableToken(c.env, token))) {
    return invalidToken(locale);
  }
  return c.json({ valid: true }, 200, { ...noStore, "Referrer-Policy": "no-referrer" });
});

accounts.post("/change-password", async (c) => {
  const request = c.req.raw;
  const locale = requestLocale(request);
  const body = await readBody(request);
  if (!body.ok) return tooLarge(locale);
  const parsed = changePasswordSchema.safeParse(body.data);
  if (!parsed.success) return errorResponse(locale, 400, { fields: fieldErrors(parsed.error) });
  const { token, password } = parsed.data;
  const found = tokenShape.test(token) ? await usableToken(c.env, token) : undefined;
  if (!found) {
    console.warn("auth: password change refused (unusable token)");
    return invalidToken(locale);
  }
  const passwordHash = await hashPassword(password);
  const db = database(c.env.DB);
  const userId = found.user.id;
  const now = Date.now();
  // One batch: the update only happens while the token is still there and fresh, and the
  // same batch deletes every token and session of the user (single use, SECURITY.md 4, 10, 13).
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: new Date(now) })
      .where(
        inArray(
          users.id,
          db
            .select({ id: passwordResetTokens.userId })
            .from(passwordResetTokens)
            .where(
              and(
                eq(passwordResetTokens.tokenHash, sha256Hex(token)),
                gt(passwordResetTokens.expiresAt, now),
              ),
            ),
        ),
      )
      .returning({ id: users.id }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
  ]);
  if (updated.length !== 1) {
    console.warn("auth: password change refused (token used concurrently)");
    return invalidToken(locale);
  }
  await deliver(
    createMailer(c.env),
    passwordChangedMail({ to: found.user.email, name: found.user.name, locale }),
    c.executionCtx,
    "password changed",
  );
  console.log(`auth: password changed user=${userId}; all sessions ended`);
  return json({ message: translate("auth_password_changed", locale) }, 200, [
    sessionClearCookie(c.env),
  ]);
});
