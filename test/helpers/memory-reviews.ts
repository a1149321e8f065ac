// What the review protocol tests share (test/integration/review-protocol-*.test.ts): the real service
// on PostgreSQL and its job queue, the repository host in memory reading the hosts' own webhook
// deliveries with the real receivers (memory-host.ts), a worker whose browser is in memory
// (scripted test cases and findings), and the scheduler, ticked when a test says. Previews are
// addresses nothing listens on: only the memory browser "visits" them. Whole reviews over HTTP with
// real Chromium are the end-to-end tests' part (test/e2e/reviews-*.test.ts).
import type { Logger } from 'pino';
import type { ExecutionRequest } from '../../backend/src/app/ports/test-executor.js';
import { startScheduler } from '../../backend/src/jobs/scheduler.js';
import type { Worker } from '../../backend/src/jobs/worker.js';
import { MemoryExplorer, MemoryHost } from './memory-host.js';
import { startMemoryWorker } from './memory-worker.js';
import {
  GITHUB_SECRET,
  GITHUB_TOKEN,
  GITLAB_SECRET,
  reviewJobsSettled,
  sql,
  waitForReview,
  type ReviewProjectOptions,
  type ReviewRow,
} from './review-harness.js';
import { ScriptedExecutor, type Script } from './scripted-executor.js';
import { startTestService, type TestService } from './service.js';

/** Preview deployments, on ports below 1024 (never one of Goalie's own, which the tests choose freely). */
export const PREVIEW = {
  /** Every test case passes; exploration finds nothing. */
  clean: 'http://127.0.0.1:801',
  /** The home page logs a console error: a minor finding. */
  minor: 'http://127.0.0.1:802',
  /** Answers nothing: its test cases end in ERROR and exploration finds it unreachable. */
  unreachable: 'http://127.0.0.1:803',
  /** The application's own environment, which a review never tests. */
  staging: 'http://127.0.0.1:804',
} as const;

/** The fake hosts' API roots: never called, the host is in memory. */
export const HOST_URL = { github: 'https://api.github.example', gitlab: 'https://gitlab.example' } as const;

/** What the test cases of reviewProjectYaml do (as on the previews of test/e2e/reviews-*.test.ts). */
function scriptOf(request: ExecutionRequest): Script | undefined {
  if (request.baseUrl.startsWith(PREVIEW.unreachable)) return { verdict: 'ERROR' };
  // The review context check "Verify that 'Free shipping' is shown": no preview shows it.
  if (request.name === 'Free shipping banner' || /'Free shipping'/.test(request.goal)) return { verdict: 'FAILED' };
  return undefined;
}

export interface MemoryReviews {
  service: TestService;
  host: MemoryHost;
  executor: ScriptedExecutor;
  explorer: MemoryExplorer;
  worker: Worker;
  /** One tick of the scheduler (stale comments written again, lost work taken back, ...). */
  tick(): Promise<void>;
  /** Holds test case `name` in RUNNING until the returned function is called (or its run is cancelled). */
  hold(name: string): () => void;
  /** Undoes hold(): test cases run as scripted again. */
  releaseAll(): void;
  /** Waits until the newest review of a change request has ended (or was refused) and every review job is done. */
  finished(connectionId: string, number: number): Promise<ReviewRow>;
  /** Usage spent by the organization of a project. */
  usageOf(projectId: string): Promise<number>;
  runsOf(projectId: string): Promise<number>;
  close(): Promise<void>;
}

export async function startMemoryReviews(options: { logger?: Logger } = {}): Promise<MemoryReviews> {
  const service = await startTestService({}, { logger: options.logger });
  const host = new MemoryHost({ webhooks: 'host' });
  service.runtime.app.platforms = host;
  const executor = new ScriptedExecutor({}, scriptOf);
  const explorer = new MemoryExplorer();
  explorer.findings.set(PREVIEW.minor, [
    {
      severity: 'minor',
      kind: 'console-error',
      title: 'Console error: Analytics failed to load',
      page: `${PREVIEW.minor}/`,
      evidence: 'Analytics failed to load',
    },
  ]);
  explorer.unreachable.add(PREVIEW.unreachable);
  const worker = await startMemoryWorker(service, executor, explorer);
  const scheduler = startScheduler(service.runtime.app, {
    tickMs: 60 * 60_000,
    staleAfterMs: service.runtime.config.workerStaleMs,
  });
  const releases: (() => void)[] = [];
  const count = async (query: string, projectId: string) =>
    (await sql<{ n: number }>(service, query, [projectId]))[0]!.n;
  return {
    service,
    host,
    executor,
    explorer,
    worker,
    tick: () => scheduler.tick(),
    hold(name) {
      let release!: () => void;
      executor.scripts[name] = { gate: new Promise<void>((resolve) => (release = resolve)) };
      releases.push(release);
      return release;
    },
    releaseAll() {
      for (const release of releases.splice(0)) release();
      executor.scripts = {};
    },
    async finished(connectionId, number) {
      const review = await waitForReview(service, connectionId, number, [
        'REFUSED',
        'COMPLETED',
        'ERROR',
        'SUPERSEDED',
      ]);
      await reviewJobsSettled(service);
      return review;
    },
    usageOf: (projectId) =>
      count(
        'SELECT o.usage_count::int n FROM organizations o JOIN projects p ON p.organization_id = o.id WHERE p.id = $1',
        projectId,
      ),
    runsOf: (projectId) => count('SELECT count(*)::int n FROM runs WHERE project_id = $1', projectId),
    async close() {
      for (const release of releases.splice(0)) release();
      await scheduler.stop();
      await worker.stop(1000);
      await service.close();
    },
  };
}

/** A project of reviewProjectYaml on the memory host: the webhook secret and token the harness's deliveries use. */
export function memoryProject(
  host: 'github' | 'gitlab',
  name: string,
  repository: string,
  extra: Partial<ReviewProjectOptions> = {},
): ReviewProjectOptions {
  return {
    name,
    host,
    hostUrl: HOST_URL[host],
    repository,
    token: host === 'github' ? GITHUB_TOKEN : 'glpat-memory',
    webhookSecret: host === 'github' ? GITHUB_SECRET : GITLAB_SECRET,
    stagingUrl: PREVIEW.staging,
    ...extra,
  };
}
