import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { csrfProtection } from "../auth/csrf";
import { notFoundJson } from "../http/responses";
import { account } from "./account";
import { accounts } from "./accounts";
import { attempts } from "./attempts";
import { certificates } from "./certificates";
import { configuration } from "./configuration";
import { checkout, payments } from "./payments";
import { questions } from "./questions";
import { reports } from "./report";

/** The JSON API. Each domain adds its router here (accounts, attempts, payments...). */
export const api = new Hono<AppEnv>();

/** The payment provider's webhook: called by the provider, proven by its signature. */
export const webhookPath = "/api/payments/webhook";

// Every state-changing request must come from our own pages (SECURITY.md 8).
api.use(csrfProtection({ exempt: (pathname) => pathname === webhookPath }));

api.route("/questions", questions);
api.route("/accounts", accounts);
api.route("/account", account);
// The report of an attempt first: the attempts router answers 404 for any path it lacks.
api.route("/tests", reports);
api.route("/tests", attempts);
api.route("/certificates", certificates);
api.route("/application-configuration", configuration);
api.route("/checkout", checkout);
api.route("/payments", payments);

// Registered last: any API path nobody claimed is a JSON 404, never a page.
api.all("*", () => notFoundJson());
