import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { csrfProtection } from "../auth/csrf";
import { standInPaths } from "../oauth/google";
import { attemptClock } from "./attempt-clock";
import { d1Queries } from "./d1-queries";
import { googleStandIn } from "./google";
import { mailbox } from "./mailbox";
import { localPay } from "./pay/page";
import { devSweeps } from "./sweeps";

/**
 * Development-only pages (the mailbox, the local Google stand-in, the test clock, the local
 * payment page, the D1 statement count, a run of the sweeps now). Every route answers 404 in production.
 */
export const dev = new Hono<AppEnv>();

dev.use(async (c, next) => {
  if (c.env.ENVIRONMENT !== "development") return c.notFound();
  await next();
});

// The token endpoint is called server to server (no Origin); the code and the PKCE
// verifier are its credentials, as at Google's.
dev.use(csrfProtection({ exempt: (pathname) => pathname === standInPaths.token }));

dev.route("/mailbox", mailbox);
dev.route("/oauth/google", googleStandIn);
dev.route("/tests", attemptClock);
dev.route("/pay", localPay);
dev.route("/d1-queries", d1Queries);
dev.route("/sweeps", devSweeps);
