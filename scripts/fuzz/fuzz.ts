import fc from "fast-check";
import { newTally, type Tally } from "./client.ts";
import { commandArbitraries } from "./commands.ts";
import type { Budget, World } from "./model.ts";
import { newPerson } from "./ops.ts";

/**
 * The stateful fuzzer (issue 17, docs/decisions/0030-stateful-fuzzer.md): fast-check
 * generates sequences of commands played by a few signed-in people against a served
 * Worker, checks every answer against a model, and shrinks a sequence that breaks an
 * invariant to the shortest it can find. Bounded by steps (commands) and by time.
 */

export interface FuzzOptions {
  baseUrl: string;
  /** Commands to run in total, over many short sequences. */
  steps: number;
  seconds: number;
  seed: number;
  /** People per sequence (each a new account). */
  people?: number;
  maxCommands?: number;
  /** Sequences per fast-check batch (each batch has its own seed: `seed + batch`). */
  runsPerBatch?: number;
  log?: (line: string) => void;
}

export interface FoundViolation {
  seed: number;
  /** fast-check's path to the shrunk case, for `replayPath`. */
  path: string;
  steps: string[];
  message: string;
  /** The last requests of the shrunk run. */
  requests: string[];
}

export interface FuzzReport {
  seed: number;
  steps: number;
  shrinkSteps: number;
  sequences: number;
  tally: Tally;
  violations: FoundViolation[];
  seconds: number;
}

class RunFailure extends Error {
  readonly requests: string[];
  constructor(cause: unknown, requests: string[]) {
    super((cause as Error)?.message ?? String(cause));
    this.requests = requests;
  }
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const began = Date.now();
  const tally = newTally();
  const budget: Budget = {
    steps: 0,
    shrinkSteps: 0,
    maxSteps: options.steps,
    deadline: began + options.seconds * 1000,
    shrinking: false,
  };
  const people = options.people ?? 3;
  const log = options.log ?? (() => {});
  const violations: FoundViolation[] = [];
  let sequences = 0;
  const runId = `${options.seed.toString(36)}${Date.now().toString(36)}`;
  const commands = fc.commands(commandArbitraries(), {
    maxCommands: options.maxCommands ?? 40,
    size: "max",
  });

  const property = fc.asyncProperty(fc.limitShrink(commands, 300), async (cmds) => {
    if (!budget.shrinking && (budget.steps >= budget.maxSteps || Date.now() > budget.deadline)) {
      return;
    }
    sequences++;
    const world: World = {
      base: options.baseUrl,
      runId: `${runId}${sequences.toString(36)}`,
      tally,
      trail: [],
      people: [],
      coupons: [],
      delivered: [],
      budget,
    };
    try {
      for (let i = 0; i < people; i++) world.people.push(await newPerson(world, i));
      await fc.asyncModelRun(() => ({ model: world, real: {} }), cmds);
    } catch (error) {
      budget.shrinking = true;
      throw new RunFailure(error, [...world.trail]);
    }
  });

  for (let batch = 0; budget.steps < budget.maxSteps && Date.now() < budget.deadline; batch++) {
    const seed = options.seed + batch;
    budget.shrinking = false;
    const details = await fc.check(property, {
      seed,
      numRuns: options.runsPerBatch ?? 10,
      // Shrinking gets two minutes beyond the fuzz's own time, at most.
      interruptAfterTimeLimit: Math.max(1000, budget.deadline - Date.now()) + 120_000,
      markInterruptAsFailure: false,
    });
    if (details.failed) {
      const error = details.errorInstance;
      const failure = error instanceof RunFailure ? error : null;
      const [sequence] = (details.counterexample ?? []) as [Iterable<unknown>?];
      const found: FoundViolation = {
        seed,
        path: details.counterexamplePath ?? "",
        steps: sequence ? [...sequence].map(String) : [],
        message: failure?.message ?? String((error as Error)?.message ?? error),
        requests: failure?.requests ?? [],
      };
      violations.push(found);
      log(`violation (seed ${seed}): ${found.message}`);
    }
    log(`batch ${batch}: ${budget.steps} steps, ${tally.requests} requests`);
  }
  return {
    seed: options.seed,
    steps: budget.steps,
    shrinkSteps: budget.shrinkSteps,
    sequences,
    tally,
    violations,
    seconds: Math.round((Date.now() - began) / 100) / 10,
  };
}

/** The printout: seed, steps, requests per status class, every violation and its sequence. */
export function formatReport(report: FuzzReport): string {
  const { tally } = report;
  const lines = [
    `seed ${report.seed}: ${report.steps} steps in ${report.sequences} sequences (${report.shrinkSteps} more replayed while shrinking), ${tally.requests} requests, ${report.seconds} s`,
    `status classes: ${Object.entries(tally.byClass)
      .map(([cls, n]) => `${cls} ${n}`)
      .join(", ")}`,
  ];
  lines.push(
    `states reached: ${[...tally.reached]
      .sort()
      .map(([what, n]) => `${what} ${n}`)
      .join(", ")}`,
  );
  if (tally.devServerLost > 0) {
    lines.push(
      `requests lost by wrangler dev's proxy before the Worker and sent again: ${tally.devServerLost} (workers-sdk#15203)`,
    );
  }
  for (const [shape, n] of tally.serverErrors) lines.push(`  5xx: ${shape} x${n}`);
  lines.push(`violations: ${report.violations.length}`);
  for (const [i, v] of report.violations.entries()) {
    lines.push(
      `\n#${i + 1} (seed ${v.seed}, path ${v.path}): ${v.message}`,
      "  shortest sequence found:",
      ...v.steps.map((s, n) => `    ${n + 1}. ${s}`),
      "  its last requests:",
      ...v.requests.map((r) => `    ${r}`),
    );
  }
  return lines.join("\n");
}
