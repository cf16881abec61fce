import { AsyncLocalStorage } from "node:async_hooks";
import { matchScreen } from "../../core/web/route-table";

/**
 * Logs an operator can search (issue 31.5; docs/decisions/0048-json-logs.md): one JSON
 * object per line, with a level, an event name, and, within a request, its id (Cloudflare's
 * `cf-ray` where present) and route. The request's own line adds its status and duration.
 * Never an e-mail, an IP, a person's name or a secret: fields with such names are dropped,
 * and anything shaped like an e-mail or an IP address in a value is masked.
 *
 * The Worker's code logs with `logEvent`. The lines it wrote as text before ("area: what
 * happened key=value", and what libraries print) go through the same shape: the console is
 * bridged once at the Worker's entry (`bridgeConsole`), so no line leaves as free text.
 */

export type Level = "debug" | "info" | "warn" | "error";

export interface RequestScope {
  requestId: string;
  route: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` with the request's id and route on every line it logs. */
export function withRequestScope<T>(request: RequestScope, work: () => T): T {
  return scope.run(request, work);
}

/**
 * A request's route as the logs name it: the page's screen ("page:report"), or the path
 * with every segment that looks like an id or a token replaced by ":id", so that lines of
 * one endpoint group together and no token is written.
 */
export function requestRoute(pathname: string): string {
  const screen = matchScreen(pathname);
  if (screen) return `page:${screen.screen}`;
  return pathname
    .split("/")
    .map((segment) =>
      /^[0-9a-f-]{16,}$/i.test(segment) ||
      /^[a-z2-7]{20,}$/.test(segment) ||
      /^\d+$/.test(segment) ||
      /^[0-9a-f]{32}\.svg$/.test(segment)
        ? ":id"
        : segment,
    )
    .join("/");
}

/** Names a field may not have: what would identify a person or open a door. */
const forbiddenField =
  /^(e-?mail|to|from|ip|ips|address|name|full_?name|password|secret|token|cookie|authorization|session)$/i;

const emailShape = /[^\s@"'<>(),;:=]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const ipv4Shape = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
// Eight groups, or fewer around "::" (IPv6); a time like 12:30:45 is neither.
const ipv6Shape =
  /\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b|(?:\b(?:[0-9a-f]{1,4}:){1,6}|:):(?:[0-9a-f]{1,4}\b(?::[0-9a-f]{1,4}\b){0,6})?/gi;

/** A text as a log may hold it: e-mails and IP addresses masked. */
export function masked(text: string): string {
  return text.replace(emailShape, "(e-mail)").replace(ipv4Shape, "(ip)").replace(ipv6Shape, "(ip)");
}

function safeValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return masked(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 3) return "(nested)";
  if (Array.isArray(value)) return value.map((item) => safeValue(item, depth + 1));
  return safeFields(value as Record<string, unknown>, depth + 1);
}

function safeFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || forbiddenField.test(key)) continue;
    out[key] = safeValue(value, depth);
  }
  return out;
}

/** The sink the lines are written to: the console's own methods, kept before the bridge. */
interface Sink {
  log: (line: string) => void;
  warn: (line: string) => void;
  error: (line: string) => void;
}

const original = {
  log: console.log.bind(console),
  warn: console.warn.bind(console),
  error: console.error.bind(console),
};
let sink: Sink = original;

/** One log line as JSON: level and event first, then the request's scope, then the fields. */
export function logLine(level: Level, event: string, fields: Record<string, unknown> = {}): string {
  const request = scope.getStore();
  return JSON.stringify({
    level,
    event,
    ...(request ? { requestId: request.requestId, route: request.route } : {}),
    ...safeFields(fields),
  });
}

/**
 * Logs one event. It goes through the console (the bridge passes a JSON line on as it is),
 * so whatever watches the console (the tests' guard against unexpected errors) sees it.
 */
export function logEvent(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const line = logLine(level, event, fields);
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * An error as fields: its name, message and first stack lines (masked), without the
 * values of a failed statement (drizzle's message quotes them after `params:`: e-mails,
 * password hashes, tokens' hashes; SECURITY.md 31).
 */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: `(a thrown ${typeof error})` };
  return {
    error: error.name,
    message: error.message.replace(/^params: .*$/gm, "params: (not logged)"),
    stack: (error.stack ?? "")
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 5)
      .map((line) => line.trim())
      .join(" | "),
  };
}

/**
 * A free-text console call as a line: "area: what happened key=value ..." gives the event
 * "area", the message, and each key=value as a field; an Error argument gives its fields.
 */
export function textLine(level: Level, args: readonly unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first === "string" && args.length === 1 && first.startsWith('{"level":')) return first;
  const text = args
    .filter((arg) => !(arg instanceof Error))
    .map((arg) => (typeof arg === "string" ? arg : safeJson(arg)))
    .join(" ");
  const error = [first, ...rest].find((arg): arg is Error => arg instanceof Error);
  const area = /^([a-z][\w-]*(?:\.[\w-]+)*): /.exec(text);
  const fields: Record<string, unknown> = {};
  for (const [, key, value] of text.matchAll(/\b([a-z][\w]*)=([^\s,;)]+)/gi)) {
    if (key !== undefined && value !== undefined && !(key in fields)) fields[key] = value;
  }
  return logLine(level, area?.[1] ?? "log", {
    message: area ? text.slice(area[0].length) : text,
    ...fields,
    ...(error ? errorFields(error) : {}),
  });
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Makes every console call of this isolate a JSON line (installed once at the Worker's
 * entry). `to` replaces the sink (tests read the lines); returns the way back.
 */
export function bridgeConsole(to: Sink = original): () => void {
  const before = {
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
    debug: console.debug,
  };
  sink = to;
  console.log = (...args: unknown[]) => sink.log(textLine("info", args));
  console.info = (...args: unknown[]) => sink.log(textLine("info", args));
  console.debug = (...args: unknown[]) => sink.log(textLine("debug", args));
  console.warn = (...args: unknown[]) => sink.warn(textLine("warn", args));
  console.error = (...args: unknown[]) => sink.error(textLine("error", args));
  return () => {
    Object.assign(console, before);
    sink = original;
  };
}
