// Merge request reviews on GitLab, end to end: a fake GitLab API on 127.0.0.1, webhook bodies shaped
// as GitLab documents them (test/fixtures/gitlab) carrying the hook's secret token, a Goalie service
// with its worker (real Postgres, real Chromium), and preview deployments served on 127.0.0.1. What
// each test checks is what people see on the merge request (notes, approvals, commit statuses) and
// in Goalie.
import { expect } from 'chai';
import { startFakeGitLab, type FakeGitLab, type FakeNote } from '../helpers/fake-gitlab.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitLab,
  deliveriesOf,
  GITLAB_SECRET,
  type GitLabDeliveryOptions,
  type GitLabMr,
  gitlabPayloads as gl,
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
import { loggerInto } from '../helpers/log-lines.js';

describe('merge request reviews on GitLab (e2e)', function () {
  this.timeout(180_000);

  let rs: ReviewService;
  let service: TestService;
  let fake: FakeGitLab;
  let clean: PreviewSite;
  let minor: PreviewSite;
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
  const deliver = (project: ReviewProject, event: string, payload: unknown, opts?: GitLabDeliveryOptions) =>
    deliverGitLab(service, project.connection, GITLAB_SECRET, event, payload, opts);
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
  const approvalCalls = (path: string, iid: number) =>
    fake.requests
      .filter(
        (r) =>
          r.method === 'POST' &&
          /\/(approve|unapprove)$/.test(r.path) &&
          r.path.startsWith(`/api/v4/projects/${encoded(path)}/merge_requests/${iid}/`),
      )
      .map((r) => `${r.path.split('/').pop()} ${r.status}`);
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
    ({ clean, minor, staging, slow } = await startPreviews());
    fake = await startFakeGitLab();
    for (const path of [
      'acme/shop',
      'acme/failing',
      'acme/drafts',
      'acme/slow',
      'acme/limited',
      'acme/platform/dynamic',
    ])
      fake.addProject(path);
    rs = await startReviewService({ logger });
    service = rs.service;
    projects.shop = await applyReviewProject(service, options('gl-shop', 'acme/shop'));
    projects.failing = await applyReviewProject(
      service,
      options('gl-failing', 'acme/failing', { testPlan: 'Failing' }),
    );
    projects.drafts = await applyReviewProject(service, options('gl-drafts', 'acme/drafts', { includeDrafts: true }));
    projects.slow = await applyReviewProject(service, options('gl-slow', 'acme/slow', { testPlan: 'Slow' }));
    projects.limited = await applyReviewProject(
      service,
      options('gl-limited', 'acme/limited', { organization: 'Over Limit Org', usageLimit: 0 }),
    );
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
    await Promise.all([clean, minor, staging, slow].map((site) => site?.close()));
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

  describe('automatic reviews that wait for deployments', () => {
    it('posts a waiting note while the preview is not deployed, and starts when the Deployment Hook reports success', async () => {
      const mr = newMr('acme/shop');
      const open = await mrEvent(projects.shop!, 'open', mr);
      expect(open.body.message).to.match(/waits for deployments: preview/);
      const waiting = await waitFor(
        'the waiting note',
        async () => goalieNotes('acme/shop', mr.iid).find((n) => n.body.includes('waiting for the deployments')),
        30_000,
      );
      expect(waiting.body).to.include('`preview`');

      const failed = await deliver(
        projects.shop!,
        'Deployment Hook',
        gl.deployment('acme/shop', fake.url, { sha: mr.sha, environment: 'preview', url: clean.url, status: 'failed' }),
      );
      expect(failed.body.message).to.equal('deployment failure: nothing to do');
      const running = await deliver(
        projects.shop!,
        'Deployment Hook',
        gl.deployment('acme/shop', fake.url, {
          sha: mr.sha,
          environment: 'preview',
          url: clean.url,
          status: 'running',
        }),
      );
      expect(running.body.message).to.equal('deployment pending: nothing to do');
      expect((await reviewsOf(service, projects.shop!.connectionId, mr.iid)).map((r) => r.status)).to.deep.equal([
        'WAITING',
      ]);

      const ready = await deployed(projects.shop!, mr, clean.url);
      expect(ready.body.message).to.match(/deployments ready: review\(s\) .* queued/);
      const review = await finished(projects.shop!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      const notes = goalieNotes('acme/shop', mr.iid);
      expect(notes).to.have.length(1);
      expect(notes[0]!.body).to.include('Goalie review: Approved');
    });

    it('finds deployments GitLab made before the hook existed through the API', async () => {
      const mr = newMr('acme/shop');
      fake.addDeployment('acme/shop', { sha: mr.sha, environment: 'preview', url: clean.url, ref: mr.branch });
      const open = await mrEvent(projects.shop!, 'open', mr);
      expect(open.body.message).to.match(/waits for deployments/);
      const review = await finished(projects.shop!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(review.deployment_urls.map((d) => d.url)).to.deep.equal([clean.url]);
    });

    it('matches dynamic environments (review/*) and tests their external URL', async () => {
      const mr = newMr('acme/platform/dynamic');
      await mrEvent(projects.dynamic!, 'open', mr);
      await deployed(projects.dynamic!, mr, clean.url, `review/${mr.branch}`);
      const review = await finished(projects.dynamic!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(review.deployment_urls.map((d) => d.environment)).to.deep.equal([`review/${mr.branch}`]);
      expect(goalieNotes('acme/platform/dynamic', mr.iid)).to.have.length(1);
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

    it('CI-assisted: the note of the .goalie-review-request job carries the hidden tag, and the event is "ci"', async () => {
      const mr = newMr('acme/shop');
      const asked = await note(
        projects.shop!,
        mr,
        `<!-- goalie:ci -->\n@goalie review ${clean.url}\n\nRequested by pipeline #4711.`,
      );
      expect(asked.body.message).to.match(/queued for/);
      const review = await finished(projects.shop!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'ci' });
      const notes = goalieNotes('acme/shop', mr.iid);
      expect(notes).to.have.length(1);
      expect(notes[0]!.body).to.match(/\| CI \|/);
    });

    it("an edit of Goalie's own note (GitLab 16.11+ sends those) starts nothing", async () => {
      const mr = newMr('acme/shop');
      const payload = gl.note('acme/shop', fake.url, mr.iid, `@goalie ${clean.url}`, mr);
      payload.object_attributes.action = 'update';
      const edited = await deliver(projects.shop!, 'Note Hook', payload);
      expect(edited.body.message).to.match(/ignored: comment "update" is not a new comment/);
      expect(await reviewsOf(service, projects.shop!.connectionId, mr.iid)).to.have.length(0);
    });
  });

  describe('drafts', () => {
    it('skips a draft merge request when Include Draft is off, and reviews it once it is marked ready', async () => {
      const mr = newMr('acme/shop', { draft: true });
      await deployed(projects.shop!, mr, clean.url);
      const open = await mrEvent(projects.shop!, 'open', mr);
      expect(open.body.message).to.match(/draft change request \d+ skipped/);
      expect(await reviewsOf(service, projects.shop!.connectionId, mr.iid)).to.have.length(0);
      expect(goalieNotes('acme/shop', mr.iid)).to.have.length(0);

      fake.project('acme/shop').mergeRequests.get(mr.iid)!.draft = false;
      const ready = await mrEvent(projects.shop!, 'draft-to-ready', { ...mr, draft: false });
      expect(ready.body.message).to.match(/queued/);
      const review = await finished(projects.shop!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
    });

    it('reviews a draft merge request when Include Draft is on', async () => {
      const mr = newMr('acme/drafts', { draft: true });
      await deployed(projects.drafts!, mr, clean.url);
      const open = await mrEvent(projects.drafts!, 'open', mr);
      expect(open.body.message).to.match(/queued: deployments ready/);
      const review = await finished(projects.drafts!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      expect(goalieNotes('acme/drafts', mr.iid)).to.have.length(1);
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

    it('a late event for an older commit (webhooks arrive out of order) gets no review of that commit', async () => {
      const mr = newMr('acme/shop');
      const newer = pushTo('acme/shop', mr);
      await deployed(projects.shop!, mr, clean.url);
      await mrEvent(projects.shop!, 'open', mr);
      const review = await finished(projects.shop!, mr);
      expect(review).to.include({ status: 'SUPERSEDED', superseded_by_sha: newer.sha, run_id: null, verdict: null });
      expect(approvalCalls('acme/shop', mr.iid)).to.deep.equal([]);
      expect(statusPosts('acme/shop', mr.sha)).to.have.length(0);
      expect(goalieNotes('acme/shop', mr.iid)[0]!.body).to.include(`\`${newer.sha.slice(0, 7)}\` is newer`);
    });

    it('a closed merge request cancels its review', async () => {
      const mr = newMr('acme/shop');
      await mrEvent(projects.shop!, 'open', mr);
      const closed = await mrEvent(projects.shop!, 'close', mr);
      expect(closed.body.message).to.equal('closed: 1 review(s) cancelled');
      const [review] = await reviewsOf(service, projects.shop!.connectionId, mr.iid);
      expect(review).to.include({ status: 'SUPERSEDED', superseded_by_sha: '' });
      await reviewJobsSettled(service);
      const [latest] = goalieNotes('acme/shop', mr.iid);
      expect(latest!.body).to.include('was cancelled');
    });
  });

  describe('deliveries', () => {
    it('ignores a repeated delivery (same X-Gitlab-Event-UUID): no second review', async () => {
      const mr = newMr('acme/shop');
      await deployed(projects.shop!, mr, clean.url);
      const payload = gl.mergeRequest('acme/shop', fake.url, 'open', mr);
      const uuid = '2ec2f3e8-9d0b-4c1e-9f6a-3c8e9d1e0b7a';
      const first = await deliver(projects.shop!, 'Merge Request Hook', payload, { uuid });
      const repeated = await deliver(projects.shop!, 'Merge Request Hook', payload, { uuid });
      expect(first.body.message).to.match(/queued/);
      expect(repeated.status).to.equal(200);
      expect(repeated.body.message).to.equal(`delivery ${uuid} was already handled`);
      await finished(projects.shop!, mr);
      expect(await reviewsOf(service, projects.shop!.connectionId, mr.iid)).to.have.length(1);
      expect(goalieNotes('acme/shop', mr.iid)).to.have.length(1);
      expect(approvalCalls('acme/shop', mr.iid)).to.deep.equal(['approve 201']);
    });

    it('ignores a retried delivery by its Idempotency-Key (GitLab 17.4+), whatever its event UUID', async () => {
      const mr = newMr('acme/shop');
      const payload = gl.note('acme/shop', fake.url, mr.iid, `@goalie ${clean.url}`, mr);
      const key = 'b1f1a7a4-6f3e-4c59-9d55-2f5e0a7c1d11';
      const first = await deliver(projects.shop!, 'Note Hook', payload, { idempotencyKey: key });
      const retried = await deliver(projects.shop!, 'Note Hook', payload, { idempotencyKey: key });
      expect(first.body.message).to.match(/queued for/);
      expect(retried.body.message).to.equal(`delivery ${key} was already handled`);
      await finished(projects.shop!, mr);
      expect(await reviewsOf(service, projects.shop!.connectionId, mr.iid)).to.have.length(1);
    });

    it('answers 401 to a wrong or missing X-Gitlab-Token, and stores nothing (no review, no delivery)', async () => {
      const mr = newMr('acme/shop');
      await deployed(projects.shop!, mr, clean.url);
      const before = await deliveriesOf(service, projects.shop!.connectionId);
      const payload = gl.mergeRequest('acme/shop', fake.url, 'open', mr);
      const wrong = await deliver(projects.shop!, 'Merge Request Hook', payload, {
        token: 'not-the-secret-token',
        uuid: 'bad-token-1',
      });
      const missing = await deliver(projects.shop!, 'Merge Request Hook', payload, {
        token: null,
        uuid: 'bad-token-2',
      });
      for (const answer of [wrong, missing]) {
        expect(answer.status).to.equal(401);
        expect(answer.body.message).to.match(/X-Gitlab-Token/);
      }
      expect(await reviewsOf(service, projects.shop!.connectionId, mr.iid)).to.have.length(0);
      expect(await deliveriesOf(service, projects.shop!.connectionId)).to.deep.equal(before);
      expect(goalieNotes('acme/shop', mr.iid)).to.have.length(0);
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

    it('Comment: a new commit whose preview logs a console error withdraws the earlier approval', async () => {
      const mr = newMr('acme/shop');
      await deployed(projects.shop!, mr, clean.url);
      await mrEvent(projects.shop!, 'open', mr);
      expect(await finished(projects.shop!, mr)).to.include({ verdict: 'Approved' });
      expect(approvedBy('acme/shop', mr.iid)).to.deep.equal([fake.user.username]);

      const next = pushTo('acme/shop', mr);
      await deployed(projects.shop!, next, minor.url);
      await mrEvent(projects.shop!, 'update-new-commits', next, mr.sha);
      const review = await finished(projects.shop!, next);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment', head_sha: next.sha });
      const notes = goalieNotes('acme/shop', mr.iid);
      expect(notes).to.have.length(1);
      expect(notes[0]!.body).to.include('Goalie review: Comment');
      expect(notes[0]!.body).to.include('Analytics failed to load');
      expect(approvedBy('acme/shop', mr.iid)).to.deep.equal([]);
      expect(approvalCalls('acme/shop', mr.iid)).to.deep.equal(['approve 201', 'unapprove 201']);
    });

    it('Comment: the preview cannot be reached, so nothing could be tested', async () => {
      const mr = newMr('acme/shop');
      await deployed(projects.shop!, mr, await unreachableUrl());
      await mrEvent(projects.shop!, 'open', mr);
      const review = await finished(projects.shop!, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment' });
      expect(review.summary).to.match(/Nothing could be tested/);
      expect(goalieNotes('acme/shop', mr.iid)[0]!.body).to.include('Goalie review: Comment');
      expect(approvedBy('acme/shop', mr.iid)).to.deep.equal([]);
    });

    it('Approved where the token may not approve: the note and the status are posted, and the review does not fail', async () => {
      const mr = newMr('acme/shop');
      fake.forbidApprovals = true;
      try {
        await deployed(projects.shop!, mr, clean.url);
        await mrEvent(projects.shop!, 'open', mr);
        const review = await finished(projects.shop!, mr);
        expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
        expect(approvalCalls('acme/shop', mr.iid)).to.deep.equal(['approve 403']);
        expect(approvedBy('acme/shop', mr.iid)).to.deep.equal([]);
        expect(goalieNotes('acme/shop', mr.iid)[0]!.body).to.include('Goalie review: Approved');
        expect(statusPosts('acme/shop', mr.sha).map((s) => s.state)).to.deep.equal(['pending', 'success']);
      } finally {
        fake.forbidApprovals = false;
      }
    });
  });

  describe("Goalie's one note", () => {
    it('is found among 150 other notes (every page read) and updated in place across reviews', async () => {
      const mr = newMr('acme/shop');
      fake.addNotes(
        'acme/shop',
        mr.iid,
        Array.from({ length: 150 }, (_, i) => ({ body: `Thought ${i + 1}` })),
      );
      await deployed(projects.shop!, mr, clean.url);
      await mrEvent(projects.shop!, 'open', mr);
      await finished(projects.shop!, mr);
      fake.addNotes(
        'acme/shop',
        mr.iid,
        Array.from({ length: 20 }, (_, i) => ({
          body: `Later thought ${i + 1}`,
          author: { id: 8, username: 'bob', name: 'Bob' },
        })),
      );
      const next = pushTo('acme/shop', mr);
      await deployed(projects.shop!, next, minor.url);
      await mrEvent(projects.shop!, 'update-new-commits', next, mr.sha);
      const review = await finished(projects.shop!, next);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment', head_sha: next.sha });

      expect(fake.project('acme/shop').notes.get(mr.iid)).to.have.length(171);
      const mine = goalieNotes('acme/shop', mr.iid);
      expect(mine).to.have.length(1);
      expect(mine[0]!.body).to.include('Goalie review: Comment');
      expect(mine[0]!.body).to.include(next.sha.slice(0, 7));
      const pages = fake.requests
        .filter(
          (r) =>
            r.method === 'GET' && r.path === `/api/v4/projects/${encoded('acme/shop')}/merge_requests/${mr.iid}/notes`,
        )
        .map((r) => r.query.page ?? '1');
      expect(pages).to.include('2');
      expect(
        fake.requests.filter(
          (r) =>
            r.method === 'POST' && r.path === `/api/v4/projects/${encoded('acme/shop')}/merge_requests/${mr.iid}/notes`,
        ),
      ).to.have.length(1);
    });
  });

  describe('usage limit', () => {
    it('an organization over its usage limit gets one note saying so, and no run', async () => {
      const mr = newMr('acme/limited');
      await deployed(projects.limited!, mr, clean.url);
      await mrEvent(projects.limited!, 'open', mr);
      const review = await finished(projects.limited!, mr);
      expect(review.status).to.equal('ERROR');
      expect(review.run_id).to.equal(null);
      expect(review.error_message).to.match(/usage limit/i);
      const notes = goalieNotes('acme/limited', mr.iid);
      expect(notes).to.have.length(1);
      expect(notes[0]!.body).to.match(/usage limit/i);
      const [count] = await sql(service, 'SELECT count(*)::int n FROM runs WHERE project_id = $1', [
        projects.limited!.projectId,
      ]);
      expect(count!.n).to.equal(0);
      expect(approvalCalls('acme/limited', mr.iid).filter((c) => c.startsWith('approve'))).to.deep.equal([]);
      expect(
        fake
          .project('acme/limited')
          .statuses.filter((s) => s.sha === mr.sha)
          .map((s) => s.status),
      ).to.not.include('pending');
    });
  });
});
