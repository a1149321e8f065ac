// The review protocol on GitHub at memory speed: real webhook payloads (@octokit/webhooks-examples),
// signed and delivered to the service as GitHub delivers them, read by the real receiver; PostgreSQL
// and the job queue real; the repository's API and the browser in memory (test/helpers/
// memory-reviews.ts). What each test checks is what people see on the pull request (Goalie's one
// comment, the verdict, commit statuses) and in Goalie. How the adapter says it to GitHub's API is
// test/integration/platforms/github-platform.test.ts's part; a few whole reviews over HTTP with real
// Chromium are test/e2e/reviews-github.test.ts's.
import { expect } from 'chai';
import { updateComment } from '../../backend/src/app/review/update-comment.js';
import { NOTE_CLAIM_MS } from '../../backend/src/app/review/write-note.js';
import { signGitHubPayload } from '../../backend/src/platforms/github/index.js';
import type { MemoryRepository } from '../helpers/memory-host.js';
import { memoryProject, PREVIEW, startMemoryReviews, type MemoryReviews } from '../helpers/memory-reviews.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitHub,
  deliveriesOf,
  GITHUB_BOT,
  GITHUB_SECRET,
  type GitHubDeliveryOptions,
  githubPayloads as gh,
  type GitHubPr,
  PAGES,
  reviewJobsSettled,
  type ReviewProject,
  reviewProjectYaml,
  reviewsOf,
  sha,
  sql,
  startPreview,
  waitForReview,
} from '../helpers/review-harness.js';
import type { TestService } from '../helpers/service.js';
import { adminFetch } from '../helpers/dashboard.js';
import { unescapeMarkdown } from '../helpers/markdown-links.js';
import { waitFor } from '../helpers/wait.js';

describe('the review protocol on GitHub (memory host, PostgreSQL)', function () {
  let m: MemoryReviews;
  let service: TestService;
  const projects: Record<string, ReviewProject> = {};
  let nextNumber = 100;

  const repoOf = (project: ReviewProject): MemoryRepository =>
    m.host.repository(project.summary.repository!.repository);
  const nameOf = (project: ReviewProject) => project.summary.repository!.repository;
  /** A new pull request on the host (fresh number, branch and head SHA) by octocat, who may write. */
  const newPr = (project: ReviewProject, extra: Partial<GitHubPr> = {}): GitHubPr => {
    const number = nextNumber++;
    const pr: GitHubPr = { number, branch: `feature-${number}`, sha: sha(), draft: false, author: 'octocat', ...extra };
    repoOf(project).push(number, {
      headSha: pr.sha,
      branch: pr.branch,
      draft: pr.draft ?? false,
      author: pr.author ?? 'octocat',
      title: `Change ${number}`,
    });
    if (pr.fork) repoOf(project).forks.add(number);
    return pr;
  };
  /** The pull request's branch moves to a new commit. */
  const pushTo = (project: ReviewProject, pr: GitHubPr): GitHubPr => {
    const next = { ...pr, sha: sha() };
    repoOf(project).changeRequests.get(pr.number)!.headSha = next.sha;
    return next;
  };
  const deliver = (project: ReviewProject, event: string, payload: unknown, opts?: GitHubDeliveryOptions) =>
    deliverGitHub(service, project.connection, GITHUB_SECRET, event, payload, opts);
  const deployed = (project: ReviewProject, pr: GitHubPr, url: string, state?: string) =>
    deliver(
      project,
      'deployment_status',
      gh.deploymentStatus(nameOf(project), { sha: pr.sha, environment: 'preview', url, ref: pr.branch, state }),
    );
  const opened = (project: ReviewProject, pr: GitHubPr) =>
    deliver(project, 'pull_request', gh.pullRequest(nameOf(project), 'opened', pr));
  const synchronized = (project: ReviewProject, pr: GitHubPr, before: string) =>
    deliver(project, 'pull_request', gh.pullRequest(nameOf(project), 'synchronize', pr, before));
  const commented = (project: ReviewProject, pr: GitHubPr, body: string, author = 'octocat') =>
    deliver(project, 'issue_comment', gh.issueComment(nameOf(project), pr.number, body, author));
  /** Goalie's comments on the pull request (the memory host holds no one else's). */
  const comments = (project: ReviewProject, pr: GitHubPr) => repoOf(project).comments.get(pr.number) ?? [];
  /** Every text Goalie's comment had, in order (creation and each edit). */
  const history = (project: ReviewProject, pr: GitHubPr) => repoOf(project).commentHistory.get(pr.number) ?? [];
  const verdicts = (project: ReviewProject, pr: GitHubPr) =>
    repoOf(project).verdicts.filter((v) => v.number === pr.number);
  const statuses = (project: ReviewProject, commit: string) => repoOf(project).statuses.filter((s) => s.sha === commit);
  const finished = (project: ReviewProject, pr: GitHubPr) => m.finished(project.connectionId, pr.number);
  const runStatus = async (runId: string) =>
    (await sql<{ status: string }>(service, 'SELECT status FROM runs WHERE id = $1', [runId]))[0]!.status;
  /** The review's run, once its test case is executing. */
  const runningRun = (reviewId: string) =>
    waitFor(
      'the run to be executing its test case',
      async () => {
        const [row] = await sql<{ id: string; status: string }>(
          service,
          `SELECT r.id, rtc.status FROM reviews v JOIN runs r ON r.id = v.run_id JOIN run_test_cases rtc ON rtc.run_id = r.id WHERE v.id = $1`,
          [reviewId],
        );
        return row?.status === 'RUNNING' ? row : null;
      },
      30_000,
    );

  before(async () => {
    m = await startMemoryReviews();
    service = m.service;
    const apply = async (name: string, repository: string, extra: Parameters<typeof memoryProject>[3] = {}) => {
      const project = await applyReviewProject(service, memoryProject('github', name, repository, extra));
      const repo = repoOf(project);
      repo.permissions.set('octocat', 'write');
      repo.permissions.set('github-actions[bot]', 'write');
      repo.automation.add('github-actions[bot]');
      return project;
    };
    projects.shop = await apply('gh-shop', 'acme/shop');
    projects.failing = await apply('gh-failing', 'acme/failing', { testPlan: 'Failing' });
    projects.drafts = await apply('gh-drafts', 'acme/drafts', { includeDrafts: true });
    projects.limited = await apply('gh-limited', 'acme/limited', { organization: 'Over Limit Org', usageLimit: 0 });
    projects.manual = await apply('gh-manual', 'acme/manual', { autoRun: false });
    projects.quiet = await apply('gh-quiet', 'acme/quiet', { postCommentOnOpened: false });
    projects.context = await apply('gh-context', 'acme/context', {
      context:
        "Go to /about. Verify that 'We sell things' is shown. Focus on the new banner, please. Go to /. Verify that 'Free shipping' is shown.",
    });
    projects.vercel = await apply('net-vercel', 'acme/vercel', { previewOrigins: ['*.vercel.app'] });
    projects.metadata = await apply('net-metadata', 'acme/metadata', { previewOrigins: ['169.254.169.254'] });
    // Previews may be on 10.0.0.5, but the project does not let its browser reach private ranges.
    const closed = await service.apply(
      reviewProjectYaml(memoryProject('github', 'net-closed', 'acme/closed', { previewOrigins: ['10.0.0.5'] })).replace(
        '  slug: net-closed\n',
        '  slug: net-closed\n  network: { allowPrivate: false }\n',
      ),
    );
    const [row] = await sql<{ id: string }>(service, 'SELECT id FROM repository_connections WHERE short_id = $1', [
      closed.repository!.shortId,
    ]);
    projects.closed = {
      summary: closed,
      projectId: closed.project.id,
      connection: closed.repository!.shortId,
      connectionId: row!.id,
      webhookUrl: closed.repository!.webhookUrl,
    };
    await burnInsDone(service);
  });

  afterEach(async () => {
    m.releaseAll();
    await reviewJobsSettled(service);
  });

  after(() => m?.close());

  describe('automatic reviews that wait for deployments', () => {
    it('posts a waiting comment while the preview is not deployed, and starts when the deployment_status success arrives', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      const open = await opened(shop, pr);
      expect(open.body.message).to.match(/waits for deployments: preview/);
      await reviewJobsSettled(service);
      const [waiting] = comments(shop, pr);
      expect(waiting!.body).to.include('waiting for the deployments');
      expect(waiting!.body).to.include('`preview`');
      expect(waiting!.body).to.include(pr.sha.slice(0, 7));
      expect((await reviewsOf(service, shop.connectionId, pr.number)).map((r) => r.status)).to.deep.equal(['WAITING']);

      // A deployment that failed, and one of another commit, start nothing.
      await deployed(shop, pr, PREVIEW.clean, 'failure');
      await deployed(shop, { ...pr, sha: sha() }, PREVIEW.clean);
      expect((await reviewsOf(service, shop.connectionId, pr.number)).map((r) => r.status)).to.deep.equal(['WAITING']);

      const ready = await deployed(shop, pr, PREVIEW.clean);
      expect(ready.body.message).to.match(/deployments ready: review\(s\) .* queued/);
      const review = await finished(shop, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      expect(comments(shop, pr)).to.have.length(1);
      expect(comments(shop, pr)[0]!.body).to.include('Goalie review: Approved');
    });

    it('finds deployments GitHub made before the webhook existed through the API', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      repoOf(shop).deployments.push({ sha: pr.sha, environment: 'preview', url: PREVIEW.clean });
      const open = await opened(shop, pr);
      expect(open.body.message).to.match(/waits for deployments/);
      const review = await finished(shop, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(review.deployment_urls.map((d) => d.url)).to.deep.equal([PREVIEW.clean]);
      expect(repoOf(shop).calls).to.include(`listDeployments ${pr.sha}`);
    });
  });

  describe('review-request comments', () => {
    it('manual: a comment mentioning @Goalie (any case) with the preview URL reviews that URL; the event is "comment"', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      const ignored = await commented(shop, pr, `Looks fine, preview at ${PREVIEW.clean}`);
      expect(ignored.body.message).to.equal('comment without a review request');
      const notMention = await commented(shop, pr, `mail me@goalie.dev about ${PREVIEW.clean}`);
      expect(notMention.body.message).to.equal('comment without a review request');
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(0);

      const asked = await commented(shop, pr, `@GOALIE please review ${PREVIEW.clean}/.`);
      expect(asked.status).to.equal(200);
      expect(asked.body.message).to.include(`queued for ${PREVIEW.clean}/`);
      const review = await finished(shop, pr);
      expect(review).to.include({
        status: 'COMPLETED',
        verdict: 'Approved',
        event: 'comment',
        branch: pr.branch,
        head_sha: pr.sha,
      });
      const [run] = await sql(service, 'SELECT trigger, branch, commit_hash, repository FROM runs WHERE id = $1', [
        review.run_id,
      ]);
      expect(run).to.deep.equal({
        trigger: 'REPOHOST',
        branch: pr.branch,
        commit_hash: pr.sha,
        repository: 'acme/shop',
      });
      const [row] = await sql(service, 'SELECT environment_url FROM run_test_cases WHERE run_id = $1', [review.run_id]);
      expect(row!.environment_url).to.equal(`${PREVIEW.clean}/`);
      expect(comments(shop, pr)).to.have.length(1);
      expect(comments(shop, pr)[0]!.body).to.include('Goalie review: Approved');
      expect(comments(shop, pr)[0]!.body).to.match(/\| comment \|/);
    });

    it('CI-assisted: the comment of a CI job carries the hidden tag, and the event is "ci"', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      const body = `<!-- goalie:ci -->\n@goalie review ${PREVIEW.clean}\n\nRequested by the pipeline of \`${pr.sha.slice(0, 7)}\`.`;
      const asked = await commented(shop, pr, body, 'github-actions[bot]');
      expect(asked.body.message).to.match(/queued for/);
      const review = await finished(shop, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'ci' });
      expect(comments(shop, pr)).to.have.length(1);
      expect(comments(shop, pr)[0]!.body).to.match(/\| CI \|/);
    });

    it("Goalie's own comment does not request a review even though it mentions the service and a URL", async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      await deployed(shop, pr, PREVIEW.clean);
      await opened(shop, pr);
      await finished(shop, pr);
      const own = comments(shop, pr)[0]!;
      const echoed = await commented(shop, pr, `${own.body}\n@goalie ${PREVIEW.clean}`, GITHUB_BOT);
      expect(echoed.body.message).to.equal('comment without a review request');
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(1);
    });
  });

  describe('drafts', () => {
    it('skips a draft pull request when Include Draft is off, and reviews it once it is ready for review', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop, { draft: true });
      await deployed(shop, pr, PREVIEW.clean);
      const open = await opened(shop, pr);
      expect(open.body.message).to.match(/draft change request \d+ skipped/);
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(0);
      await reviewJobsSettled(service);
      expect(comments(shop, pr)).to.have.length(0);

      repoOf(shop).changeRequests.get(pr.number)!.draft = false;
      const ready = await deliver(
        shop,
        'pull_request',
        gh.pullRequest('acme/shop', 'ready_for_review', { ...pr, draft: false }),
      );
      expect(ready.body.message).to.match(/queued/);
      expect(await finished(shop, pr)).to.include({ status: 'COMPLETED', verdict: 'Approved' });
    });

    it('reviews a draft pull request when Include Draft is on', async () => {
      const drafts = projects.drafts!;
      const pr = newPr(drafts, { draft: true });
      await deployed(drafts, pr, PREVIEW.clean);
      const open = await opened(drafts, pr);
      expect(open.body.message).to.match(/queued: deployments ready/);
      const review = await finished(drafts, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      expect(comments(drafts, pr)).to.have.length(1);
    });
  });

  describe('a newer push supersedes the review in progress', () => {
    it("cancels the first review's run, ends it SUPERSEDED, says so in the comment, and reviews the new commit", async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      m.hold('Home shows the greeting');
      await deployed(shop, pr, PREVIEW.clean);
      await opened(shop, pr);
      const first = await waitForReview(service, shop.connectionId, pr.number, ['RUNNING']);
      const running = await runningRun(first.id);

      // GitHub sends a push, then the pull request's synchronize.
      const next = pushTo(shop, pr);
      const push = await deliver(shop, 'push', gh.push('acme/shop', pr.branch, next.sha, pr.sha));
      expect(push.body.message).to.equal(`push to ${pr.branch} superseded 1 review(s)`);
      const superseded = (await reviewsOf(service, shop.connectionId, pr.number))[0]!;
      expect(superseded).to.include({ status: 'SUPERSEDED', superseded_by_sha: next.sha });
      await waitFor('the first run to be cancelled', async () => (await runStatus(running.id)) === 'CANCELLED', 30_000);
      await reviewJobsSettled(service);
      expect(comments(shop, pr)[0]!.body).to.include(
        `The review of \`${pr.sha.slice(0, 7)}\` was cancelled: \`${next.sha.slice(0, 7)}\` is newer`,
      );
      // Its commit's status, pending while it ran, ends: cancelled (GitHub's adapter says `error`).
      expect(statuses(shop, pr.sha).map((s) => [s.state, s.description])).to.deep.equal([
        ['pending', 'Goalie is reviewing this commit'],
        ['cancelled', `Superseded by ${next.sha.slice(0, 7)}`],
      ]);

      m.releaseAll();
      await deployed(shop, next, PREVIEW.clean);
      const sync = await synchronized(shop, next, pr.sha);
      expect(sync.body.message).to.match(/queued: deployments ready/);
      const review = await finished(shop, next);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'updated', head_sha: next.sha });
      expect((await reviewsOf(service, shop.connectionId, pr.number)).map((r) => r.status)).to.deep.equal([
        'SUPERSEDED',
        'COMPLETED',
      ]);
      expect(comments(shop, pr)).to.have.length(1);
      expect(comments(shop, pr)[0]!.body).to.include('Goalie review: Approved');
      // The superseded review posted no verdict; only the new commit has one.
      expect(verdicts(shop, pr).map((v) => [v.verdict, v.sha])).to.deep.equal([['Approved', next.sha]]);
    });

    it('the synchronize alone (no push event) supersedes too, and the new comment says the older review was cancelled', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      m.hold('Home shows the greeting');
      await deployed(shop, pr, PREVIEW.clean);
      await opened(shop, pr);
      const first = await waitForReview(service, shop.connectionId, pr.number, ['RUNNING']);
      const running = await runningRun(first.id);

      const next = pushTo(shop, pr);
      await deployed(shop, next, PREVIEW.clean);
      const sync = await synchronized(shop, next, pr.sha);
      expect(sync.body.message).to.match(/queued/);
      const [old] = await sql(service, 'SELECT status, superseded_by_sha FROM reviews WHERE id = $1', [first.id]);
      expect(old).to.deep.equal({ status: 'SUPERSEDED', superseded_by_sha: next.sha });
      await waitFor('the first run to be cancelled', async () => (await runStatus(running.id)) === 'CANCELLED', 30_000);
      m.releaseAll();
      expect(await finished(shop, next)).to.include({ status: 'COMPLETED', head_sha: next.sha });
      // The one comment now shows the new review, and says that it replaced the cancelled one.
      const [comment] = comments(shop, pr);
      expect(comment!.body).to.include('Goalie review: Approved');
      expect(comment!.body).to.include(
        `The review of \`${pr.sha.slice(0, 7)}\` was cancelled: \`${next.sha.slice(0, 7)}\` is newer.`,
      );
    });

    it('a late event for an older commit (webhooks arrive out of order) gets no review of that commit', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      const newer = pushTo(shop, pr);
      await deployed(shop, pr, PREVIEW.clean);
      await opened(shop, pr);
      const review = await finished(shop, pr);
      expect(review).to.include({ status: 'SUPERSEDED', superseded_by_sha: newer.sha, run_id: null, verdict: null });
      expect(verdicts(shop, pr)).to.have.length(0);
      expect(statuses(shop, pr.sha)).to.have.length(0);
      expect(comments(shop, pr)[0]!.body).to.include(
        `The review of \`${pr.sha.slice(0, 7)}\` was cancelled: \`${newer.sha.slice(0, 7)}\` is newer.`,
      );
    });

    it('a push while the review is starting (before its run exists) cancels the run the review then starts', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      m.hold('Home shows the greeting');
      await deployed(shop, pr, PREVIEW.clean);
      // GitHub takes its time answering the in-progress comment: the review is RUNNING without a run yet.
      const slowComment = repoOf(shop).hold('upsertComment');
      await opened(shop, pr);
      await slowComment.reached;
      const [starting] = await reviewsOf(service, shop.connectionId, pr.number);
      expect(starting).to.include({ status: 'RUNNING', run_id: null });

      const next = pushTo(shop, pr);
      const push = await deliver(shop, 'push', gh.push('acme/shop', pr.branch, next.sha, pr.sha));
      expect(push.body.message).to.equal(`push to ${pr.branch} superseded 1 review(s)`);
      slowComment.release();

      const run = await waitFor(
        'the run of the superseded review to end',
        async () => {
          const [row] = await sql<{ status: string }>(
            service,
            'SELECT r.status FROM reviews v JOIN runs r ON r.id = v.run_id WHERE v.id = $1',
            [starting!.id],
          );
          return row && ['COMPLETED', 'CANCELLED', 'ERROR'].includes(row.status) ? row : null;
        },
        30_000,
      );
      expect(run.status).to.equal('CANCELLED');
      await reviewJobsSettled(service);
      const [review] = await reviewsOf(service, shop.connectionId, pr.number);
      expect(review).to.include({ status: 'SUPERSEDED', verdict: null, superseded_by_sha: next.sha });
      expect(verdicts(shop, pr)).to.have.length(0);
      expect(comments(shop, pr)).to.have.length(1);
      expect(comments(shop, pr)[0]!.body).to.include('Goalie review superseded');
      // The pending status its start set does not stay so.
      expect(statuses(shop, pr.sha).at(-1)?.state).to.equal('cancelled');
    });
  });

  describe('settings', () => {
    it('Review Context: its goal sentences run as checks on the preview, and a failed one requests changes', async () => {
      const context = projects.context!;
      const pr = newPr(context);
      await deployed(context, pr, PREVIEW.clean);
      await opened(context, pr);
      const review = await finished(context, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Changes Requested' });
      expect(review.summary).to.include('Check: Go to /');
      const checks = m.executor.requests.filter(
        (r) => r.name === 'Review context check' && r.baseUrl === PREVIEW.clean,
      );
      expect(checks.map((r) => r.goal)).to.deep.equal([
        "Go to /about\nVerify that 'We sell things' is shown",
        "Go to /\nVerify that 'Free shipping' is shown",
      ]);
      const [comment] = comments(context, pr);
      expect(comment!.body).to.include('Checks from the review context');
      expect(comment!.body).to.include("| ✅ PASSED | Go to /about Verify that 'We sell things' is shown |");
      expect(comment!.body).to.include("| ❌ FAILED | Go to / Verify that 'Free shipping' is shown |");
      expect(comment!.body).to.not.include('Focus on the new banner');
      const page = await (await adminFetch(service, `/reviews/${review.short_id}`)).text();
      expect(page).to.include('Checks from the review context');
    });

    it('Auto-run off: opening a pull request starts nothing; a review-request comment does', async () => {
      const manual = projects.manual!;
      const pr = newPr(manual);
      await deployed(manual, pr, PREVIEW.clean);
      const open = await opened(manual, pr);
      expect(open.body.message).to.equal('auto-run is off: waiting for a review request comment');
      expect(await reviewsOf(service, manual.connectionId, pr.number)).to.have.length(0);
      await commented(manual, pr, `@goalie ${PREVIEW.clean}`);
      const review = await finished(manual, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'comment' });
      expect(comments(manual, pr)).to.have.length(1);
    });

    it('Post Comment on Opened off: no waiting comment, and the review still starts when the deployment is ready', async () => {
      const quiet = projects.quiet!;
      const pr = newPr(quiet);
      const open = await opened(quiet, pr);
      expect(open.body.message).to.match(/waits for deployments/);
      await reviewJobsSettled(service);
      expect(comments(quiet, pr)).to.have.length(0);
      await deployed(quiet, pr, PREVIEW.clean);
      const review = await finished(quiet, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(comments(quiet, pr)).to.have.length(1);
      expect(history(quiet, pr).some((body) => body.includes('waiting for the deployments'))).to.equal(false);
    });
  });

  describe('when GitHub misbehaves', () => {
    /** A pull request of the quiet project whose review waits for its deployment (no comment yet). */
    const waitingPr = async () => {
      const quiet = projects.quiet!;
      const pr = newPr(quiet);
      await opened(quiet, pr);
      await reviewJobsSettled(service);
      const app = service.runtime.app;
      return { quiet, pr, app, connection: (await app.store.reviews.connectionById(quiet.connectionId))! };
    };

    it('jobs writing the comment at the same moment leave one comment, showing the newest state', async () => {
      const { quiet, pr, app, connection } = await waitingPr();
      // The first writer is held at GitHub while the others come.
      const held = repoOf(quiet).hold('upsertComment');
      let settled = 0;
      const writes = [1, 2, 3].map(() => updateComment(app, connection, pr.number).finally(() => settled++));
      await held.reached;
      await waitFor('the other writers to leave the comment to the first', async () => settled === 2, 10_000, 10);
      held.release();
      await Promise.all(writes);
      expect(comments(quiet, pr)).to.have.length(1);
      expect(comments(quiet, pr)[0]!.body).to.include('waiting for the deployments');
      expect(repoOf(quiet).calls.filter((c) => c === `upsertComment ${pr.number}`)).to.have.length(1);
    });

    it('a slow GitHub holds no database transaction while the comment is written', async () => {
      const { quiet, pr, app, connection } = await waitingPr();
      const held = repoOf(quiet).hold('upsertComment');
      const writing = updateComment(app, connection, pr.number);
      await held.reached;
      const [now] = await sql<{ since: Date }>(service, 'SELECT clock_timestamp() AS since');
      // A transaction begun before GitHub was called, and waiting on us while GitHub is, would be
      // "idle in transaction" for as long as GitHub holds the call. Others come and go.
      await waitFor(
        'no transaction of the service waiting on GitHub',
        async () =>
          (
            await sql(
              service,
              `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                AND state = 'idle in transaction' AND xact_start < $1`,
              [now!.since],
            )
          ).length === 0,
        10_000,
        20,
      );
      held.release();
      await writing;
      expect(comments(quiet, pr)).to.have.length(1);
    });

    it('a comment GitHub failed to take is written again by the scheduler', async () => {
      const { quiet, pr, app, connection } = await waitingPr();
      repoOf(quiet).failNext('upsertComment');
      const error = await updateComment(app, connection, pr.number).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, 'the write failed').to.be.an('error');
      expect(comments(quiet, pr)).to.have.length(0);
      await m.tick();
      await reviewJobsSettled(service);
      expect(comments(quiet, pr)).to.have.length(1);
      expect(comments(quiet, pr)[0]!.body).to.include('waiting for the deployments');
    });

    it('a comment whose writer died while holding it is written once its claim runs out', async () => {
      const { quiet, pr, app, connection } = await waitingPr();
      const key = { connectionId: connection.id, changeRequestNumber: pr.number, note: 'review' as const };
      // A writer that claimed the comment and then died.
      await app.store.transaction((tx) =>
        tx.reviews.claimNote(key, 'a writer that died', new Date(Date.now() + NOTE_CLAIM_MS), new Date()),
      );
      await updateComment(app, connection, pr.number);
      expect(comments(quiet, pr), 'another writer holds it: this one only marks it stale').to.have.length(0);
      await m.tick();
      await reviewJobsSettled(service);
      expect(comments(quiet, pr), 'the scheduler leaves a comment claimed by a writer to it').to.have.length(0);

      // Its claim runs out.
      await sql(
        service,
        `UPDATE change_request_notes SET claimed_until = now() - interval '1 second'
          WHERE connection_id = $1 AND change_request_number = $2 AND note = 'review'`,
        [connection.id, pr.number],
      );
      await m.tick();
      await reviewJobsSettled(service);
      expect(comments(quiet, pr)).to.have.length(1);
      expect(comments(quiet, pr)[0]!.body).to.include('waiting for the deployments');
    });

    it('GitHub refusing the native review still leaves the final comment and the commit status', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      repoOf(shop).failNext('submitVerdict');
      await deployed(shop, pr, PREVIEW.clean);
      await opened(shop, pr);
      const review = await finished(shop, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(repoOf(shop).calls).to.include(`submitVerdict ${pr.number}`);
      expect(verdicts(shop, pr)).to.have.length(0);
      expect(comments(shop, pr)[0]!.body).to.include('Goalie review: Approved');
      expect(statuses(shop, pr.sha).map((s) => s.state)).to.deep.equal(['pending', 'success']);
    });
  });

  describe('deliveries', () => {
    it('ignores a repeated delivery (same delivery id): no second review', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      await deployed(shop, pr, PREVIEW.clean);
      const payload = gh.pullRequest('acme/shop', 'opened', pr);
      const deliveryId = '72d3162e-cc78-11e3-81ab-4c9367dc0958';
      const first = await deliver(shop, 'pull_request', payload, { deliveryId });
      const repeated = await deliver(shop, 'pull_request', payload, { deliveryId });
      expect(first.body.message).to.match(/queued/);
      expect(repeated.status).to.equal(200);
      expect(repeated.body.message).to.equal(`delivery ${deliveryId} was already handled`);
      await finished(shop, pr);
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(1);
      expect(comments(shop, pr)).to.have.length(1);
      expect(verdicts(shop, pr)).to.have.length(1);
    });

    it('the same signed pull_request body under a new delivery id, after its review, starts no second review', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      const payload = gh.pullRequest('acme/shop', 'opened', pr);
      await deployed(shop, pr, `${PREVIEW.clean}/`);
      await deliver(shop, 'pull_request', payload);
      expect((await finished(shop, pr)).status).to.equal('COMPLETED');
      const usage = await m.usageOf(shop.projectId);

      const replayed = await deliver(shop, 'pull_request', payload);
      expect(replayed.status).to.equal(200);
      expect(replayed.body.message).to.match(/reviewed less than 10 minutes ago: taken for a replayed delivery/);
      await reviewJobsSettled(service);
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(1);
      expect(await m.usageOf(shop.projectId)).to.equal(usage);
    });

    it('a delivery without X-GitHub-Delivery is known by its body: the same body again is ignored', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      const payload = gh.pullRequest('acme/shop', 'opened', pr);
      const first = await deliver(shop, 'pull_request', payload, { deliveryId: null });
      expect(first.body.message).to.match(/waits for deployments/);
      const again = await deliver(shop, 'pull_request', payload, { deliveryId: null });
      expect(again.body.message).to.match(/^delivery body:[0-9a-f]{64} was already handled$/);
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(1);
    });

    it('a replayed review-request comment (same comment, new delivery id) asks only once', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      const payload = gh.issueComment('acme/shop', pr.number, `@goalie please review ${PREVIEW.clean}/`, 'octocat');
      await deliver(shop, 'issue_comment', payload);
      const replayed = await deliver(shop, 'issue_comment', payload);
      expect(replayed.body.message).to.equal(`comment ${payload.comment.id} was already handled`);
      expect((await finished(shop, pr)).status).to.equal('COMPLETED');
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(1);
    });
    it('answers 401 to a wrong or missing signature, and stores nothing (no review, no delivery)', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      await deployed(shop, pr, PREVIEW.clean);
      const before = await deliveriesOf(service, shop.connectionId);
      const payload = gh.pullRequest('acme/shop', 'opened', pr);
      const wrong = await deliver(shop, 'pull_request', payload, {
        secret: 'not-the-secret-at-all',
        deliveryId: 'bad-signature-1',
      });
      const missing = await deliver(shop, 'pull_request', payload, { secret: null, deliveryId: 'bad-signature-2' });
      for (const answer of [wrong, missing]) {
        expect(answer.status).to.equal(401);
        expect(answer.body.message).to.match(/X-Hub-Signature-256/);
      }
      // Signed with the secret, but over other bytes than the ones delivered (changed on the way).
      const raw = JSON.stringify(payload);
      const tampered = await fetch(`${service.baseUrl}/webhooks/github/${shop.connection}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'pull_request',
          'x-github-delivery': 'bad-signature-3',
          'x-hub-signature-256': signGitHubPayload(GITHUB_SECRET, raw),
        },
        body: raw.replace(pr.branch, 'main'),
      });
      expect(tampered.status).to.equal(401);
      expect(await reviewsOf(service, shop.connectionId, pr.number)).to.have.length(0);
      expect(await deliveriesOf(service, shop.connectionId)).to.deep.equal(before);
      await reviewJobsSettled(service);
      expect(comments(shop, pr)).to.have.length(0);
      // An unknown connection is answered as a wrong signature: nothing says which connections exist.
      const unknown = await deliverGitHub(service, 'repo_doesnotexist', GITHUB_SECRET, 'pull_request', payload);
      expect(unknown.status).to.equal(401);
      expect(unknown.body.message).to.match(/X-Hub-Signature-256/);
    });
  });

  describe('verdicts', () => {
    it('Changes Requested: a test case fails; the verdict and a failure status', async () => {
      const failing = projects.failing!;
      const pr = newPr(failing);
      await deployed(failing, pr, PREVIEW.clean);
      await opened(failing, pr);
      const review = await finished(failing, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Changes Requested' });
      expect(review.summary).to.include('Free shipping banner');
      const [comment] = comments(failing, pr);
      expect(comment!.body).to.include('Goalie review: Changes Requested');
      expect(comment!.body).to.include('1 of 2 passed');
      expect(comment!.body).to.match(/Free shipping banner.*FAILED/);
      expect(comment!.body).to.include('Evaluation details');
      expect(verdicts(failing, pr).map((v) => [v.verdict, v.sha])).to.deep.equal([['Changes Requested', pr.sha]]);
      expect(verdicts(failing, pr)[0]!.body).to.include('Changes Requested');
      expect(statuses(failing, pr.sha).map((s) => s.state)).to.deep.equal(['pending', 'failure']);
    });

    it('Comment: the preview logs a console error (a minor finding)', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      await deployed(shop, pr, PREVIEW.minor);
      await opened(shop, pr);
      const review = await finished(shop, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment' });
      const [comment] = comments(shop, pr);
      expect(comment!.body).to.include('Goalie review: Comment');
      expect(comment!.body).to.include('Analytics failed to load');
      expect(comment!.body).to.match(/\| minor \|/);
      expect(verdicts(shop, pr).map((v) => v.verdict)).to.deep.equal(['Comment']);
      expect(statuses(shop, pr.sha).map((s) => s.state)).to.deep.equal(['pending', 'success']);
    });

    it('Comment: the preview cannot be reached, so nothing could be tested', async () => {
      const shop = projects.shop!;
      const pr = newPr(shop);
      await deployed(shop, pr, PREVIEW.unreachable);
      await opened(shop, pr);
      const review = await finished(shop, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment' });
      expect(review.summary).to.match(/Nothing could be tested/);
      expect(comments(shop, pr)[0]!.body).to.include('Goalie review: Comment');
      expect(verdicts(shop, pr).map((v) => v.verdict)).to.deep.equal(['Comment']);
    });
  });

  describe('usage limit', () => {
    it('an organization over its usage limit gets one comment saying so, and no run', async () => {
      const limited = projects.limited!;
      const pr = newPr(limited);
      await deployed(limited, pr, PREVIEW.clean);
      await opened(limited, pr);
      const review = await finished(limited, pr);
      expect(review.status).to.equal('ERROR');
      expect(review.run_id).to.equal(null);
      expect(review.error_message).to.match(/usage limit/i);
      expect(comments(limited, pr)).to.have.length(1);
      expect(comments(limited, pr)[0]!.body).to.match(/usage limit/i);
      expect(await m.runsOf(limited.projectId)).to.equal(0);
      expect(verdicts(limited, pr)).to.have.length(0);
      // The commit does not keep a "pending" Goalie status forever.
      expect(statuses(limited, pr.sha).at(-1)?.state ?? 'none').to.not.equal('pending');
    });
  });

  describe('where a review may browse', () => {
    /**
     * Deploys `url` as a new pull request's preview and opens it; waits until its review has ended.
     * `visited`: what the browser was asked to open meanwhile (test cases and exploration).
     */
    const reviewOf = async (project: ReviewProject, url: string) => {
      const [executed, explored] = [m.executor.requests.length, m.explorer.explored.length];
      const pr = newPr(project);
      await deployed(project, pr, url);
      await opened(project, pr);
      const review = await finished(project, pr);
      const visited = [
        ...m.executor.requests.slice(executed).map((r) => r.baseUrl),
        ...m.explorer.explored.slice(explored),
      ];
      return { pr, review, visited };
    };

    it('refuses a preview URL outside the allowed preview origins, saying how to allow it', async () => {
      const vercel = projects.vercel!;
      // A preview that listens: nothing at all (browser or not) may reach it.
      const preview = await startPreview(PAGES.clean);
      try {
        const { pr, review, visited } = await reviewOf(vercel, `${preview.url}/`);
        expect(review.status).to.equal('ERROR');
        expect(review.run_id).to.equal(null);
        expect(review.error_message).to.equal(
          `No review was run: the preview URL ${preview.url}/ is not on an allowed preview origin (*.vercel.app). Add its host pattern, such as *.vercel.app, to repository.reviews.previewOrigins in the project YAML and run \`goalie apply\`.`,
        );
        expect(comments(vercel, pr)).to.have.length(1);
        // As the reader sees it: the URL came from outside, so it is written not to be linked.
        expect(unescapeMarkdown(comments(vercel, pr)[0]!.body)).to.include(
          `the preview URL ${preview.url}/ is not on an allowed preview origin`,
        );
        expect(await m.runsOf(vercel.projectId)).to.equal(0);
        expect(visited).to.deep.equal([]);
        expect(preview.hits).to.deep.equal([]);
      } finally {
        await preview.close();
      }
    });

    it('refuses a preview on a private address when the project does not allow private ranges', async () => {
      const closed = projects.closed!;
      const url = 'http://10.0.0.5:8080';
      const { pr, review, visited } = await reviewOf(closed, `${url}/`);
      expect(review.status).to.equal('ERROR');
      expect(review.error_message).to.include(
        `No review was run. The preview URL: the browser may not go to ${url}/: 10.0.0.5:8080 is a private network address, which this project does not allow`,
      );
      expect(comments(closed, pr)).to.have.length(1);
      expect(comments(closed, pr)[0]!.body).to.include('allowPrivate');
      expect(await m.runsOf(closed.projectId)).to.equal(0);
      expect(visited).to.deep.equal([]);
    });

    it('never browses a cloud metadata address, whatever the settings', async () => {
      const metadata = projects.metadata!;
      const { pr, review, visited } = await reviewOf(metadata, 'http://169.254.169.254/latest/meta-data/');
      expect(review.status).to.equal('ERROR');
      expect(review.error_message).to.include(
        '169.254.169.254 is a cloud metadata address, which the browser may never reach',
      );
      expect(comments(metadata, pr)).to.have.length(1);
      expect(await m.runsOf(metadata.projectId)).to.equal(0);
      expect(visited).to.deep.equal([]);
    });
  });
});
