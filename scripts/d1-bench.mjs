// D1 statements per answer saved and per completed test (issue 16; docs/decisions/
// 0027-answer-path-without-d1.md), counted by the Worker itself: the server must run with
// `--var COUNT_D1_QUERIES:1` (startServer's `vars`), in development. Each measured request
// is counted alone (the tally is reset before it and read after it), so the development
// clock calls that pace the answers are not in the figures. The attempt's Durable Object
// runs in the same isolate locally: its write of the outcome counts with the finish.
//
// `node scripts/d1-bench.mjs` builds, serves the Worker with counting on and prints the
// figures; `d1QueryCounts(baseUrl)` returns them (scripts/bench.mjs).
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { apiSession } from "./certificate-bench.mjs";
import { build, startServer } from "./local-server.mjs";

const codes = ["SM", "RA", "RE", "RL"].flatMap((category) =>
  Array.from({ length: 10 }, (_, i) => `${category}-${String(i + 1).padStart(2, "0")}`),
);
const password = "Bench#Passw0rd";
const zero = () => ({ reads: 0, writes: 0, roundTrips: 0 });

function add(total, counts) {
  for (const key of Object.keys(total)) total[key] += counts[key];
  return total;
}

/**
 * The statements one request sent: the tally reset before it, read after it (its body is
 * read first). Returns the response's status, headers and text with the counts.
 */
async function counted(base, send) {
  const reset = await fetch(`${base}/_dev/d1-queries`, {
    method: "DELETE",
    headers: { Origin: base },
  });
  if (reset.status !== 200) {
    throw new Error(
      `d1 bench: /_dev/d1-queries answered ${reset.status}; start the server with --var COUNT_D1_QUERIES:1`,
    );
  }
  const response = await send();
  const text = await response.text();
  const counts = await (await fetch(`${base}/_dev/d1-queries`)).json();
  return { response: { status: response.status, headers: response.headers, text }, counts };
}

async function signUp(call) {
  const response = await call("/api/accounts/sign-up", {
    method: "POST",
    body: {
      name: "Bench Taker",
      email: `d1-${crypto.randomUUID()}@example.com`,
      dateOfBirth: "1990-01-01",
      password,
      passwordConfirmation: password,
    },
  });
  if (response.status !== 201) throw new Error(`d1 bench: sign-up answered ${response.status}`);
  return response;
}

/** Moves the attempt's clock (development only), so paced answers are not rejected. */
async function elapse(call, id, ms) {
  const response = await call(`/_dev/tests/${id}/elapse`, { method: "POST", body: { ms } });
  if (response.status !== 200) throw new Error(`d1 bench: elapse answered ${response.status}`);
}

/**
 * One taker's test: start, 40 answers, finish (then, for an anonymous taker who signs up
 * after finishing, the sign-up), then the result. With `paced`, the development clock
 * moves 1.5 s before each answer and 60 s after the start, so the timing rules
 * (ADR 0008) score the attempt instead of rejecting it. Counts per step.
 */
async function takeTest(base, { signedIn, paced = true, signUpAfter = false }) {
  const call = apiSession(base);
  if (signedIn) await signUp(call);
  const steps = {};
  const step = async (name, send) => {
    const { response, counts } = await counted(base, send);
    steps[name] = add(steps[name] ?? zero(), counts);
    return response;
  };
  const started = await step("start", () => call("/api/tests", { method: "POST", body: {} }));
  if (started.status !== 201) throw new Error(`d1 bench: start answered ${started.status}`);
  const { id } = JSON.parse(started.text);
  if (paced) await elapse(call, id, 60_000);
  for (const [index, code] of codes.entries()) {
    if (paced) await elapse(call, id, 1_500);
    const saved = await step("answers", () =>
      call(`/api/tests/${id}/answers/${code}`, {
        method: "PUT",
        body: { letter: "ABCD"[index % 4] },
      }),
    );
    if (saved.status !== 200) throw new Error(`d1 bench: answer answered ${saved.status}`);
  }
  const finished = await step("finish", () => call(`/api/tests/${id}/finish`, { method: "POST" }));
  const outcome = JSON.parse(finished.text);
  if (paced && outcome.status !== "finished") {
    throw new Error(`d1 bench: the test was ${outcome.status}, not finished`);
  }
  if (signUpAfter) await step("signUp", () => signUp(call));
  const result = await step("result", () => call(`/api/tests/${id}/result`));
  if (paced && result.status !== 200) throw new Error(`d1 bench: result answered ${result.status}`);
  const total = zero();
  for (const counts of Object.values(steps)) add(total, counts);
  return { id, call, steps, total };
}

const perAnswer = (counts) => ({
  reads: counts.reads / codes.length,
  writes: counts.writes / codes.length,
  roundTrips: counts.roundTrips / codes.length,
});

/**
 * D1 statements (reads, writes, round trips) against a server counting them:
 * - `perAnswer`: an answer saved, averaged over two takers' 40 answers each (one
 *   anonymous, one signed in), and per taker;
 * - `completedTest.signedIn`: a signed-in user's test from start to result (start, 40
 *   answers, finish, GET /api/tests/{id}/result), in total and per step;
 * - `completedTest.anonymousThenSignUp`: an anonymous taker who signs up after finishing
 *   (the sign-up creates the account and claims the attempt), in total and per step;
 * - `certificateCached`: the certificate PNG once rendered and kept in KV;
 * - `resultPage`: the result page's server render for its owner, once scored.
 */
export async function d1QueryCounts(baseUrl) {
  const signedIn = await takeTest(baseUrl, { signedIn: true });
  const anonymous = await takeTest(baseUrl, { signedIn: false, signUpAfter: true });
  const png = () => signedIn.call(`/api/certificates/${signedIn.id}.png`);
  const rendered = await png();
  await rendered.arrayBuffer();
  if (rendered.status !== 200) throw new Error(`d1 bench: certificate answered ${rendered.status}`);
  const { response: cached, counts: certificateCached } = await counted(baseUrl, png);
  if (cached.headers.get("X-Certificate-Cache") !== "hit") {
    throw new Error("d1 bench: the certificate was not served from KV");
  }
  // The result page as its owner opens it again (server render, its loaders' API calls).
  const { response: page, counts: resultPage } = await counted(baseUrl, () =>
    signedIn.call(`/result/${signedIn.id}`),
  );
  if (page.status !== 200) throw new Error(`d1 bench: the result page answered ${page.status}`);
  const answers = add(add(zero(), signedIn.steps.answers), anonymous.steps.answers);
  return {
    perAnswer: {
      average: {
        reads: answers.reads / (2 * codes.length),
        writes: answers.writes / (2 * codes.length),
        roundTrips: answers.roundTrips / (2 * codes.length),
      },
      anonymous: perAnswer(anonymous.steps.answers),
      signedIn: perAnswer(signedIn.steps.answers),
      answers: 2 * codes.length,
    },
    completedTest: {
      signedIn: { total: signedIn.total, steps: signedIn.steps },
      anonymousThenSignUp: { total: anonymous.total, steps: anonymous.steps },
    },
    certificateCached,
    resultPage,
  };
}

const show = (counts) =>
  `${String(counts.reads).padStart(5)} reads ${String(counts.writes).padStart(4)} writes ${String(counts.roundTrips).padStart(5)} round trips`;

/** The figures as lines, for this script and for scripts/bench.mjs. */
export function formatD1QueryCounts(counts) {
  const lines = [
    `${"D1 per answer".padEnd(26)} ${show(counts.perAnswer.average)}   (average of ${counts.perAnswer.answers}: an anonymous and a signed-in taker)`,
  ];
  for (const [name, test] of [
    ["D1 per test, signed in", counts.completedTest.signedIn],
    ["D1 per test, sign-up after", counts.completedTest.anonymousThenSignUp],
  ]) {
    lines.push(`${name.padEnd(26)} ${show(test.total)}   (start to result)`);
    for (const [step, stepCounts] of Object.entries(test.steps)) {
      lines.push(`${`  ${step}`.padEnd(26)} ${show(stepCounts)}`);
    }
  }
  lines.push(
    `${"D1 certificate, kept".padEnd(26)} ${show(counts.certificateCached)}   (GET /api/certificates/{id}.png from KV)`,
    `${"D1 result page".padEnd(26)} ${show(counts.resultPage)}   (GET /result/{id} by its owner, scored before: the page and its loaders)`,
  );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log("▶ Building...");
  build();
  const persistTo = ".wrangler/d1-bench-state";
  rmSync(persistTo, { recursive: true, force: true });
  const server = await startServer({ persistTo, vars: { COUNT_D1_QUERIES: "1" } });
  try {
    const counts = await d1QueryCounts(server.url);
    for (const line of formatD1QueryCounts(counts)) console.log(line);
  } finally {
    await server.stop();
  }
  process.exit(0);
}
