import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { csrfProtection } from "../auth/csrf";
import { notFoundJson } from "../http/responses";
import { profile } from "./account/profile";
import { accounts } from "./accounts";
import { attempts } from "./attempts";
import { certificates } from "./certificates";
import { configuration } from "./configuration";
import { checkout, payments } from "./payments";
import { questions } from "./questions";

/** The JSON API. Each domain adds its router here (accounts, attempts, payments...). */
export const api = new Hono<AppEnv>();

/** The payment provider's webhook: called by the provider, proven by its signature. */
export const webhookPath = "/api/payments/webhook";

// Every state-changing request must come from our own pages (SECURITY.md 8).
api.use(csrfProtection({ exempt: (pathname) => pathname === webhookPath }));

api.route("/questions", questions);
api.route("/accounts", accounts);
// The signed-in user's own account; each concern is its own router under /api/account.
api.route("/account", profile);
api.route("/tests", attempts);
api.route("/certificates", certificates);
api.route("/application-configuration", configuration);
api.route("/checkout", checkout);
api.route("/payments", payments);

// Registered last: any API path nobody claimed is a JSON 404, never a page.
api.all("*", () => notFoundJson());
