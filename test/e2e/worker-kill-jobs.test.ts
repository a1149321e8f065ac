// A worker process killed while it holds a review or a burn-in (issue 13): a real `goalie worker`,
// the API and its scheduler in the test's process, a fake GitHub and a preview site on 127.0.0.1.
// The worker is killed with SIGKILL while the job waits on a page the site holds, and another worker
// is started. Lost once, the job is handed out again once the stale timeout passes: the review
// finishes with its one run (no second run is started), the burn-in records its steps. Lost twice, it
// ends: the review in ERROR (its comment and commit status say so), the burn-in FAILED.
import { expect } from 'chai';
import { startScheduler } from '../../backend/src/jobs/scheduler.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { startGoalie, type Running } from '../helpers/processes.js';
import {
  applyReviewProject,
  deliverGitHub,
  GITHUB_BOT,
  GITHUB_SECRET,
  GITHUB_TOKEN,
  githubPayloads as gh,
  type GitHubPr,
  type ReviewProject,
  sha,
} from '../helpers/review-harness.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const STALE_SECONDS = 3;
const TICK_SECONDS = 1;
/** Room for the full suite on 2 loaded cores: a restarted worker's start, a late tick. A deadline, not a wait. */
const MARGIN_MS = 30_000;

describe('killing the worker process while it holds a review or a burn-in (fault)', function () {
  this.timeout(360_000);
  let service: TestService;
  let fake: FakeGitHub;
  let preview: Site;
  let project: ReviewProject;
  let scheduler: { stop(): Promise<void> };
  let worker: Running;
  const children: Running[] = [];
  let nextNumber = 1;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    service.runtime.dataSource.query<T[]>(sql, params);

  const startChild = async (): Promise<Running> => {
    const started = startGoalie(['worker'], {
      DATABASE_URL: service.runtime.databaseUrl,
      GOALIE_HOME: service.home,
      GOALIE_PUBLIC_URL: service.baseUrl,
      GOALIE_DEMO_PORT: 'off',
      GOALIE_WORKER_STALE_SECONDS: String(STALE_SECONDS),
      GOALIE_SCHEDULER_TICK_SECONDS: String(TICK_SECONDS),
      GOALIE_BROWSER_ALLOW_LOOPBACK: 'true',
      GOALIE_EXPLORE_MAX_PAGES: '2',
      GOALIE_EXPLORE_MAX_SECONDS: '15',
      GOALIE_TRACE: 'off',
    });
    children.push(started);
    await started.waitFor(/Goalie worker (\S+) is running/, 60_000);
    return started;
  };
  /** Kills the worker with SIGKILL and starts another at once, as a supervisor would. */
  const killAndRestart = async () => {
    worker.child.kill('SIGKILL');
    await worker.stop();
    worker = await startChild();
  };
  /**
   * Whether the review's start step was queued again after `lost` losses. Read from the queue, not
   * from a log: the scheduler of the test's process or of the new worker may be the one that does it.
   */
  const handedOutAgain = async (reviewId: string, lost: number) =>
    (
      await q(
        `SELECT 1 FROM pgboss.job WHERE name = 'review' AND data->>'reviewId' = $1 AND data->>'step' = 'start' AND (data->>'lost')::int = $2`,
        [reviewId, lost],
      )
    ).length > 0;

  before(async () => {
    preview = await startSite({
      '/': html('Shop', '<main><h1>Shop</h1><p>All good</p></main>'),
      '/slow': html('Slow', '<main><h1>Slow</h1><p>finally</p></main>'),
    });
    fake = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } });
    fake.addRepo('acme/kill');
    service = await startTestService({
      GOALIE_WORKER_STALE_SECONDS: String(STALE_SECONDS),
      GOALIE_SCHEDULER_TICK_SECONDS: String(TICK_SECONDS),
    });
    project = await applyReviewProject(service, {
      name: 'kill',
      host: 'github',
      hostUrl: fake.url,
      repository: 'acme/kill',
      token: GITHUB_TOKEN,
      webhookSecret: GITHUB_SECRET,
      stagingUrl: preview.url,
    });
    scheduler = startScheduler(service.runtime.app, {
      tickMs: TICK_SECONDS * 1000,
      staleAfterMs: STALE_SECONDS * 1000,
    });
    worker = await startChild();
    await waitFor(
      'the burn-ins',
      async () =>
        (await q<{ n: number }>(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0]!
          .n === 0,
      120_000,
      100,
    );
  });
  afterEach(() => preview?.release());
  after(async () => {
    await scheduler?.stop();
    for (const running of children) await running.stop();
    await service?.close();
    await fake?.close();
    await preview?.close();
  });

  /** A pull request whose preview is deployed, its review started by the worker and waiting on the held home page. */
  const reviewWaitingOnThePreview = async (): Promise<{ pr: GitHubPr; reviewId: string }> => {
    const number = nextNumber++;
    const pr: GitHubPr = { number, branch: `feature-${number}`, sha: sha(), draft: false };
    fake.addPull('acme/kill', {
      number,
      branch: pr.branch,
      headSha: pr.sha,
      draft: false,
      author: 'octocat',
      title: `Change ${number}`,
    });
    preview.hold('/');
    const hits = preview.hits.length;
    await deliverGitHub(
      service,
      project.connection,
      GITHUB_SECRET,
      'deployment_status',
      gh.deploymentStatus('acme/kill', { sha: pr.sha, environment: 'preview', url: preview.url, ref: pr.branch }),
    );
    await deliverGitHub(
      service,
      project.connection,
      GITHUB_SECRET,
      'pull_request',
      gh.pullRequest('acme/kill', 'opened', pr),
    );
    const [review] = await waitFor(
      'the review RUNNING',
      async () => {
        const rows = await q<{ id: string; status: string }>(
          `SELECT id, status FROM reviews WHERE connection_id = $1 AND change_request_number = $2`,
          [project.connectionId, number],
        );
        return rows[0]?.status === 'RUNNING' ? rows : null;
      },
      60_000,
      50,
    );
    await waitFor(
      'the preview asked for its home page',
      async () => preview.hits.slice(hits).includes('/'),
      60_000,
      50,
    );
    return { pr, reviewId: review!.id };
  };
  const reviewRow = async (id: string) =>
    (
      await q<{
        status: string;
        verdict: string | null;
        run_id: string | null;
        error_message: string | null;
        summary: string | null;
      }>(`SELECT status, verdict, run_id, error_message, summary FROM reviews WHERE id = $1`, [id])
    )[0]!;
  const statusesOf = (commit: string) =>
    fake
      .repo('acme/kill')
      .statuses.filter((s) => s.sha === commit)
      .map((s) => s.state);
  const commentsOn = (number: number) =>
    fake.repo('acme/kill').comments.filter((c) => c.issueNumber === number && c.user.login === GITHUB_BOT);

  it('a review whose worker died is started again with the run it had, and finishes', async () => {
    const { pr, reviewId } = await reviewWaitingOnThePreview();
    const before = await reviewRow(reviewId);
    await killAndRestart();
    await waitFor(
      'the review handed out again',
      async () => handedOutAgain(reviewId, 1),
      (STALE_SECONDS + TICK_SECONDS) * 1000 + MARGIN_MS,
      50,
    );
    preview.release();
    await waitFor('the review to end', async () => (await reviewRow(reviewId)).status === 'COMPLETED', 120_000, 100);
    const after = await reviewRow(reviewId);
    expect(after, after.summary ?? '').to.include({ status: 'COMPLETED', verdict: 'Approved' });
    expect(after.run_id, 'the run started before the kill, not a second one').to.equal(before.run_id);
    const [runs] = await q<{ n: number }>(
      `SELECT count(*)::int n FROM runs WHERE project_id = $1 AND commit_hash = $2`,
      [project.projectId, pr.sha],
    );
    expect(runs!.n).to.equal(1);
    await waitFor('the final commit status', async () => statusesOf(pr.sha).at(-1) === 'success', 30_000, 50);
    expect(commentsOn(pr.number)).to.have.length(1);
  });

  it('a review whose worker died twice ends in ERROR, and says so on the pull request', async () => {
    const { pr, reviewId } = await reviewWaitingOnThePreview();
    await killAndRestart();
    await waitFor(
      'the review handed out again',
      async () => handedOutAgain(reviewId, 1),
      (STALE_SECONDS + TICK_SECONDS) * 1000 + MARGIN_MS,
      50,
    );
    await waitFor('the review started again', async () => (await reviewRow(reviewId)).status === 'RUNNING', 60_000, 50);
    await killAndRestart();
    await waitFor(
      'the review in ERROR',
      async () => (await reviewRow(reviewId)).status === 'ERROR',
      (STALE_SECONDS + TICK_SECONDS) * 1000 + MARGIN_MS,
      50,
    );
    expect((await reviewRow(reviewId)).error_message).to.equal(
      'The worker reviewing this commit stopped 2 times. Comment `@goalie <preview URL>` to try again.',
    );
    await waitFor('the error commit status', async () => statusesOf(pr.sha).at(-1) === 'error', 30_000, 50);
    await waitFor(
      'the comment saying so',
      async () => commentsOn(pr.number)[0]?.body.includes('stopped 2 times') === true,
      30_000,
      50,
    );
    expect(commentsOn(pr.number)).to.have.length(1);
  });

  describe('burn-ins', () => {
    const burnIn = async (name: string) => {
      preview.hold('/slow');
      const hits = preview.hits.length;
      const created = await service.client(await service.token('kill')).post('/v1/test-cases', {
        name,
        goal: 'Go to /slow',
        expectedResult: "'finally' is shown",
        applicationShortId: project.summary.applications[0]!.shortId,
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      await waitFor('the burn-in on the held page', async () => preview.hits.slice(hits).includes('/slow'), 60_000, 50);
      return created.body.testCase.id as string;
    };
    const generation = async (id: string) =>
      (
        await q<{ generation_status: string; generation_error: string | null }>(
          `SELECT generation_status, generation_error FROM test_cases WHERE id = $1`,
          [id],
        )
      )[0]!;

    it('a burn-in whose worker died is handed out again and records its steps', async () => {
      const id = await burnIn('Slow page again');
      await killAndRestart();
      preview.release();
      await waitFor(
        'the burn-in to end',
        async () => (await generation(id)).generation_status !== 'GENERATING',
        90_000,
        100,
      );
      expect(await generation(id)).to.deep.equal({ generation_status: 'COMPLETED', generation_error: null });
    });

    it('a burn-in whose worker died twice ends FAILED, saying why', async () => {
      const id = await burnIn('Slow page twice');
      await killAndRestart();
      const hits = preview.hits.length;
      await waitFor(
        'the burn-in on the held page again',
        async () => preview.hits.slice(hits).includes('/slow'),
        60_000,
        50,
      );
      await killAndRestart();
      await waitFor(
        'the burn-in to end',
        async () => (await generation(id)).generation_status !== 'GENERATING',
        (STALE_SECONDS + TICK_SECONDS) * 1000 + MARGIN_MS,
        50,
      );
      expect(await generation(id)).to.deep.equal({
        generation_status: 'FAILED',
        generation_error:
          'The worker burning it in stopped 2 times. Burn it in again (goalie apply, or the test case page).',
      });
    });
  });
});
