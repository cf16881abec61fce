/**
 * The development wing's one door (docs/decisions/0035-development-wing.md). Production
 * code imports nothing else under worker/dev/: here are the mount (the /_dev routes, 404 in
 * production) and the development adapters production chooses among, each behind its own
 * check that it runs in development only. worker/import-graph.unit.test.ts holds the rule.
 */
export { devCountry, devCountryHeader } from "./country";
export { withD1Counting } from "./d1-counter";
export { isPageCeiling, pageCeiling } from "./page-ceiling";
export { createLocalProvider } from "./pay/provider";
export { localCheckoutsOf } from "./pay/sessions";
export { dev } from "./routes";
