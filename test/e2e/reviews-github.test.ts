// Pull request reviews on GitHub, end to end: a fake GitHub API on 127.0.0.1, real webhook payloads
// from @octokit/webhooks-examples signed with the webhook's secret, a Goalie service with its worker
// (real Postgres, real Chromium), and preview deployments served on 127.0.0.1. What each test checks
// is what people see on the pull request (comments, reviews, commit statuses) and in Goalie.
// A few whole reviews on the wire: connecting the repository, an automatic review to its verdict, a
// review-request comment, a supersede and a failing review. The rest of the review protocol (drafts,
// waiting for deployments, deliveries, settings, GitHub failing, verdicts, limits) runs at memory
// speed in test/integration/review-protocol-github.test.ts; the adapter's calls to GitHub's API in
// test/integration/platforms/github-platform.test.ts.
import { expect } from 'chai';
import { startFakeGitHub, type FakeComment, type FakeGitHub } from '../helpers/fake-github.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitHub,
  diagnose,
  GITHUB_BOT,
  GITHUB_SECRET,
  GITHUB_TOKEN,
  githubPayloads as gh,
  type GitHubPr,
  type Previews,
  type PreviewSite,
  reviewJobsSettled,
  type ReviewProject,
  type ReviewProjectOptions,
  type ReviewRow,
  type ReviewService,
  reviewsOf,
  sha,
  sql,
  startPreviews,
  startReviewService,
  waitForReview,
} from '../helpers/review-harness.js';
import type { TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { adminFetch } from '../helpers/dashboard.js';

describe('pull request reviews on GitHub (e2e)', function () {
  this.timeout(180_000);

  let rs: ReviewService;
  let service: TestService;
  let fake: FakeGitHub;
  let previews: Previews;
  let clean: PreviewSite;
  let staging: PreviewSite;
  let slow: PreviewSite;
  const projects: Record<string, ReviewProject> = {};
  let nextNumber = 100;

  const options = (
    name: string,
    repository: string,
    extra: Partial<ReviewProjectOptions> = {},
  ): ReviewProjectOptions => ({
    name,
    host: 'github',
    hostUrl: fake.url,
    repository,
    token: GITHUB_TOKEN,
    webhookSecret: GITHUB_SECRET,
    stagingUrl: staging.url,
    ...extra,
  });

  /** A new pull request on the fake (fresh number, branch and head SHA). */
  const newPr = (repository: string, extra: Partial<GitHubPr> = {}): GitHubPr => {
    const number = nextNumber++;
    const pr: GitHubPr = { number, branch: `feature-${number}`, sha: sha(), draft: false, ...extra };
    fake.addPull(repository, {
      number,
      branch: pr.branch,
      headSha: pr.sha,
      draft: pr.draft ?? false,
      author: 'octocat',
      title: `Change ${number}`,
    });
    return pr;
  };
  const deliver = (project: ReviewProject, event: string, payload: unknown) =>
    deliverGitHub(service, project.connection, GITHUB_SECRET, event, payload);
  const repoOf = (project: ReviewProject) => project.summary.repository!.repository;
  const deployed = (project: ReviewProject, pr: GitHubPr, url: string) =>
    deliver(
      project,
      'deployment_status',
      gh.deploymentStatus(repoOf(project), { sha: pr.sha, environment: 'preview', url, ref: pr.branch }),
    );
  const opened = (project: ReviewProject, pr: GitHubPr) =>
    deliver(project, 'pull_request', gh.pullRequest(repoOf(project), 'opened', pr));
  const goalieComments = (repository: string, number: number): FakeComment[] =>
    fake.repo(repository).comments.filter((c) => c.issueNumber === number && c.user.login === GITHUB_BOT);
  /** Every text Goalie's comment on the pull request had, in order (creation and each edit). */
  const commentHistory = (repository: string, number: number): string[] => {
    const ids = new Set(goalieComments(repository, number).map((c) => `/repos/${repository}/issues/comments/${c.id}`));
    return fake.requests
      .filter(
        (r) =>
          (r.method === 'POST' && r.path === `/repos/${repository}/issues/${number}/comments`) ||
          (r.method === 'PATCH' && ids.has(r.path)),
      )
      .map((r) => (r.body as { body: string }).body);
  };
  const statusesOf = (repository: string, commit: string) =>
    fake.repo(repository).statuses.filter((s) => s.sha === commit);
  /** The review has ended and everything it posts at the end is on GitHub (the commit status is the last). */
  const finished = async (project: ReviewProject, pr: GitHubPr): Promise<ReviewRow> => {
    const review = await waitForReview(service, project.connectionId, pr.number);
    if (review.status === 'COMPLETED') {
      await waitFor(
        'the final commit status',
        async () => statusesOf(repoOf(project), review.head_sha).some((s) => s.state !== 'pending'),
        30_000,
        50,
      );
    }
    await reviewJobsSettled(service);
    return review;
  };

  before(async () => {
    previews = await startPreviews();
    ({ clean, staging, slow } = previews);
    fake = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } });
    for (const repository of ['acme/shop', 'acme/failing', 'acme/slow']) fake.addRepo(repository);
    rs = await startReviewService();
    service = rs.service;
    projects.shop = await applyReviewProject(service, options('gh-shop', 'acme/shop'));
    projects.failing = await applyReviewProject(
      service,
      options('gh-failing', 'acme/failing', { testPlan: 'Failing' }),
    );
    projects.slow = await applyReviewProject(service, options('gh-slow', 'acme/slow', { testPlan: 'Slow' }));
    await burnInsDone(service);
  });

  afterEach(() => slow?.release());

  after(async () => {
    await rs?.close();
    await fake?.close();
    await Promise.all(Object.values(previews ?? {}).map((site) => site?.close()));
  });

  describe('connecting the repository', () => {
    it('apply creates the webhook on GitHub with the secret, and applying again updates it instead of adding another', async () => {
      const project = projects.shop!;
      expect(project.summary.repository).to.deep.include({
        host: 'github',
        repository: 'acme/shop',
        webhookUrl: `${service.baseUrl}/webhooks/github/${project.connection}`,
      });
      expect(project.summary.repository!.webhook).to.include({ ok: true, created: true });
      const hooks = fake.repo('acme/shop').hooks;
      expect(hooks).to.have.length(1);
      expect(hooks[0]!.config).to.include({ url: project.webhookUrl, content_type: 'json', secret: GITHUB_SECRET });
      expect(hooks[0]!.events).to.have.members(['pull_request', 'issue_comment', 'deployment_status', 'push']);
      expect(hooks[0]!.active).to.equal(true);

      const again = await applyReviewProject(service, options('gh-shop', 'acme/shop'));
      expect(again.connection).to.equal(project.connection);
      expect(again.summary.repository!.webhook).to.deep.equal({ ok: true, created: false, id: String(hooks[0]!.id) });
      expect(fake.repo('acme/shop').hooks).to.have.length(1);
      expect(
        fake.requests.some((r) => r.method === 'PATCH' && r.path === `/repos/acme/shop/hooks/${hooks[0]!.id}`),
      ).to.equal(true);
    });
  });

  describe('an automatic review, deployment reported before the pull request is opened: Approved', () => {
    let pr: GitHubPr;
    let review: ReviewRow;
    let stagingHits: number;

    before(async () => {
      stagingHits = staging.hits.length;
      pr = newPr('acme/shop');
      const deployment = await deployed(projects.shop!, pr, clean.url);
      expect(deployment.status).to.equal(200);
      const open = await opened(projects.shop!, pr);
      expect(open.status).to.equal(200);
      expect(open.body.message).to.match(/queued: deployments ready/);
      review = await finished(projects.shop!, pr);
    });

    it('ends COMPLETED with the verdict Approved, reviewing the head commit on its branch for the event "opened"', () => {
      expect(review).to.include({
        status: 'COMPLETED',
        verdict: 'Approved',
        event: 'opened',
        head_sha: pr.sha,
        branch: pr.branch,
      });
      expect(review.deployment_urls).to.deep.equal([
        { applicationId: review.deployment_urls[0]!.applicationId, url: clean.url, environment: 'preview' },
      ]);
    });

    it('showed an in-progress comment first: the review page link, the project, the PR number, the branch and the event', () => {
      const history = commentHistory('acme/shop', pr.number);
      const inProgress = history.find((body) => body.includes('Goalie review in progress'));
      expect(inProgress, history.join('\n-----\n')).to.be.a('string');
      expect(inProgress).to.include(`${service.baseUrl}/reviews/${review.short_id}`);
      expect(inProgress).to.include('gh-shop');
      expect(inProgress).to.include(`#${pr.number}`);
      expect(inProgress).to.include(pr.branch);
      expect(inProgress).to.match(/\| opened \|/);
    });

    it('leaves exactly one Goalie comment: the verdict, the summary, the results table and the exploration', () => {
      const comments = goalieComments('acme/shop', pr.number);
      expect(comments).to.have.length(1);
      const body = comments[0]!.body;
      expect(body).to.include('Goalie review: Approved');
      expect(body).to.include(review.summary!);
      expect(body).to.include('Home shows the greeting');
      expect(body).to.match(/PASSED/);
      expect(body).to.include('1 of 1 passed');
      expect(body).to.match(/\*\*Exploration\*\*: \d+ pages? visited, nothing found/);
      expect(body).to.include(`${service.baseUrl}/reviews/${review.short_id}`);
    });

    it('submits a native APPROVE review of the head commit', () => {
      const reviews = fake.repo('acme/shop').reviews.filter((r) => r.pullNumber === pr.number);
      expect(reviews).to.have.length(1);
      expect(reviews[0]).to.deep.include({ state: 'APPROVED', commitId: pr.sha });
      expect(reviews[0]!.user.login).to.equal(GITHUB_BOT);
      expect(reviews[0]!.body).to.include('Approved');
    });

    it('sets the commit status goalie/review: pending while reviewing, then success, linking to the review', () => {
      const statuses = statusesOf('acme/shop', pr.sha);
      expect(statuses.map((s) => s.state)).to.deep.equal(['pending', 'success']);
      for (const s of statuses)
        expect(s).to.include({ context: 'goalie/review', targetUrl: `${service.baseUrl}/reviews/${review.short_id}` });
      expect(statuses[1]!.description).to.include('Approved');
    });

    it('attributes the run to the repository host: trigger REPOHOST, branch, head SHA, repository', async () => {
      const [run] = await sql(service, 'SELECT * FROM runs WHERE id = $1', [review.run_id]);
      expect(run).to.include({
        trigger: 'REPOHOST',
        branch: pr.branch,
        commit_hash: pr.sha,
        repository: 'acme/shop',
        status: 'COMPLETED',
        result: 'PASSED',
      });
    });

    it("tests the preview: its URL overrides the application's environment", async () => {
      const rows = await sql(service, 'SELECT name, environment_url, result FROM run_test_cases WHERE run_id = $1', [
        review.run_id,
      ]);
      expect(rows).to.deep.equal([{ name: 'Home shows the greeting', environment_url: clean.url, result: 'PASSED' }]);
      expect(staging.hits.length).to.equal(stagingHits); // the application's own environment is never visited
      expect(clean.hits).to.include('/about'); // explored
    });

    it('shows the verdict on the review page', async () => {
      const response = await adminFetch(service, `/reviews/${review.short_id}`);
      expect(response.status).to.equal(200);
      const page = await response.text();
      expect(page).to.match(/Verdict: <span class="badge Approved">Approved<\/span>/);
      expect(page).to.include('>completed<');
      expect(page).to.include(pr.branch);
      expect(page).to.include(pr.sha);
      expect(page).to.include('Home shows the greeting');
    });
  });

  describe('review-request comments', () => {
    it('manual: a comment mentioning @Goalie (any case) with the preview URL reviews that URL; the event is "comment"', async () => {
      const pr = newPr('acme/shop');
      const ignored = await deliver(
        projects.shop!,
        'issue_comment',
        gh.issueComment('acme/shop', pr.number, `Looks fine, preview at ${clean.url}`),
      );
      expect(ignored.body.message).to.equal('comment without a review request');
      const notMention = await deliver(
        projects.shop!,
        'issue_comment',
        gh.issueComment('acme/shop', pr.number, `mail me@goalie.dev about ${clean.url}`),
      );
      expect(notMention.body.message).to.equal('comment without a review request');
      expect(await reviewsOf(service, projects.shop!.connectionId, pr.number)).to.have.length(0);

      const asked = await deliver(
        projects.shop!,
        'issue_comment',
        gh.issueComment('acme/shop', pr.number, `@GOALIE please review ${clean.url}/.`),
      );
      expect(asked.status).to.equal(200);
      expect(asked.body.message).to.include(`queued for ${clean.url}/`);
      const review = await finished(projects.shop!, pr);
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
      expect(row!.environment_url).to.equal(`${clean.url}/`);
      const comments = goalieComments('acme/shop', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.include('Goalie review: Approved');
      expect(comments[0]!.body).to.match(/\| comment \|/);
    });
  });

  describe('a newer push supersedes the review in progress', () => {
    it("cancels the first review's run, ends it SUPERSEDED, says so in the comment, and reviews the new commit", async () => {
      const pr = newPr('acme/slow');
      slow.hold('/slow');
      await deployed(projects.slow!, pr, slow.url);
      await opened(projects.slow!, pr);
      const first = await waitForReview(service, projects.slow!.connectionId, pr.number, ['RUNNING']);
      const running = await waitFor(
        'the run to be executing the slow test case',
        async () => {
          const [row] = await sql(
            service,
            `SELECT r.id, rtc.status FROM reviews v JOIN runs r ON r.id = v.run_id JOIN run_test_cases rtc ON rtc.run_id = r.id WHERE v.id = $1`,
            [first.id],
          );
          return row?.status === 'RUNNING' ? row : null;
        },
        60_000,
      );

      // GitHub sends a push, then the pull request's synchronize.
      const second = sha();
      fake.repo('acme/slow').pulls.get(pr.number)!.headSha = second;
      const push = await deliver(projects.slow!, 'push', gh.push('acme/slow', pr.branch, second, pr.sha));
      expect(push.body.message).to.equal(`push to ${pr.branch} superseded 1 review(s)`);
      const superseded = (await reviewsOf(service, projects.slow!.connectionId, pr.number))[0]!;
      expect(superseded).to.include({ status: 'SUPERSEDED', superseded_by_sha: second });
      const run = await waitFor(
        'the first run to be cancelled',
        async () => {
          const [row] = await sql(service, 'SELECT status FROM runs WHERE id = $1', [running.id]);
          return row?.status === 'CANCELLED' ? row : null;
        },
        30_000,
      ).catch(async (e) => {
        console.log('DIAG', await diagnose(service));
        throw e;
      });
      expect(run.status).to.equal('CANCELLED');
      const said = await waitFor(
        'the comment to say the review was superseded',
        async () => goalieComments('acme/slow', pr.number).find((c) => c.body.includes('superseded')),
        30_000,
      );
      expect(said.body).to.include(
        `The review of \`${pr.sha.slice(0, 7)}\` was cancelled: \`${second.slice(0, 7)}\` is newer`,
      );
      // Its commit's status, pending while it ran, ends: GitHub has no cancelled state, so error.
      const ended = await waitFor(
        'the first commit status to end',
        async () => {
          const last = fake
            .repo('acme/slow')
            .statuses.filter((s) => s.sha === pr.sha)
            .at(-1);
          return last && last.state !== 'pending' ? last : null;
        },
        30_000,
      );
      expect(ended).to.include({ state: 'error', description: `Superseded by ${second.slice(0, 7)}` });

      slow.release();
      await deployed(projects.slow!, { ...pr, sha: second }, slow.url);
      const sync = await deliver(
        projects.slow!,
        'pull_request',
        gh.pullRequest('acme/slow', 'synchronize', { ...pr, sha: second }, pr.sha),
      );
      expect(sync.body.message).to.match(/queued: deployments ready/);
      const next = await finished(projects.slow!, { ...pr, sha: second });
      expect(next).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'updated', head_sha: second });
      const reviews = await reviewsOf(service, projects.slow!.connectionId, pr.number);
      expect(reviews.map((r) => r.status)).to.deep.equal(['SUPERSEDED', 'COMPLETED']);
      const comments = goalieComments('acme/slow', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.include('Goalie review: Approved');
      // The superseded review posted no verdict; its commit's status does not stay pending.
      expect(fake.repo('acme/slow').reviews.filter((r) => r.commitId === pr.sha)).to.have.length(0);
      expect(
        fake
          .repo('acme/slow')
          .reviews.filter((r) => r.commitId === second)
          .map((r) => r.state),
      ).to.deep.equal(['APPROVED']);
    });
  });

  describe('verdicts', () => {
    it('Changes Requested: a test case fails; REQUEST_CHANGES review and a failure status', async () => {
      const pr = newPr('acme/failing');
      await deployed(projects.failing!, pr, clean.url);
      await opened(projects.failing!, pr);
      const review = await finished(projects.failing!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Changes Requested' });
      expect(review.summary).to.include('Free shipping banner');
      const [comment] = goalieComments('acme/failing', pr.number);
      expect(comment!.body).to.include('Goalie review: Changes Requested');
      expect(comment!.body).to.include('1 of 2 passed');
      expect(comment!.body).to.match(/Free shipping banner.*FAILED/);
      expect(comment!.body).to.include('Evaluation details');
      expect(
        fake
          .repo('acme/failing')
          .reviews.filter((r) => r.pullNumber === pr.number)
          .map((r) => r.state),
      ).to.deep.equal(['CHANGES_REQUESTED']);
      expect(statusesOf('acme/failing', pr.sha).map((s) => s.state)).to.deep.equal(['pending', 'failure']);
    });
  });
});
