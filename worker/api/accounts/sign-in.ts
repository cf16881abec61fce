import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { signInSchema, signUpSchema } from "../../../core/accounts/account-rules";
import { localizePath } from "../../../core/web/route-table";
import { database, isUniqueViolation } from "../../../db/client";
import { users } from "../../../db/schema";
import type { AppEnv } from "../../app-env";
import { sessionClearCookie } from "../../auth/cookies";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../auth/password";
import { deleteSession } from "../../auth/session";
import * as throttle from "../../auth/throttle";
import { findUserByEmail, normalizeEmail, toSignedInUser } from "../../auth/users";
import { validBody } from "../../http/body";
import { clientIp, requestLocale } from "../../http/request";
import { errorResponse, json, noStore, redirect } from "../../http/responses";
import { invalidReturnUrl, returnUrlOf } from "./return-url";
import { startSession } from "./start-session";

/** Sign-up, sign-in and logout with e-mail and password (docs/decisions/0007-accounts.md). */
export const signIn = new Hono<AppEnv>();

// --- sign-up ---------------------------------------------------------------------------

signIn.post(
  "/sign-up",
  validBody(() => signUpSchema(new Date())),
  async (c) => {
    const request = c.req.raw;
    const locale = requestLocale(request);
    const { name, dateOfBirth, password, rememberMe, ...fields } = c.req.valid("json");
    const email = normalizeEmail(fields.email);
    // The limit is on answers that reveal a taken address (ADR 0007), not on sign-ups:
    // one still hashing its password is none, so a shared address (a mobile carrier's)
    // signs many people up at once. An address at the limit answers 429 to every sign-up.
    const ipCounter = { kind: "signup-ip", value: clientIp(request) } as const;
    const throttled = () => {
      console.warn("auth: sign-up throttled (ip)");
      return throttle.tooManyResponse(locale, "auth_too_many_requests", "signup-ip");
    };
    if (await throttle.atLimit(c.env, ipCounter)) return throttled();
    // A taken address is counted and the count read in one batch (throttle.ts), so of N
    // concurrent probes at most the limit's worth learn the address is taken; the rest
    // answer 429 as if blocked before, and are not counted.
    const taken = async () => {
      const counted = await throttle.attempt(c.env, [ipCounter]);
      if (counted.blocked.length > 0) {
        await counted.release();
        return throttled();
      }
      console.warn("auth: sign-up refused (e-mail already in use)");
      return errorResponse(locale, 409, { fields: { email: ["validation_email_taken"] } });
    };
    if (await findUserByEmail(c.env, email)) return taken();
    const passwordHash = await hashPassword(password);
    const id = crypto.randomUUID();
    const db = database(c.env.DB);
    try {
      await db
        .insert(users)
        .values({ id, name, email, dateOfBirth, passwordHash, emailVerified: false });
    } catch (error) {
      // The unique index caught a concurrent sign-up with the same address. Anything else
      // (D1 not serving, a bug) is not a taken address: it travels on to the error handler
      // (503 or 500), so the visitor may try again.
      if (isUniqueViolation(error)) return taken();
      throw error;
    }
    const setCookie = await startSession(c, id, rememberMe);
    console.log(`auth: sign-up user=${id}`);
    const user = toSignedInUser({ id, name, email, dateOfBirth, profilePicture: null });
    return json({ user }, 201, [setCookie]);
  },
);

// --- sign-in with e-mail and password --------------------------------------------------

signIn.post(
  "/login",
  async (c, next) => {
    if (returnUrlOf(c.req.raw).ok) return next();
    console.warn("auth: login refused (unsafe returnUrl)");
    return invalidReturnUrl(requestLocale(c.req.raw));
  },
  validBody(signInSchema),
  async (c) => {
    const request = c.req.raw;
    const locale = requestLocale(request);
    const { password, rememberMe, ...fields } = c.req.valid("json");
    const email = normalizeEmail(fields.email);
    // Counted as a failure before the password is checked (atomically, see throttle.ts),
    // so parallel guesses cannot all pass the check; a success takes it back.
    const counters = throttle.loginCounters(email, clientIp(request));
    const counted = await throttle.attempt(c.env, Object.values(counters));
    if (counted.blocked.length > 0) {
      await counted.release();
      console.warn(`auth: login throttled (${counted.blocked.map((b) => b.kind).join(", ")})`);
      return throttle.tooManyResponse(locale, "auth_too_many_attempts", "login-pair");
    }

    const user = await findUserByEmail(c.env, email);
    // Unknown addresses and password-less accounts verify against a dummy hash: same time, same answer.
    const verification = await verifyPassword(password, user?.passwordHash ?? dummyPasswordHash);
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
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
    }
    await throttle.clear(c.env, counters.pair);
    const setCookie = await startSession(c, user.id, rememberMe);
    console.log(`auth: login user=${user.id} remember=${rememberMe}`);
    // The first middleware refused an unsafe returnUrl: this one is safe or the home path.
    const returnUrl = returnUrlOf(request);
    const back = returnUrl.ok ? returnUrl.value : "/";
    return json({ user: toSignedInUser(user), returnUrl: back }, 200, [setCookie]);
  },
);

// --- logout (POST only: a GET that changes state is a CSRF hole) -----------------------

signIn.post("/logout", async (c) => {
  const request = c.req.raw;
  const contentType = request.headers.get("Content-Type") ?? "";
  const accept = request.headers.get("Accept") ?? "";
  const wantsJson =
    contentType.includes("application/json") ||
    (accept.includes("application/json") && !accept.includes("text/html"));
  const { sessionId, user } = c.var;
  if (sessionId) {
    await deleteSession(c.env, sessionId);
    console.log(`auth: logout user=${user.id}`);
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

signIn.on(["GET", "PUT", "PATCH", "DELETE"], "/logout", (c) =>
  c.json({ status: 405, code: "methodNotAllowed" }, 405, { Allow: "POST", ...noStore }),
);
