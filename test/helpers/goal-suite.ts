// The goal suite of issue 11, shared by its e2e test and `npm run bench`: small apps in
// test/fixtures/apps/<style>/ served by a static server on 127.0.0.1, their plainly written test
// cases (cases.json, each labelled with the verdict a person would give), a project YAML with one
// application per app, and a run of all of it through the whole service with the verdicts compared.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiClient, TestService } from './service.js';
import { waitFor } from './wait.js';

export const APPS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/apps');
/** The sealed goal set of issue 28 (test/sealed/README.md): apps and goals nobody tunes the interpreter on. */
export const SEALED_APPS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sealed/apps');

export type Verdict = 'PASSED' | 'FAILED';

export interface SuiteCase {
  /** The app's folder under the apps directory (test/fixtures/apps), which is also its application's name. */
  app: string;
  name: string;
  goal: string;
  expectedResult: string;
  /** What a person looking at the app would say. */
  verdict: Verdict;
}

export interface SuiteOutcome extends SuiteCase {
  /** The run's verdict, or the run test case's status when it has none (ERROR, ...). */
  actual: string;
  burnedIn: boolean;
  burnInError: string | null;
  burnInMs: number | null;
  replayMs: number | null;
  thought: string;
}

/** Every app's test cases, read from <appsDir>/<style>/cases.json (test/fixtures/apps unless told). */
export function loadSuite(apps?: string[], appsDir = APPS_DIR): SuiteCase[] {
  const styles =
    apps ??
    fs
      .readdirSync(appsDir)
      .filter((d) => fs.existsSync(path.join(appsDir, d, 'cases.json')))
      .sort();
  return styles.flatMap((app) => {
    const cases = JSON.parse(fs.readFileSync(path.join(appsDir, app, 'cases.json'), 'utf8')) as Omit<
      SuiteCase,
      'app' | 'name'
    >[];
    return cases.map((c, i) => ({ app, name: `${app} ${i + 1}`, ...c }));
  });
}

export interface AppServer {
  url: string;
  /** `/<name>/` serves the app in folder `style` from now on (a redesign deployed at the same URL). */
  mount(name: string, style: string): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** Serves each app of appsDir (test/fixtures/apps unless told) at `/<style>/`; nothing else, nothing outside it. */
export async function startAppServer(appsDir = APPS_DIR): Promise<AppServer> {
  const mounts = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const [, first = '', ...rest] = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).split('/');
    const dir = path.join(appsDir, mounts.get(first) ?? first);
    const file = path.join(dir, rest.join('/') || 'index.html');
    if (!first || !file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return void response.end('Not found');
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mount: (name, style) => void mounts.set(name, style),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SuitePlan {
  name: string;
  cases: SuiteCase[];
  /** The application each of its test cases runs against, when not the case's own app. */
  application?: string;
}

/** A project YAML: one application per app (environment: the server's URL of that app), the test cases, one plan per entry. */
export function suiteProject(serverUrl: string, plans: SuitePlan[], project = 'goal-suite'): string {
  const apps = new Set(plans.flatMap((p) => p.cases.map((c) => p.application ?? c.app)));
  const cases = plans.flatMap((p) => p.cases.map((c) => ({ ...c, application: p.application ?? c.app })));
  const q = (text: string) => JSON.stringify(text);
  return (
    [
      'organization: { name: Goal suite }',
      `project: { name: ${project} }`,
      'applications:',
      ...[...apps].map(
        (app) =>
          `  - name: ${app}\n    environments: [{ name: local, url: ${q(`${serverUrl}/${app}/`)}, default: true }]`,
      ),
      'testCases:',
      ...cases.map(
        (c) =>
          `  - name: ${q(c.name)}\n    application: ${c.application}\n    goal: ${q(c.goal)}\n    expectedResult: ${q(c.expectedResult)}`,
      ),
      'testPlans:',
      ...plans.map(
        (p, i) =>
          `  - name: ${q(p.name)}\n    default: ${i === 0}\n    testCases: [${p.cases.map((c) => q(c.name)).join(', ')}]`,
      ),
    ].join('\n') + '\n'
  );
}

const query = <T>(service: TestService, sql: string, params: unknown[] = []) =>
  service.runtime.dataSource.query<T[]>(sql, params);

/** Waits until no test case is being burned in (a worker must be running). */
export async function waitForBurnIns(service: TestService, timeoutMs = 600_000): Promise<void> {
  await waitFor(
    'the burn-ins',
    async () =>
      (
        await query<{ n: number }>(
          service,
          `SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`,
        )
      )[0]!.n === 0,
    timeoutMs,
    200,
  );
}

/** Starts a run of the named plan through POST /v1/run, waits for it, and compares each verdict with its label. */
export async function runPlan(
  service: TestService,
  api: ApiClient,
  plan: SuitePlan,
  timeoutMs = 600_000,
): Promise<SuiteOutcome[]> {
  const [row] = await query<{ short_id: string }>(service, `SELECT short_id FROM test_plans WHERE name = $1`, [
    plan.name,
  ]);
  const started = await api.post('/v1/run', { testPlanShortId: row!.short_id });
  if (started.status !== 201 && started.status !== 200)
    throw new Error(`POST /v1/run answered ${started.status}: ${JSON.stringify(started.body)}`);
  const shortId: string = started.body.run.shortId;
  await waitFor(
    `run ${shortId} to end`,
    async () =>
      (await query(service, `SELECT 1 FROM runs WHERE short_id = $1 AND finished_at IS NOT NULL`, [shortId]))[0],
    timeoutMs,
    200,
  );
  const rows = await query<{
    name: string;
    status: string;
    result: string | null;
    thought: string | null;
    title: string | null;
    generation_status: string;
    generation_error: string | null;
    burn_in_ms: string | null;
    replay_ms: string | null;
  }>(
    service,
    `SELECT t.name, rtc.status, rtc.result, rtc.evaluation_thought thought, rtc.result_title title, t.generation_status, t.generation_error,
            extract(epoch FROM t.generated_at - t.generation_started_at) * 1000 burn_in_ms,
            extract(epoch FROM rtc.finished_at - rtc.started_at) * 1000 replay_ms
       FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id JOIN test_cases t ON t.id = rtc.test_case_id
      WHERE r.short_id = $1`,
    [shortId],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return plan.cases.map((c) => {
    const r = byName.get(c.name);
    if (!r) throw new Error(`The run has no test case "${c.name}"`);
    return {
      ...c,
      actual: r.result ?? r.status,
      burnedIn: r.generation_status === 'COMPLETED',
      burnInError: r.generation_error,
      burnInMs: r.burn_in_ms === null ? null : Number(r.burn_in_ms),
      replayMs: r.replay_ms === null ? null : Number(r.replay_ms),
      thought: [r.title, r.thought].filter(Boolean).join(': '),
    };
  });
}

export interface SuiteFigures {
  testCases: number;
  rightVerdicts: number;
  rightVerdictRate: number;
  /** Labelled FAILED, reported PASSED: the worst thing a test tool can say. */
  falsePasses: number;
  burnInSuccessRate: number;
  burnInMedianMs: number | null;
  replayMedianMs: number | null;
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function suiteFigures(outcomes: SuiteOutcome[]): SuiteFigures {
  const right = outcomes.filter((o) => o.actual === o.verdict).length;
  const share = (n: number) => Number((n / outcomes.length).toFixed(3));
  const burnIns = outcomes.filter((o) => o.burnedIn);
  return {
    testCases: outcomes.length,
    rightVerdicts: right,
    rightVerdictRate: share(right),
    falsePasses: outcomes.filter((o) => o.verdict === 'FAILED' && o.actual === 'PASSED').length,
    burnInSuccessRate: share(burnIns.length),
    burnInMedianMs: median(burnIns.flatMap((o) => (o.burnInMs === null ? [] : [Math.round(o.burnInMs)]))),
    // A run of a test case whose burn-in failed burns it in again: only real replays count.
    replayMedianMs: median(burnIns.flatMap((o) => (o.replayMs === null ? [] : [Math.round(o.replayMs)]))),
  };
}

/**
 * The whole suite on a running service (a worker must run): its own app server and project, burn-ins,
 * one run; for `npm run bench`.
 */
export async function measureGoalSuite(
  service: TestService,
): Promise<{ figures: SuiteFigures; outcomes: SuiteOutcome[] }> {
  const server = await startAppServer();
  try {
    const plan: SuitePlan = { name: 'Goal suite', cases: loadSuite() };
    await service.apply(suiteProject(server.url, [plan]));
    await waitForBurnIns(service);
    const outcomes = await runPlan(service, service.client(await service.token('goal-suite')), plan);
    return { figures: suiteFigures(outcomes), outcomes };
  } finally {
    await server.close();
  }
}

/** "Title: Title and more" (a failure's title, then its message starting with it) -> the message. */
function withoutRepeatedTitle(text: string): string {
  for (let i = text.indexOf(': '); i > 0; i = text.indexOf(': ', i + 1))
    if (text.slice(i + 2).startsWith(text.slice(0, i))) return text.slice(i + 2);
  return text;
}

/** Every wrong verdict with why: the burn-in error or the evaluation's thought. */
export function wrongVerdictTable(outcomes: SuiteOutcome[]): string {
  const wrong = outcomes.filter((o) => o.actual !== o.verdict);
  // A FAILED verdict that comes from a failed burn-in is right, but says nothing of the evaluation.
  const unburned = outcomes.filter((o) => !o.burnedIn && o.actual === o.verdict).map((o) => `${o.name} ("${o.goal}")`);
  const note = unburned.length ? `\nRight, but only because the burn-in failed: ${unburned.join('; ')}` : '';
  if (!wrong.length) return `No wrong verdicts.${note}`;
  const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 400);
  return (
    [
      `${wrong.length} wrong verdict${wrong.length === 1 ? '' : 's'} of ${outcomes.length}:`,
      ...wrong.map((o) =>
        [
          `- ${o.name}: expected ${o.verdict}, got ${o.actual}${o.verdict === 'FAILED' && o.actual === 'PASSED' ? ' (FALSE PASS)' : ''}`,
          `    goal: ${o.goal}`,
          `    expected result: ${o.expectedResult}`,
          o.burnedIn
            ? `    evaluation: ${oneLine(o.thought)}`
            : `    burn-in failed: ${oneLine(withoutRepeatedTitle(o.burnInError ?? o.thought))}`,
        ].join('\n'),
      ),
    ].join('\n') + note
  );
}
