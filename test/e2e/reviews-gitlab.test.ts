// Merge request reviews on GitLab, end to end: a fake GitLab API on 127.0.0.1, webhook bodies shaped
// as GitLab documents them (test/fixtures/gitlab) carrying the hook's secret token, a Goalie service
// with its worker (real Postgres, real Chromium), and preview deployments served on 127.0.0.1. What
// each test checks is what people see on the merge request (notes, approvals, commit statuses) and
// in Goalie. A few whole reviews on the wire: connecting the project, an automatic review to its
// verdict, a review-request comment, a supersede and a failing review. The rest of the review
// protocol (waiting for deployments, drafts, deliveries, verdicts, limits) runs at memory speed in
// test/integration/review-protocol-gitlab.test.ts; the adapter's calls to GitLab's API in
// test/integration/platforms/gitlab-platform.test.ts.
import { expect } from 'chai';
import { startFakeGitLab, type FakeGitLab, type FakeNote } from '../helpers/fake-gitlab.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitLab,
  GITLAB_SECRET,
  type GitLabMr,
  gitlabPayloads as gl,
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
import { loggerInto } from '../helpers/log-lines.js';

describe('merge request reviews on GitLab (e2e)', function () {
  this.timeout(180_000);

  let rs: ReviewService;
  let service: TestService;
  let fake: FakeGitLab;
  let previews: Previews;
  let clean: PreviewSite;
  let staging: PreviewSite;
  let slow: PreviewSite;
  const projects: Record<string, ReviewProject> = {};
  let nextIid = 200;
  /** What the service logged at info and above. */
  const logged: { level: number; msg: string; event?: string; reviewId?: string; [key: string]: unknown }[] = [];
  const logger = loggerInto(logged, 'info');

  const options = (
    name: string,
    repository: string,
    extra: Partial<ReviewProjectOptions> = {},
  ): ReviewProjectOptions => ({
    name,
    host: 'gitlab',
    hostUrl: fake.url,
    repository,
    token: fake.token,
    webhookSecret: GITLAB_SECRET,
    stagingUrl: staging.url,
    ...extra,
  });

  /** A new merge request on the fake (fresh iid, branch and head SHA). */
  const newMr = (path: string, extra: Partial<GitLabMr> = {}): GitLabMr => {
    const iid = nextIid++;
    const mr: GitLabMr = { iid, branch: `feature-${iid}`, sha: sha(), draft: false, ...extra };
    fake.addMergeRequest(path, {
      iid,
      source_branch: mr.branch,
      sha: mr.sha,
      draft: mr.draft ?? false,
      title: `Merge request ${iid}`,
    });
    return mr;
  };
  /** A push to the merge request's branch: GitLab's head moves. */
  const pushTo = (path: string, mr: GitLabMr): GitLabMr => {
    const next = { ...mr, sha: sha() };
    fake.project(path).mergeRequests.get(mr.iid)!.sha = next.sha;
    return next;
  };
  const pathOf = (project: ReviewProject) => project.summary.repository!.repository;
  const deliver = (project: ReviewProject, event: string, payload: unknown) =>
    deliverGitLab(service, project.connection, GITLAB_SECRET, event, payload);
  const deployed = (project: ReviewProject, mr: GitLabMr, url: string, environment = 'preview') =>
    deliver(
      project,
      'Deployment Hook',
      gl.deployment(pathOf(project), fake.url, { sha: mr.sha, environment, url, ref: mr.branch }),
    );
  const mrEvent = (
    project: ReviewProject,
    kind: 'open' | 'update-new-commits' | 'draft-to-ready' | 'close',
    mr: GitLabMr,
    oldrev?: string,
  ) => deliver(project, 'Merge Request Hook', gl.mergeRequest(pathOf(project), fake.url, kind, mr, oldrev));
  const note = (project: ReviewProject, mr: GitLabMr, body: string) =>
    deliver(project, 'Note Hook', gl.note(pathOf(project), fake.url, mr.iid, body, mr));
  const goalieNotes = (path: string, iid: number): FakeNote[] =>
    (fake.project(path).notes.get(iid) ?? []).filter((n) => n.author.username === fake.user.username);
  const encoded = (path: string) => encodeURIComponent(path);
  /** Every text Goalie's note had, in order (creation and each edit). */
  const noteHistory = (path: string, iid: number): string[] =>
    fake.requests
      .filter(
        (r) =>
          (r.method === 'POST' || r.method === 'PUT') &&
          r.path.startsWith(`/api/v4/projects/${encoded(path)}/merge_requests/${iid}/notes`) &&
          r.status < 300,
      )
      .map((r) => String(r.body.body));
  /** The commit statuses Goalie posted for a commit, in order. */
  const statusPosts = (path: string, commit: string) =>
    fake.requests
      .filter((r) => r.method === 'POST' && r.path === `/api/v4/projects/${encoded(path)}/statuses/${commit}`)
      .map((r) => r.body as { state: string; name: string; target_url?: string; description?: string });
  const approvedBy = (path: string, iid: number) => [...(fake.project(path).approvals.get(iid) ?? [])];
  /** The review has ended and everything it posts at the end is on GitLab (the commit status is the last). */
  const finished = async (project: ReviewProject, mr: GitLabMr): Promise<ReviewRow> => {
    const review = await waitForReview(service, project.connectionId, mr.iid);
    if (review.status === 'COMPLETED') {
      await waitFor(
        'the final commit status',
        async () => statusPosts(pathOf(project), review.head_sha).some((s) => s.state !== 'pending'),
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
    fake = await startFakeGitLab();
    for (const path of ['acme/shop', 'acme/failing', 'acme/slow', 'acme/platform/dynamic']) fake.addProject(path);
    rs = await startReviewService({ logger });
    service = rs.service;
    projects.shop = await applyReviewProject(service, options('gl-shop', 'acme/shop'));
    projects.failing = await applyReviewProject(
      service,
      options('gl-failing', 'acme/failing', { testPlan: 'Failing' }),
    );
    projects.slow = await applyReviewProject(service, options('gl-slow', 'acme/slow', { testPlan: 'Slow' }));
    projects.dynamic = await applyReviewProject(
      service,
      options('gl-dynamic', 'acme/platform/dynamic', { environment: 'review/*' }),
    );
    await burnInsDone(service);
  });

  afterEach(() => slow?.release());

  after(async () => {
    await rs?.close();
    await fake?.close();
    await Promise.all(Object.values(previews ?? {}).map((site) => site?.close()));
  });

  describe('connecting the project', () => {
    it('apply creates the project hook on GitLab with the secret token, and applying again updates it instead of adding another', async () => {
      const project = projects.shop!;
      expect(project.summary.repository).to.deep.include({
        host: 'gitlab',
        repository: 'acme/shop',
        webhookUrl: `${service.baseUrl}/webhooks/gitlab/${project.connection}`,
      });
      expect(project.summary.repository!.webhook).to.include({ ok: true, created: true });
      const hooks = fake.project('acme/shop').hooks;
      expect(hooks).to.have.length(1);
      expect(hooks[0]).to.include({
        url: project.webhookUrl,
        token: GITLAB_SECRET,
        merge_requests_events: true,
        note_events: true,
        deployment_events: true,
        pipeline_events: true,
        push_events: false,
      });

      const again = await applyReviewProject(service, options('gl-shop', 'acme/shop'));
      expect(again.connection).to.equal(project.connection);
      expect(again.summary.repository!.webhook).to.deep.equal({ ok: true, created: false, id: String(hooks[0]!.id) });
      expect(fake.project('acme/shop').hooks).to.have.length(1);
      expect(
        fake.requests.some(
          (r) => r.method === 'PUT' && r.path === `/api/v4/projects/${encoded('acme/shop')}/hooks/${hooks[0]!.id}`,
        ),
      ).to.equal(true);
      // A project in a subgroup is addressed by its full path.
      expect(fake.project('acme/platform/dynamic').hooks.map((h) => h.url)).to.deep.equal([
        projects.dynamic!.webhookUrl,
      ]);
    });
  });

  describe('an automatic review, deployment reported before the merge request is opened: Approved', () => {
    let mr: GitLabMr;
    let review: ReviewRow;
    let stagingHits: number;

    before(async () => {
      stagingHits = staging.hits.length;
      mr = newMr('acme/shop');
      const deployment = await deployed(projects.shop!, mr, clean.url);
      expect(deployment.status).to.equal(200);
      const open = await mrEvent(projects.shop!, 'open', mr);
      expect(open.status).to.equal(200);
      expect(open.body.message).to.match(/queued: deployments ready/);
      review = await finished(projects.shop!, mr);
    });

    it('ends COMPLETED with the verdict Approved, reviewing the head commit on its branch for the event "opened"', () => {
      expect(review).to.include({
        status: 'COMPLETED',
        verdict: 'Approved',
        event: 'opened',
        head_sha: mr.sha,
        branch: mr.branch,
      });
      expect(review.deployment_urls.map((d) => ({ url: d.url, environment: d.environment }))).to.deep.equal([
        { url: clean.url, environment: 'preview' },
      ]);
    });

    it('logs once that the review started (repository, merge request, preview) and once that its verdict was posted', () => {
      const link = `${service.baseUrl}/reviews/${review.short_id}`;
      const started = logged.filter((l) => l.event === 'review.started' && l.reviewId === review.id);
      expect(started.map((l) => [l.level, l.msg])).to.deep.equal([
        [30, `review ${review.short_id} started: acme/shop #${mr.iid}, preview ${clean.url} ${link}`],
      ]);
      expect(started[0]).to.include({ repository: 'acme/shop', changeRequest: mr.iid, url: link });
      const verdict = logged.filter((l) => l.event === 'review.verdict' && l.reviewId === review.id);
      expect(verdict.map((l) => [l.level, l.msg])).to.deep.equal([
        [30, `review ${review.short_id} verdict posted: Approved on acme/shop #${mr.iid} ${link}`],
      ]);
      expect(verdict[0]).to.include({ verdict: 'Approved', repository: 'acme/shop', changeRequest: mr.iid });
    });

    it('showed an in-progress note first: the review page link, the project, the MR number, the branch and the event', () => {
      const history = noteHistory('acme/shop', mr.iid);
      const inProgress = history.find((body) => body.includes('Goalie review in progress'));
      expect(inProgress, history.join('\n-----\n')).to.be.a('string');
      expect(inProgress).to.include(`${service.baseUrl}/reviews/${review.short_id}`);
      expect(inProgress).to.include('gl-shop');
      expect(inProgress).to.include(`!${mr.iid}`);
      expect(inProgress).to.include(mr.branch);
      expect(inProgress).to.match(/\| opened \|/);
    });

    it('leaves exactly one Goalie note: the verdict, the summary, the results table and the exploration', () => {
      const notes = goalieNotes('acme/shop', mr.iid);
      expect(notes).to.have.length(1);
      const body = notes[0]!.body;
      expect(body).to.include('Goalie review: Approved');
      expect(body).to.include(review.summary!);
      expect(body).to.include('Home shows the greeting');
      expect(body).to.include('1 of 1 passed');
      expect(body).to.match(/\*\*Exploration\*\*: \d+ pages? visited, nothing found/);
    });

    it('approves the merge request at the reviewed commit', () => {
      expect(approvedBy('acme/shop', mr.iid)).to.deep.equal([fake.user.username]);
      const approve = fake.requests.find(
        (r) =>
          r.method === 'POST' && r.path === `/api/v4/projects/${encoded('acme/shop')}/merge_requests/${mr.iid}/approve`,
      );
      expect(approve!.body).to.include({ sha: mr.sha });
      expect(approve!.status).to.equal(201);
    });

    it('sets the commit status goalie/review: pending while reviewing, then success, linking to the review', () => {
      const posts = statusPosts('acme/shop', mr.sha);
      expect(posts.map((s) => s.state)).to.deep.equal(['pending', 'success']);
      for (const s of posts)
        expect(s).to.include({ name: 'goalie/review', target_url: `${service.baseUrl}/reviews/${review.short_id}` });
      expect(
        fake
          .project('acme/shop')
          .statuses.filter((s) => s.sha === mr.sha)
          .map((s) => s.status),
      ).to.deep.equal(['success']);
    });

    it('attributes the run to the repository host: trigger REPOHOST, branch, head SHA, repository', async () => {
      const [run] = await sql(service, 'SELECT * FROM runs WHERE id = $1', [review.run_id]);
      expect(run).to.include({
        trigger: 'REPOHOST',
        branch: mr.branch,
        commit_hash: mr.sha,
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
      expect(staging.hits.length).to.equal(stagingHits);
    });

    it('shows the verdict on the review page', async () => {
      const response = await adminFetch(service, `/reviews/${review.short_id}`);
      expect(response.status).to.equal(200);
      const page = await response.text();
      expect(page).to.match(/Verdict: <span class="badge Approved">Approved<\/span>/);
      expect(page).to.include(mr.branch);
      expect(page).to.include(mr.sha);
      expect(page).to.include('Home shows the greeting');
    });
  });

  describe('review-request comments', () => {
    it('manual: a comment mentioning @Goalie (any case) with the preview URL reviews that URL; the event is "comment"', async () => {
      const mr = newMr('acme/shop');
      const ignored = await note(projects.shop!, mr, `Preview is at ${clean.url}`);
      expect(ignored.body.message).to.equal('comment without a review request');
      expect(await reviewsOf(service, projects.shop!.connectionId, mr.iid)).to.have.length(0);

      const asked = await note(projects.shop!, mr, `@Goalie please review ${clean.url}`);
      expect(asked.status).to.equal(200);
      expect(asked.body.message).to.include(`queued for ${clean.url}`);
      const review = await finished(projects.shop!, mr);
      expect(review).to.include({
        status: 'COMPLETED',
        verdict: 'Approved',
        event: 'comment',
        branch: mr.branch,
        head_sha: mr.sha,
      });
      const [run] = await sql(service, 'SELECT trigger, branch, commit_hash, repository FROM runs WHERE id = $1', [
        review.run_id,
      ]);
      expect(run).to.deep.equal({
        trigger: 'REPOHOST',
        branch: mr.branch,
        commit_hash: mr.sha,
        repository: 'acme/shop',
      });
      const [row] = await sql(service, 'SELECT environment_url FROM run_test_cases WHERE run_id = $1', [review.run_id]);
      expect(row!.environment_url).to.equal(clean.url);
      const notes = goalieNotes('acme/shop', mr.iid);
      expect(notes).to.have.length(1);
      expect(notes[0]!.body).to.match(/\| comment \|/);
      expect(approvedBy('acme/shop', mr.iid)).to.deep.equal([fake.user.username]);
    });
  });

  describe('new commits supersede the review in progress', () => {
    it("cancels the first review's run, ends it SUPERSEDED, says so in the note, and reviews the new commit", async () => {
      const mr = newMr('acme/slow');
      slow.hold('/slow');
      await deployed(projects.slow!, mr, slow.url);
      await mrEvent(projects.slow!, 'open', mr);
      const first = await waitForReview(service, projects.slow!.connectionId, mr.iid, ['RUNNING']);
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

      // GitLab's merge request update with new commits (no push events: the hook does not subscribe to them).
      const next = pushTo('acme/slow', mr);
      const update = await mrEvent(projects.slow!, 'update-new-commits', next, mr.sha);
      expect(update.body.message).to.match(/waits for deployments/);
      const [old, waiting] = await reviewsOf(service, projects.slow!.connectionId, mr.iid);
      expect(old).to.include({ id: first.id, status: 'SUPERSEDED', superseded_by_sha: next.sha });
      expect(waiting).to.include({ status: 'WAITING', head_sha: next.sha, event: 'updated' });
      const run = await waitFor(
        'the first run to be cancelled',
        async () => {
          const [row] = await sql(service, 'SELECT status FROM runs WHERE id = $1', [running.id]);
          return row?.status === 'CANCELLED' ? row : null;
        },
        30_000,
      );
      expect(run.status).to.equal('CANCELLED');
      const said = await waitFor(
        'the note to say the older review was cancelled',
        async () =>
          goalieNotes('acme/slow', mr.iid).find(
            (n) => n.body.includes(`\`${mr.sha.slice(0, 7)}\``) && /cancelled/.test(n.body),
          ),
        30_000,
      );
      expect(said.body).to.include(`\`${next.sha.slice(0, 7)}\` is newer`);
      // Its commit's status, pending while it ran, ends canceled.
      const ended = await waitFor(
        'the first commit status to end',
        async () => {
          const last = fake
            .project('acme/slow')
            .statuses.filter((s) => s.sha === mr.sha)
            .at(-1);
          return last && last.status !== 'pending' && last.status !== 'running' ? last : null;
        },
        30_000,
      );
      expect(ended).to.include({ status: 'canceled', description: `Superseded by ${next.sha.slice(0, 7)}` });

      slow.release();
      await deployed(projects.slow!, next, slow.url);
      const review = await finished(projects.slow!, next);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'updated', head_sha: next.sha });
      expect((await reviewsOf(service, projects.slow!.connectionId, mr.iid)).map((r) => r.status)).to.deep.equal([
        'SUPERSEDED',
        'COMPLETED',
      ]);
      const notes = goalieNotes('acme/slow', mr.iid);
      expect(notes).to.have.length(1);
      expect(notes[0]!.body).to.include('Goalie review: Approved');
      // Only the new commit was approved.
      const approvals = fake.requests.filter((r) => r.path.endsWith(`/merge_requests/${mr.iid}/approve`));
      expect(approvals.map((r) => r.body.sha)).to.deep.equal([next.sha]);
    });
  });

  describe('verdicts', () => {
    it('Changes Requested: a test case fails; no approval, and a failed commit status', async () => {
      const mr = newMr('acme/failing');
      await deployed(projects.failing!, mr, clean.url);
      await mrEvent(projects.failing!, 'open', mr);
      const review = await finished(projects.failing!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Changes Requested' });
      const [body] = goalieNotes('acme/failing', mr.iid).map((n) => n.body);
      expect(body).to.include('Goalie review: Changes Requested');
      expect(body).to.include('1 of 2 passed');
      expect(body).to.match(/Free shipping banner.*FAILED/);
      expect(body).to.include('Evaluation details');
      expect(approvedBy('acme/failing', mr.iid)).to.deep.equal([]);
      expect(statusPosts('acme/failing', mr.sha).map((s) => s.state)).to.deep.equal(['pending', 'failed']);
    });
  });
});
