// The sealed goal set of issue 28 (test/sealed/README.md): apps and goals the interpreter was never
// tuned on, run through the whole service like the goal suite (real PostgreSQL, a worker, Chromium),
// to measure how well Goalie understands goals it has not seen. Not a pass/fail test: it prints
//   {"sealedSuite": {"cases", "right", "wrong", "falsePasses", "burnInFailures", "byApp"}}
// on stdout and a table of every wrong case on stderr. `npx tsx test/bench/sealed-suite.ts`, or
// `BENCH_SEALED=1 npm run bench` for the same figures under `authoring.sealedSuite`.
// GOALIE_GOAL_SET=<directory of apps> measures another goal set of the same layout instead, e.g. the
// development set: `GOALIE_GOAL_SET=test/dev-set/apps npx tsx test/bench/sealed-suite.ts`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../backend/src/main.js';
import {
  loadSuite,
  runPlan,
  SEALED_APPS_DIR,
  startAppServer,
  suiteProject,
  waitForBurnIns,
  type SuiteOutcome,
  type SuitePlan,
} from '../helpers/goal-suite.js';
import { stopTestPostgres } from '../helpers/postgres.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** 90 burn-ins and replays on a small shared machine take minutes: generous deadlines. */
const TIMEOUT_MS = 45 * 60_000;

export interface SealedFigures {
  cases: number;
  right: number;
  wrong: number;
  /** The person says FAILED, Goalie PASSED. */
  falsePasses: number;
  /** Goalie could not turn the goal into steps: wrong, whatever the run then says, but not a false pass. */
  burnInFailures: number;
}

/** Right: Goalie's verdict is the person's, from steps it burned in. */
const isRight = (o: SuiteOutcome) => o.burnedIn && o.actual === o.verdict;
const isFalsePass = (o: SuiteOutcome) => o.verdict === 'FAILED' && o.actual === 'PASSED';

export function sealedFigures(outcomes: SuiteOutcome[]): SealedFigures {
  const right = outcomes.filter(isRight).length;
  return {
    cases: outcomes.length,
    right,
    wrong: outcomes.length - right,
    falsePasses: outcomes.filter(isFalsePass).length,
    burnInFailures: outcomes.filter((o) => !o.burnedIn).length,
  };
}

/** Goalie's reason: the burn-in's error when it failed, else the evaluation's title and thought. */
function message(o: SuiteOutcome): string {
  const text = o.burnedIn ? o.thought : `burn-in failed: ${o.burnInError ?? o.thought}`;
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** Every wrong case as a Markdown table: goal, expected result, the person's and Goalie's verdict, Goalie's message. */
export function wrongCaseTable(outcomes: SuiteOutcome[]): string {
  const wrong = outcomes.filter((o) => !isRight(o));
  if (!wrong.length) return 'No wrong cases.';
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    "| Case | Goal | Expected result | Person | Goalie | Goalie's message |",
    '|---|---|---|---|---|---|',
    ...wrong.map((o) => {
      const goalie = !o.burnedIn ? `${o.actual} (burn-in failed)` : isFalsePass(o) ? 'PASSED (false pass)' : o.actual;
      return `| ${[o.name, o.goal, o.expectedResult, o.verdict, goalie, message(o)].map(cell).join(' | ')} |`;
    }),
  ].join('\n');
}

/**
 * The sealed set (or another set of apps laid out like it, in appsDir) on a running service (a worker
 * must run): its own app server and project, burn-ins, one run.
 */
export async function measureSealedSuite(
  service: TestService,
  appsDir = SEALED_APPS_DIR,
): Promise<{ sealedSuite: SealedFigures & { byApp: Record<string, SealedFigures> }; outcomes: SuiteOutcome[] }> {
  const server = await startAppServer(appsDir);
  try {
    const plan: SuitePlan = { name: 'Sealed goal set', cases: loadSuite(undefined, appsDir) };
    await service.apply(suiteProject(server.url, [plan], 'sealed-goal-set'));
    await waitForBurnIns(service, TIMEOUT_MS);
    const outcomes = await runPlan(service, service.client(await service.token('sealed-goal-set')), plan, TIMEOUT_MS);
    const apps = [...new Set(outcomes.map((o) => o.app))];
    const byApp = Object.fromEntries(apps.map((app) => [app, sealedFigures(outcomes.filter((o) => o.app === app))]));
    return { sealedSuite: { ...sealedFigures(outcomes), byApp }, outcomes };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const appsDir = process.env.GOALIE_GOAL_SET ? path.resolve(process.env.GOALIE_GOAL_SET) : SEALED_APPS_DIR;
  const goalSet = path.relative(process.cwd(), appsDir);
  process.stderr.write(`[sealed] burning in and running the goal set of ${goalSet}; this takes minutes\n`);
  const service = await startTestService({
    GOALIE_SCREENSHOTS: 'end',
    GOALIE_TRACE: 'off',
    // The machine is shared: two browsers at a time unless told otherwise.
    GOALIE_CONCURRENCY: process.env.GOALIE_CONCURRENCY ?? '2',
  });
  const worker = await startWorker(service.runtime);
  try {
    const started = Date.now();
    const { sealedSuite, outcomes } = await measureSealedSuite(service, appsDir);
    process.stderr.write(
      `[sealed] done in ${Math.round((Date.now() - started) / 1000)} s\n${wrongCaseTable(outcomes)}\n`,
    );
    process.stdout.write(`${JSON.stringify({ goalSet, sealedSuite }, null, 2)}\n`);
  } finally {
    await worker.stop();
    await service.close();
    await stopTestPostgres();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  });
}
