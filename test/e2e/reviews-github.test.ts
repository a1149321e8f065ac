// Pull request reviews on GitHub, end to end: a fake GitHub API on 127.0.0.1, real webhook payloads
// from @octokit/webhooks-examples signed with the webhook's secret, a Goalie service with its worker
// (real Postgres, real Chromium), and preview deployments served on 127.0.0.1. What each test checks
// is what people see on the pull request (comments, reviews, commit statuses) and in Goalie.
import { expect } from 'chai';
import { updateComment } from '../../backend/src/app/review/update-comment.js';
import { signGitHubPayload } from '../../backend/src/platforms/github/index.js';
import { startFakeGitHub, type FakeComment, type FakeGitHub } from '../helpers/fake-github.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitHub,
  deliveriesOf,
  diagnose,
  GITHUB_BOT,
  GITHUB_SECRET,
  GITHUB_TOKEN,
  type GitHubDeliveryOptions,
  githubPayloads as gh,
  type GitHubPr,
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
  unreachableUrl,
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
  let clean: PreviewSite;
  let minor: PreviewSite;
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
  const deliver = (project: ReviewProject, event: string, payload: unknown, opts?: GitHubDeliveryOptions) =>
    deliverGitHub(service, project.connection, GITHUB_SECRET, event, payload, opts);
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
    ({ clean, minor, staging, slow } = await startPreviews());
    fake = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } });
    for (const repository of [
      'acme/shop',
      'acme/failing',
      'acme/drafts',
      'acme/slow',
      'acme/limited',
      'acme/manual',
      'acme/quiet',
      'acme/context',
    ])
      fake.addRepo(repository);
    rs = await startReviewService();
    service = rs.service;
    projects.shop = await applyReviewProject(service, options('gh-shop', 'acme/shop'));
    projects.failing = await applyReviewProject(
      service,
      options('gh-failing', 'acme/failing', { testPlan: 'Failing' }),
    );
    projects.drafts = await applyReviewProject(service, options('gh-drafts', 'acme/drafts', { includeDrafts: true }));
    projects.slow = await applyReviewProject(service, options('gh-slow', 'acme/slow', { testPlan: 'Slow' }));
    projects.limited = await applyReviewProject(
      service,
      options('gh-limited', 'acme/limited', { organization: 'Over Limit Org', usageLimit: 0 }),
    );
    projects.manual = await applyReviewProject(service, options('gh-manual', 'acme/manual', { autoRun: false }));
    projects.quiet = await applyReviewProject(
      service,
      options('gh-quiet', 'acme/quiet', { postCommentOnOpened: false }),
    );
    projects.context = await applyReviewProject(
      service,
      options('gh-context', 'acme/context', {
        context:
          "Go to /about. Verify that 'We sell things' is shown. Focus on the new banner, please. Go to /. Verify that 'Free shipping' is shown.",
      }),
    );
    await burnInsDone(service);
  });

  afterEach(() => slow?.release());

  after(async () => {
    await rs?.close();
    await fake?.close();
    await Promise.all([clean, minor, staging, slow].map((site) => site?.close()));
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

  describe('automatic reviews that wait for deployments', () => {
    it('posts a waiting comment while the preview is not deployed, and starts when the deployment_status success arrives', async () => {
      const pr = newPr('acme/shop');
      const open = await opened(projects.shop!, pr);
      expect(open.body.message).to.match(/waits for deployments: preview/);
      const waiting = await waitFor(
        'the waiting comment',
        async () => goalieComments('acme/shop', pr.number).find((c) => c.body.includes('waiting for the deployments')),
        30_000,
      );
      expect(waiting.body).to.include('`preview`');
      expect(waiting.body).to.include(pr.sha.slice(0, 7));
      expect((await reviewsOf(service, projects.shop!.connectionId, pr.number)).map((r) => r.status)).to.deep.equal([
        'WAITING',
      ]);

      // A deployment that failed, and one of another commit, start nothing.
      await deliver(
        projects.shop!,
        'deployment_status',
        gh.deploymentStatus('acme/shop', { sha: pr.sha, environment: 'preview', url: clean.url, state: 'failure' }),
      );
      await deliver(
        projects.shop!,
        'deployment_status',
        gh.deploymentStatus('acme/shop', { sha: sha(), environment: 'preview', url: clean.url }),
      );
      expect((await reviewsOf(service, projects.shop!.connectionId, pr.number)).map((r) => r.status)).to.deep.equal([
        'WAITING',
      ]);

      const ready = await deployed(projects.shop!, pr, clean.url);
      expect(ready.body.message).to.match(/deployments ready: review\(s\) .* queued/);
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      const comments = goalieComments('acme/shop', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.include('Goalie review: Approved');
    });

    it('finds deployments GitHub made before the webhook existed through the API', async () => {
      const pr = newPr('acme/shop');
      fake.addDeployment('acme/shop', { sha: pr.sha, environment: 'preview', ref: pr.branch }, [
        { state: 'in_progress' },
        { state: 'success', environment_url: clean.url },
      ]);
      const open = await opened(projects.shop!, pr);
      expect(open.body.message).to.match(/waits for deployments/);
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(review.deployment_urls.map((d) => d.url)).to.deep.equal([clean.url]);
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

    it('CI-assisted: the comment of a CI job carries the hidden tag, and the event is "ci"', async () => {
      const pr = newPr('acme/shop');
      const body = `<!-- goalie:ci -->\n@goalie review ${clean.url}\n\nRequested by the pipeline of \`${pr.sha.slice(0, 7)}\`.`;
      const asked = await deliver(
        projects.shop!,
        'issue_comment',
        gh.issueComment('acme/shop', pr.number, body, 'github-actions[bot]'),
      );
      expect(asked.body.message).to.match(/queued for/);
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'ci' });
      const comments = goalieComments('acme/shop', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.match(/\| CI \|/);
    });

    it("Goalie's own comment does not request a review even though it mentions the service and a URL", async () => {
      const pr = newPr('acme/shop');
      await deployed(projects.shop!, pr, clean.url);
      await opened(projects.shop!, pr);
      await finished(projects.shop!, pr);
      const own = goalieComments('acme/shop', pr.number)[0]!;
      const echoed = await deliver(
        projects.shop!,
        'issue_comment',
        gh.issueComment('acme/shop', pr.number, `${own.body}\n@goalie ${clean.url}`, GITHUB_BOT),
      );
      expect(echoed.body.message).to.equal('comment without a review request');
      expect(await reviewsOf(service, projects.shop!.connectionId, pr.number)).to.have.length(1);
    });
  });

  describe('drafts', () => {
    it('skips a draft pull request when Include Draft is off, and reviews it once it is ready for review', async () => {
      const pr = newPr('acme/shop', { draft: true });
      await deployed(projects.shop!, pr, clean.url);
      const open = await opened(projects.shop!, pr);
      expect(open.body.message).to.match(/draft change request \d+ skipped/);
      expect(await reviewsOf(service, projects.shop!.connectionId, pr.number)).to.have.length(0);
      expect(goalieComments('acme/shop', pr.number)).to.have.length(0);

      fake.repo('acme/shop').pulls.get(pr.number)!.draft = false;
      const ready = await deliver(
        projects.shop!,
        'pull_request',
        gh.pullRequest('acme/shop', 'ready_for_review', { ...pr, draft: false }),
      );
      expect(ready.body.message).to.match(/queued/);
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
    });

    it('reviews a draft pull request when Include Draft is on', async () => {
      const pr = newPr('acme/drafts', { draft: true });
      await deployed(projects.drafts!, pr, clean.url);
      const open = await opened(projects.drafts!, pr);
      expect(open.body.message).to.match(/queued: deployments ready/);
      const review = await finished(projects.drafts!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      expect(goalieComments('acme/drafts', pr.number)).to.have.length(1);
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

    it('the synchronize alone (no push event) supersedes too, and the new comment says the older review was cancelled', async () => {
      const pr = newPr('acme/slow');
      slow.hold('/slow');
      await deployed(projects.slow!, pr, slow.url);
      await opened(projects.slow!, pr);
      const first = await waitForReview(service, projects.slow!.connectionId, pr.number, ['RUNNING']);
      await waitFor(
        'the first run to exist',
        async () => (await reviewsOf(service, projects.slow!.connectionId, pr.number))[0]!.run_id,
        60_000,
      );

      const second = sha();
      fake.repo('acme/slow').pulls.get(pr.number)!.headSha = second;
      await deployed(projects.slow!, { ...pr, sha: second }, slow.url);
      const sync = await deliver(
        projects.slow!,
        'pull_request',
        gh.pullRequest('acme/slow', 'synchronize', { ...pr, sha: second }, pr.sha),
      );
      expect(sync.body.message).to.match(/queued/);
      const [old] = await sql(service, 'SELECT status, superseded_by_sha, run_id FROM reviews WHERE id = $1', [
        first.id,
      ]);
      expect(old).to.include({ status: 'SUPERSEDED', superseded_by_sha: second });
      await waitFor(
        'the first run to be cancelled',
        async () =>
          (await sql(service, 'SELECT status FROM runs WHERE id = $1', [old!.run_id]))[0]!.status === 'CANCELLED',
        30_000,
      ).catch(async (e) => {
        console.log('DIAG', await diagnose(service));
        throw e;
      });
      slow.release();
      const next = await finished(projects.slow!, { ...pr, sha: second });
      expect(next).to.include({ status: 'COMPLETED', head_sha: second });
      // The one comment now shows the new review, and says that it replaced the cancelled one.
      const [comment] = goalieComments('acme/slow', pr.number);
      expect(comment!.body).to.include('Goalie review: Approved');
      expect(comment!.body).to.include(
        `The review of \`${pr.sha.slice(0, 7)}\` was cancelled: \`${second.slice(0, 7)}\` is newer.`,
      );
    });

    it('a late event for an older commit (webhooks arrive out of order) gets no review of that commit', async () => {
      const pr = newPr('acme/shop');
      const newer = sha();
      fake.repo('acme/shop').pulls.get(pr.number)!.headSha = newer;
      await deployed(projects.shop!, pr, clean.url);
      await opened(projects.shop!, pr);
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'SUPERSEDED', superseded_by_sha: newer, run_id: null, verdict: null });
      expect(fake.repo('acme/shop').reviews.filter((r) => r.pullNumber === pr.number)).to.have.length(0);
      expect(statusesOf('acme/shop', pr.sha)).to.have.length(0);
      const [comment] = goalieComments('acme/shop', pr.number);
      expect(comment!.body).to.include(
        `The review of \`${pr.sha.slice(0, 7)}\` was cancelled: \`${newer.slice(0, 7)}\` is newer.`,
      );
    });

    it('a push while the review is starting (before its run exists) cancels the run the review then starts', async () => {
      const pr = newPr('acme/shop');
      await deployed(projects.shop!, pr, clean.url);
      // GitHub takes its time answering the in-progress comment: the review is RUNNING without a run yet.
      fake.delayNext(1, 2000, { method: 'POST' });
      await opened(projects.shop!, pr);
      await waitFor(
        'the in-progress comment to reach GitHub',
        async () =>
          fake.requests.some((r) => r.method === 'POST' && r.path === `/repos/acme/shop/issues/${pr.number}/comments`),
        30_000,
        10,
      );
      const [starting] = await reviewsOf(service, projects.shop!.connectionId, pr.number);
      expect(starting).to.include({ status: 'RUNNING', run_id: null });

      const second = sha();
      fake.repo('acme/shop').pulls.get(pr.number)!.headSha = second;
      const push = await deliver(projects.shop!, 'push', gh.push('acme/shop', pr.branch, second, pr.sha));
      expect(push.body.message).to.equal(`push to ${pr.branch} superseded 1 review(s)`);

      const run = await waitFor(
        'the run of the superseded review to end',
        async () => {
          const [row] = await sql(
            service,
            'SELECT r.status FROM reviews v JOIN runs r ON r.id = v.run_id WHERE v.id = $1',
            [starting!.id],
          );
          return row && ['COMPLETED', 'CANCELLED', 'ERROR'].includes(row.status) ? row : null;
        },
        60_000,
      );
      expect(run.status).to.equal('CANCELLED');
      await reviewJobsSettled(service);
      const [review] = await reviewsOf(service, projects.shop!.connectionId, pr.number);
      expect(review).to.include({ status: 'SUPERSEDED', verdict: null, superseded_by_sha: second });
      expect(fake.repo('acme/shop').reviews.filter((r) => r.pullNumber === pr.number)).to.have.length(0);
      const comments = goalieComments('acme/shop', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.include('Goalie review superseded');
    });
  });

  describe('settings', () => {
    it('Review Context: its goal sentences run as checks on the preview, and a failed one requests changes', async () => {
      const pr = newPr('acme/context');
      await deployed(projects.context!, pr, clean.url);
      await opened(projects.context!, pr);
      const review = await finished(projects.context!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Changes Requested' });
      expect(review.summary).to.include('Check: Go to /');
      const [comment] = goalieComments('acme/context', pr.number);
      expect(comment!.body).to.include('Checks from the review context');
      expect(comment!.body).to.include("| ✅ PASSED | Go to /about Verify that 'We sell things' is shown |");
      expect(comment!.body).to.include("| ❌ FAILED | Go to / Verify that 'Free shipping' is shown |");
      expect(comment!.body).to.not.include('Focus on the new banner');
      const page = await (await adminFetch(service, `/reviews/${review.short_id}`)).text();
      expect(page).to.include('Checks from the review context');
    });

    it('Auto-run off: opening a pull request starts nothing; a review-request comment does', async () => {
      const pr = newPr('acme/manual');
      await deployed(projects.manual!, pr, clean.url);
      const open = await opened(projects.manual!, pr);
      expect(open.body.message).to.equal('auto-run is off: waiting for a review request comment');
      expect(await reviewsOf(service, projects.manual!.connectionId, pr.number)).to.have.length(0);
      await deliver(
        projects.manual!,
        'issue_comment',
        gh.issueComment('acme/manual', pr.number, `@goalie ${clean.url}`),
      );
      const review = await finished(projects.manual!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'comment' });
      expect(goalieComments('acme/manual', pr.number)).to.have.length(1);
    });

    it('Post Comment on Opened off: no waiting comment, and the review still starts when the deployment is ready', async () => {
      const pr = newPr('acme/quiet');
      const open = await opened(projects.quiet!, pr);
      expect(open.body.message).to.match(/waits for deployments/);
      await reviewJobsSettled(service);
      expect(goalieComments('acme/quiet', pr.number)).to.have.length(0);
      await deployed(projects.quiet!, pr, clean.url);
      const review = await finished(projects.quiet!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      const comments = goalieComments('acme/quiet', pr.number);
      expect(comments).to.have.length(1);
      expect(
        commentHistory('acme/quiet', pr.number).some((body) => body.includes('waiting for the deployments')),
      ).to.equal(false);
    });
  });

  describe('when GitHub misbehaves', () => {
    /** A pull request of the quiet project whose review waits for its deployment (no comment yet). */
    const waitingPr = async () => {
      const pr = newPr('acme/quiet');
      await opened(projects.quiet!, pr);
      await reviewJobsSettled(service);
      const app = service.runtime.app;
      return { pr, app, connection: (await app.store.reviews.connectionById(projects.quiet!.connectionId))! };
    };

    it('jobs writing the comment at the same moment leave one comment, showing the newest state', async () => {
      const { pr, app, connection } = await waitingPr();
      fake.delayNext(3, 300, { method: 'GET' });
      await Promise.all([1, 2, 3].map(() => updateComment(app, connection, pr.number)));
      const comments = goalieComments('acme/quiet', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.include('waiting for the deployments');
    });

    it('a slow GitHub holds no database transaction while the comment is written', async () => {
      const { pr, app, connection } = await waitingPr();
      const since = fake.requests.length;
      fake.delayNext(1, 3000, { method: 'GET' });
      const writing = updateComment(app, connection, pr.number);
      await waitFor(
        'the comment lookup to reach GitHub',
        async () =>
          fake.requests
            .slice(since)
            .some((r) => r.method === 'GET' && r.path.includes(`/issues/${pr.number}/comments`)),
        10_000,
        10,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Any transaction of the service open for a second now would be one waiting on GitHub.
      const open = await sql(
        service,
        `SELECT state, left(query, 200) AS query FROM pg_stat_activity
        WHERE datname = current_database() AND xact_start < now() - interval '1 second' AND pid <> pg_backend_pid()`,
      );
      expect(open).to.deep.equal([]);
      await writing;
      expect(goalieComments('acme/quiet', pr.number)).to.have.length(1);
    });

    it('a comment GitHub failed to take is written again by the scheduler', async () => {
      const { pr, app, connection } = await waitingPr();
      fake.failNext(4, 502, { method: 'POST' });
      const error = await updateComment(app, connection, pr.number).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, 'the write failed on every try').to.be.an('error');
      expect(goalieComments('acme/quiet', pr.number)).to.have.length(0);
      await rs.worker.scheduler.tick();
      await reviewJobsSettled(service);
      const comments = goalieComments('acme/quiet', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.include('waiting for the deployments');
    });

    it('a comment whose writer died while holding it is written once its claim runs out', async () => {
      const { pr, app, connection } = await waitingPr();
      const key = { connectionId: connection.id, changeRequestNumber: pr.number, note: 'review' as const };
      // A writer that claimed the comment for two seconds and then died.
      await app.store.transaction((tx) =>
        tx.reviews.claimNote(key, 'a writer that died', new Date(Date.now() + 2000), new Date()),
      );
      await updateComment(app, connection, pr.number);
      expect(
        goalieComments('acme/quiet', pr.number),
        'another writer holds it: this one only marks it stale',
      ).to.have.length(0);
      await waitFor(
        'the comment written after the claim ran out',
        async () => {
          await rs.worker.scheduler.tick();
          return goalieComments('acme/quiet', pr.number).length === 1;
        },
        30_000,
        250,
      );
      expect(goalieComments('acme/quiet', pr.number)[0]!.body).to.include('waiting for the deployments');
    });

    it('GitHub refusing the native review still leaves the final comment and the commit status', async () => {
      const pr = newPr('acme/shop');
      await deployed(projects.shop!, pr, clean.url);
      await opened(projects.shop!, pr);
      await waitFor(
        'the pending status',
        async () => statusesOf('acme/shop', pr.sha).some((s) => s.state === 'pending'),
        60_000,
        10,
      );
      // The next POST is the review: it fails, also on every retry.
      fake.failNext(4, 502, { method: 'POST' });
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(fake.repo('acme/shop').reviews.filter((r) => r.pullNumber === pr.number)).to.have.length(0);
      expect(goalieComments('acme/shop', pr.number)[0]!.body).to.include('Goalie review: Approved');
      expect(statusesOf('acme/shop', pr.sha).map((s) => s.state)).to.deep.equal(['pending', 'success']);
    });
  });

  describe('deliveries', () => {
    it('ignores a repeated delivery (same delivery id): no second review', async () => {
      const pr = newPr('acme/shop');
      await deployed(projects.shop!, pr, clean.url);
      const payload = gh.pullRequest('acme/shop', 'opened', pr);
      const deliveryId = '72d3162e-cc78-11e3-81ab-4c9367dc0958';
      const first = await deliver(projects.shop!, 'pull_request', payload, { deliveryId });
      const repeated = await deliver(projects.shop!, 'pull_request', payload, { deliveryId });
      expect(first.body.message).to.match(/queued/);
      expect(repeated.status).to.equal(200);
      expect(repeated.body.message).to.equal(`delivery ${deliveryId} was already handled`);
      await finished(projects.shop!, pr);
      expect(await reviewsOf(service, projects.shop!.connectionId, pr.number)).to.have.length(1);
      expect(goalieComments('acme/shop', pr.number)).to.have.length(1);
      expect(fake.repo('acme/shop').reviews.filter((r) => r.pullNumber === pr.number)).to.have.length(1);
    });

    it('answers 401 to a wrong or missing signature, and stores nothing (no review, no delivery)', async () => {
      const pr = newPr('acme/shop');
      await deployed(projects.shop!, pr, clean.url);
      const before = await deliveriesOf(service, projects.shop!.connectionId);
      const payload = gh.pullRequest('acme/shop', 'opened', pr);
      const wrong = await deliver(projects.shop!, 'pull_request', payload, {
        secret: 'not-the-secret-at-all',
        deliveryId: 'bad-signature-1',
      });
      const missing = await deliver(projects.shop!, 'pull_request', payload, {
        secret: null,
        deliveryId: 'bad-signature-2',
      });
      for (const answer of [wrong, missing]) {
        expect(answer.status).to.equal(401);
        expect(answer.body.message).to.match(/X-Hub-Signature-256/);
      }
      // Signed with the secret, but over other bytes than the ones delivered (changed on the way).
      const raw = JSON.stringify(payload);
      const tampered = await fetch(`${service.baseUrl}/webhooks/github/${projects.shop!.connection}`, {
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
      expect(await reviewsOf(service, projects.shop!.connectionId, pr.number)).to.have.length(0);
      expect(await deliveriesOf(service, projects.shop!.connectionId)).to.deep.equal(before);
      expect(goalieComments('acme/shop', pr.number)).to.have.length(0);
      // An unknown connection is answered as a wrong signature: nothing says which connections exist.
      const unknown = await deliverGitHub(service, 'repo_doesnotexist', GITHUB_SECRET, 'pull_request', payload);
      expect(unknown.status).to.equal(401);
      expect(unknown.body.message).to.match(/X-Hub-Signature-256/);
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

    it('Comment: the preview logs a console error (a minor finding); COMMENT review', async () => {
      const pr = newPr('acme/shop');
      await deployed(projects.shop!, pr, minor.url);
      await opened(projects.shop!, pr);
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment' });
      const [comment] = goalieComments('acme/shop', pr.number);
      expect(comment!.body).to.include('Goalie review: Comment');
      expect(comment!.body).to.include('Analytics failed to load');
      expect(comment!.body).to.match(/\| minor \|/);
      expect(
        fake
          .repo('acme/shop')
          .reviews.filter((r) => r.pullNumber === pr.number)
          .map((r) => r.state),
      ).to.deep.equal(['COMMENTED']);
      expect(statusesOf('acme/shop', pr.sha).map((s) => s.state)).to.deep.equal(['pending', 'success']);
    });

    it('Comment: the preview cannot be reached, so nothing could be tested', async () => {
      const pr = newPr('acme/shop');
      await deployed(projects.shop!, pr, await unreachableUrl());
      await opened(projects.shop!, pr);
      const review = await finished(projects.shop!, pr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment' });
      expect(review.summary).to.match(/Nothing could be tested/);
      const [comment] = goalieComments('acme/shop', pr.number);
      expect(comment!.body).to.include('Goalie review: Comment');
      expect(
        fake
          .repo('acme/shop')
          .reviews.filter((r) => r.pullNumber === pr.number)
          .map((r) => r.state),
      ).to.deep.equal(['COMMENTED']);
    });
  });

  describe("Goalie's one comment", () => {
    it('is found among 150 other comments (every page read) and updated in place across reviews', async () => {
      const pr = newPr('acme/shop');
      fake.addComments('acme/shop', pr.number, 150, { author: 'octocat' });
      await deployed(projects.shop!, pr, clean.url);
      await opened(projects.shop!, pr);
      await finished(projects.shop!, pr);
      // More discussion, then a new commit: its review must find the comment on the second page.
      fake.addComments('acme/shop', pr.number, 20, { author: 'hubot' });
      const second = sha();
      fake.repo('acme/shop').pulls.get(pr.number)!.headSha = second;
      await deployed(projects.shop!, { ...pr, sha: second }, minor.url);
      await deliver(
        projects.shop!,
        'pull_request',
        gh.pullRequest('acme/shop', 'synchronize', { ...pr, sha: second }, pr.sha),
      );
      const review = await finished(projects.shop!, { ...pr, sha: second });
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment', head_sha: second });

      const all = fake.repo('acme/shop').comments.filter((c) => c.issueNumber === pr.number);
      expect(all).to.have.length(171);
      const mine = goalieComments('acme/shop', pr.number);
      expect(mine).to.have.length(1);
      expect(mine[0]!.body).to.include('Goalie review: Comment');
      expect(mine[0]!.body).to.include(second.slice(0, 7));
      const pages = fake.requests
        .filter((r) => r.method === 'GET' && r.path === `/repos/acme/shop/issues/${pr.number}/comments`)
        .map((r) => r.query.page ?? '1');
      expect(pages).to.include('2');
      expect(
        fake.requests.filter((r) => r.method === 'POST' && r.path === `/repos/acme/shop/issues/${pr.number}/comments`),
      ).to.have.length(1);
    });
  });

  describe('usage limit', () => {
    it('an organization over its usage limit gets one comment saying so, and no run', async () => {
      const pr = newPr('acme/limited');
      await deployed(projects.limited!, pr, clean.url);
      await opened(projects.limited!, pr);
      const review = await finished(projects.limited!, pr);
      expect(review.status).to.equal('ERROR');
      expect(review.run_id).to.equal(null);
      expect(review.error_message).to.match(/usage limit/i);
      const comments = goalieComments('acme/limited', pr.number);
      expect(comments).to.have.length(1);
      expect(comments[0]!.body).to.match(/usage limit/i);
      const [count] = await sql(service, 'SELECT count(*)::int n FROM runs WHERE project_id = $1', [
        projects.limited!.projectId,
      ]);
      expect(count!.n).to.equal(0);
      expect(fake.repo('acme/limited').reviews).to.have.length(0);
      // The commit does not keep a "pending" Goalie status forever.
      const statuses = statusesOf('acme/limited', pr.sha);
      expect(statuses.at(-1)?.state ?? 'none').to.not.equal('pending');
    });
  });
});
