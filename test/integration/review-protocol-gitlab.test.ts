// The review protocol on GitLab at memory speed: webhook bodies shaped as GitLab documents them
// (test/fixtures/gitlab) carrying the hook's secret token, delivered to the service as GitLab
// delivers them and read by the real receiver; PostgreSQL and the job queue real; the project's API
// and the browser in memory (test/helpers/memory-reviews.ts). What each test checks is what people
// see on the merge request (Goalie's one note, the verdict, commit statuses) and in Goalie. How the
// adapter says it to GitLab's API (approve and unapprove, GitLab's status names, reading every page of
// notes) is test/integration/platforms/gitlab-platform.test.ts's part; a few whole reviews over HTTP
// with real Chromium are test/e2e/reviews-gitlab.test.ts's.
import { expect } from 'chai';
import type { MemoryRepository } from '../helpers/memory-host.js';
import { HOST_URL, memoryProject, PREVIEW, startMemoryReviews, type MemoryReviews } from '../helpers/memory-reviews.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitLab,
  deliveriesOf,
  GITLAB_SECRET,
  type GitLabDeliveryOptions,
  type GitLabMr,
  gitlabPayloads as gl,
  reviewJobsSettled,
  type ReviewProject,
  reviewsOf,
  sha,
} from '../helpers/review-harness.js';
import type { TestService } from '../helpers/service.js';

describe('the review protocol on GitLab (memory host, PostgreSQL)', function () {
  let m: MemoryReviews;
  let service: TestService;
  const projects: Record<string, ReviewProject> = {};
  let nextIid = 200;

  const repoOf = (project: ReviewProject): MemoryRepository =>
    m.host.repository(project.summary.repository!.repository);
  const pathOf = (project: ReviewProject) => project.summary.repository!.repository;
  /** A new merge request on the host (fresh iid, branch and head SHA) by the fixtures' user, a Developer. */
  const newMr = (project: ReviewProject, extra: Partial<GitLabMr> = {}): GitLabMr => {
    const iid = nextIid++;
    const mr: GitLabMr = { iid, branch: `feature-${iid}`, sha: sha(), draft: false, ...extra };
    repoOf(project).push(iid, {
      headSha: mr.sha,
      branch: mr.branch,
      draft: mr.draft ?? false,
      author: 'root',
      title: `Merge request ${iid}`,
    });
    return mr;
  };
  /** A push to the merge request's branch: GitLab's head moves. */
  const pushTo = (project: ReviewProject, mr: GitLabMr): GitLabMr => {
    const next = { ...mr, sha: sha() };
    repoOf(project).changeRequests.get(mr.iid)!.headSha = next.sha;
    return next;
  };
  const deliver = (project: ReviewProject, event: string, payload: unknown, opts?: GitLabDeliveryOptions) =>
    deliverGitLab(service, project.connection, GITLAB_SECRET, event, payload, opts);
  const deployed = (project: ReviewProject, mr: GitLabMr, url: string, environment = 'preview', status?: string) =>
    deliver(
      project,
      'Deployment Hook',
      gl.deployment(pathOf(project), HOST_URL.gitlab, { sha: mr.sha, environment, url, ref: mr.branch, status }),
    );
  const mrEvent = (
    project: ReviewProject,
    kind: 'open' | 'update-new-commits' | 'draft-to-ready' | 'close',
    mr: GitLabMr,
    oldrev?: string,
  ) => deliver(project, 'Merge Request Hook', gl.mergeRequest(pathOf(project), HOST_URL.gitlab, kind, mr, oldrev));
  const note = (project: ReviewProject, mr: GitLabMr, body: string) =>
    deliver(project, 'Note Hook', gl.note(pathOf(project), HOST_URL.gitlab, mr.iid, body, mr));
  /** Goalie's notes on the merge request (the memory host holds no one else's). */
  const notes = (project: ReviewProject, mr: GitLabMr) => repoOf(project).comments.get(mr.iid) ?? [];
  const verdicts = (project: ReviewProject, mr: GitLabMr) =>
    repoOf(project)
      .verdicts.filter((v) => v.number === mr.iid)
      .map((v) => [v.verdict, v.sha]);
  const statuses = (project: ReviewProject, commit: string) =>
    repoOf(project)
      .statuses.filter((s) => s.sha === commit)
      .map((s) => s.state);
  const finished = (project: ReviewProject, mr: GitLabMr) => m.finished(project.connectionId, mr.iid);

  before(async () => {
    m = await startMemoryReviews();
    service = m.service;
    const apply = async (name: string, path: string, extra: Parameters<typeof memoryProject>[3] = {}) => {
      const project = await applyReviewProject(service, memoryProject('gitlab', name, path, extra));
      // The fixtures' user (root, id 1) is a Developer.
      repoOf(project).permissions.set('1', 'write');
      return project;
    };
    projects.shop = await apply('gl-shop', 'acme/shop');
    projects.drafts = await apply('gl-drafts', 'acme/drafts', { includeDrafts: true });
    projects.limited = await apply('gl-limited', 'acme/limited', { organization: 'Over Limit Org', usageLimit: 0 });
    projects.dynamic = await apply('gl-dynamic', 'acme/platform/dynamic', { environment: 'review/*' });
    await burnInsDone(service);
  });

  afterEach(async () => {
    m.releaseAll();
    await reviewJobsSettled(service);
  });

  after(() => m?.close());

  describe('automatic reviews that wait for deployments', () => {
    it('posts a waiting note while the preview is not deployed, and starts when the Deployment Hook reports success', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      const open = await mrEvent(shop, 'open', mr);
      expect(open.body.message).to.match(/waits for deployments: preview/);
      await reviewJobsSettled(service);
      const [waiting] = notes(shop, mr);
      expect(waiting!.body).to.include('waiting for the deployments');
      expect(waiting!.body).to.include('`preview`');

      const failed = await deployed(shop, mr, PREVIEW.clean, 'preview', 'failed');
      expect(failed.body.message).to.equal('deployment failure: nothing to do');
      const running = await deployed(shop, mr, PREVIEW.clean, 'preview', 'running');
      expect(running.body.message).to.equal('deployment pending: nothing to do');
      expect((await reviewsOf(service, shop.connectionId, mr.iid)).map((r) => r.status)).to.deep.equal(['WAITING']);

      const ready = await deployed(shop, mr, PREVIEW.clean);
      expect(ready.body.message).to.match(/deployments ready: review\(s\) .* queued/);
      const review = await finished(shop, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      expect(notes(shop, mr)).to.have.length(1);
      expect(notes(shop, mr)[0]!.body).to.include('Goalie review: Approved');
    });

    it('finds deployments GitLab made before the hook existed through the API', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      repoOf(shop).deployments.push({ sha: mr.sha, environment: 'preview', url: PREVIEW.clean });
      const open = await mrEvent(shop, 'open', mr);
      expect(open.body.message).to.match(/waits for deployments/);
      const review = await finished(shop, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(review.deployment_urls.map((d) => d.url)).to.deep.equal([PREVIEW.clean]);
      expect(repoOf(shop).calls).to.include(`listDeployments ${mr.sha}`);
    });

    it('matches dynamic environments (review/*) and tests their external URL', async () => {
      const dynamic = projects.dynamic!;
      const mr = newMr(dynamic);
      await mrEvent(dynamic, 'open', mr);
      await deployed(dynamic, mr, PREVIEW.clean, `review/${mr.branch}`);
      const review = await finished(dynamic, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(review.deployment_urls.map((d) => d.environment)).to.deep.equal([`review/${mr.branch}`]);
      expect(notes(dynamic, mr)).to.have.length(1);
      const tested = m.executor.requests.filter((r) => r.baseUrl === PREVIEW.clean);
      expect(tested.length, 'the preview was tested').to.be.greaterThan(0);
    });
  });

  describe('review-request comments', () => {
    it('CI-assisted: the note of the .goalie-review-request job carries the hidden tag, and the event is "ci"', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      const asked = await note(
        shop,
        mr,
        `<!-- goalie:ci -->\n@goalie review ${PREVIEW.clean}\n\nRequested by pipeline #4711.`,
      );
      expect(asked.body.message).to.match(/queued for/);
      const review = await finished(shop, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'ci' });
      expect(notes(shop, mr)).to.have.length(1);
      expect(notes(shop, mr)[0]!.body).to.match(/\| CI \|/);
    });

    it("an edit of Goalie's own note (GitLab 16.11+ sends those) starts nothing", async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      const payload = gl.note('acme/shop', HOST_URL.gitlab, mr.iid, `@goalie ${PREVIEW.clean}`, mr);
      payload.object_attributes.action = 'update';
      const edited = await deliver(shop, 'Note Hook', payload);
      expect(edited.body.message).to.match(/ignored: comment "update" is not a new comment/);
      expect(await reviewsOf(service, shop.connectionId, mr.iid)).to.have.length(0);
    });
  });

  describe('drafts', () => {
    it('skips a draft merge request when Include Draft is off, and reviews it once it is marked ready', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop, { draft: true });
      await deployed(shop, mr, PREVIEW.clean);
      const open = await mrEvent(shop, 'open', mr);
      expect(open.body.message).to.match(/draft change request \d+ skipped/);
      expect(await reviewsOf(service, shop.connectionId, mr.iid)).to.have.length(0);
      await reviewJobsSettled(service);
      expect(notes(shop, mr)).to.have.length(0);

      repoOf(shop).changeRequests.get(mr.iid)!.draft = false;
      const ready = await mrEvent(shop, 'draft-to-ready', { ...mr, draft: false });
      expect(ready.body.message).to.match(/queued/);
      expect(await finished(shop, mr)).to.include({ status: 'COMPLETED', verdict: 'Approved' });
    });

    it('reviews a draft merge request when Include Draft is on', async () => {
      const drafts = projects.drafts!;
      const mr = newMr(drafts, { draft: true });
      await deployed(drafts, mr, PREVIEW.clean);
      const open = await mrEvent(drafts, 'open', mr);
      expect(open.body.message).to.match(/queued: deployments ready/);
      const review = await finished(drafts, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', event: 'opened' });
      expect(notes(drafts, mr)).to.have.length(1);
    });
  });

  describe('new commits supersede the review in progress', () => {
    it('a late event for an older commit (webhooks arrive out of order) gets no review of that commit', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      const newer = pushTo(shop, mr);
      await deployed(shop, mr, PREVIEW.clean);
      await mrEvent(shop, 'open', mr);
      const review = await finished(shop, mr);
      expect(review).to.include({ status: 'SUPERSEDED', superseded_by_sha: newer.sha, run_id: null, verdict: null });
      expect(verdicts(shop, mr)).to.deep.equal([]);
      expect(statuses(shop, mr.sha)).to.have.length(0);
      expect(notes(shop, mr)[0]!.body).to.include(`\`${newer.sha.slice(0, 7)}\` is newer`);
    });

    it('a closed merge request cancels its review', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      await mrEvent(shop, 'open', mr);
      const closed = await mrEvent(shop, 'close', mr);
      expect(closed.body.message).to.equal('closed: 1 review(s) cancelled');
      const [review] = await reviewsOf(service, shop.connectionId, mr.iid);
      expect(review).to.include({ status: 'SUPERSEDED', superseded_by_sha: '' });
      await reviewJobsSettled(service);
      const [latest] = notes(shop, mr);
      expect(latest!.body).to.include('was cancelled');
    });
  });

  describe('deliveries', () => {
    it('ignores a repeated delivery (same X-Gitlab-Event-UUID): no second review', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      await deployed(shop, mr, PREVIEW.clean);
      const payload = gl.mergeRequest('acme/shop', HOST_URL.gitlab, 'open', mr);
      const uuid = '2ec2f3e8-9d0b-4c1e-9f6a-3c8e9d1e0b7a';
      const first = await deliver(shop, 'Merge Request Hook', payload, { uuid });
      const repeated = await deliver(shop, 'Merge Request Hook', payload, { uuid });
      expect(first.body.message).to.match(/queued/);
      expect(repeated.status).to.equal(200);
      expect(repeated.body.message).to.equal(`delivery ${uuid} was already handled`);
      await finished(shop, mr);
      expect(await reviewsOf(service, shop.connectionId, mr.iid)).to.have.length(1);
      expect(notes(shop, mr)).to.have.length(1);
      expect(verdicts(shop, mr)).to.deep.equal([['Approved', mr.sha]]);
    });

    it('ignores a retried delivery by its Idempotency-Key (GitLab 17.4+), whatever its event UUID', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      const payload = gl.note('acme/shop', HOST_URL.gitlab, mr.iid, `@goalie ${PREVIEW.clean}`, mr);
      const key = 'b1f1a7a4-6f3e-4c59-9d55-2f5e0a7c1d11';
      const first = await deliver(shop, 'Note Hook', payload, { idempotencyKey: key });
      const retried = await deliver(shop, 'Note Hook', payload, { idempotencyKey: key });
      expect(first.body.message).to.match(/queued for/);
      expect(retried.body.message).to.equal(`delivery ${key} was already handled`);
      await finished(shop, mr);
      expect(await reviewsOf(service, shop.connectionId, mr.iid)).to.have.length(1);
    });

    it('answers 401 to a wrong or missing X-Gitlab-Token, and stores nothing (no review, no delivery)', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      await deployed(shop, mr, PREVIEW.clean);
      const before = await deliveriesOf(service, shop.connectionId);
      const payload = gl.mergeRequest('acme/shop', HOST_URL.gitlab, 'open', mr);
      const wrong = await deliver(shop, 'Merge Request Hook', payload, {
        token: 'not-the-secret-token',
        uuid: 'bad-token-1',
      });
      const missing = await deliver(shop, 'Merge Request Hook', payload, { token: null, uuid: 'bad-token-2' });
      for (const answer of [wrong, missing]) {
        expect(answer.status).to.equal(401);
        expect(answer.body.message).to.match(/X-Gitlab-Token/);
      }
      expect(await reviewsOf(service, shop.connectionId, mr.iid)).to.have.length(0);
      expect(await deliveriesOf(service, shop.connectionId)).to.deep.equal(before);
      await reviewJobsSettled(service);
      expect(notes(shop, mr)).to.have.length(0);
    });
  });

  describe('verdicts', () => {
    it('Comment: a new commit whose preview logs a console error withdraws the earlier approval', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      await deployed(shop, mr, PREVIEW.clean);
      await mrEvent(shop, 'open', mr);
      expect(await finished(shop, mr)).to.include({ verdict: 'Approved' });

      const next = pushTo(shop, mr);
      await deployed(shop, next, PREVIEW.minor);
      await mrEvent(shop, 'update-new-commits', next, mr.sha);
      const review = await finished(shop, next);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment', head_sha: next.sha });
      expect(notes(shop, mr)).to.have.length(1);
      expect(notes(shop, mr)[0]!.body).to.include('Goalie review: Comment');
      expect(notes(shop, mr)[0]!.body).to.include('Analytics failed to load');
      // The adapter withdraws the approval for any verdict but Approved (gitlab-platform.test.ts).
      expect(verdicts(shop, mr)).to.deep.equal([
        ['Approved', mr.sha],
        ['Comment', next.sha],
      ]);
    });

    it('Comment: the preview cannot be reached, so nothing could be tested', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      await deployed(shop, mr, PREVIEW.unreachable);
      await mrEvent(shop, 'open', mr);
      const review = await finished(shop, mr);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment' });
      expect(review.summary).to.match(/Nothing could be tested/);
      expect(notes(shop, mr)[0]!.body).to.include('Goalie review: Comment');
      expect(verdicts(shop, mr)).to.deep.equal([['Comment', mr.sha]]);
    });

    it('Approved where the token may not approve: the note and the status are posted, and the review does not fail', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      repoOf(shop).verdictRefusal = 'the token may not approve (403 Forbidden)';
      try {
        await deployed(shop, mr, PREVIEW.clean);
        await mrEvent(shop, 'open', mr);
        const review = await finished(shop, mr);
        expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
        expect(verdicts(shop, mr)).to.deep.equal([['Approved', mr.sha]]);
        expect(notes(shop, mr)[0]!.body).to.include('Goalie review: Approved');
        expect(statuses(shop, mr.sha)).to.deep.equal(['pending', 'success']);
      } finally {
        repoOf(shop).verdictRefusal = null;
      }
    });
  });

  describe("Goalie's one note", () => {
    it('is updated in place across reviews', async () => {
      const shop = projects.shop!;
      const mr = newMr(shop);
      await deployed(shop, mr, PREVIEW.clean);
      await mrEvent(shop, 'open', mr);
      await finished(shop, mr);
      const next = pushTo(shop, mr);
      await deployed(shop, next, PREVIEW.minor);
      await mrEvent(shop, 'update-new-commits', next, mr.sha);
      const review = await finished(shop, next);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Comment', head_sha: next.sha });
      const mine = notes(shop, mr);
      expect(mine).to.have.length(1);
      expect(mine[0]!.body).to.include('Goalie review: Comment');
      expect(mine[0]!.body).to.include(next.sha.slice(0, 7));
    });
  });

  describe('usage limit', () => {
    it('an organization over its usage limit gets one note saying so, and no run', async () => {
      const limited = projects.limited!;
      const mr = newMr(limited);
      await deployed(limited, mr, PREVIEW.clean);
      await mrEvent(limited, 'open', mr);
      const review = await finished(limited, mr);
      expect(review.status).to.equal('ERROR');
      expect(review.run_id).to.equal(null);
      expect(review.error_message).to.match(/usage limit/i);
      expect(notes(limited, mr)).to.have.length(1);
      expect(notes(limited, mr)[0]!.body).to.match(/usage limit/i);
      expect(await m.runsOf(limited.projectId)).to.equal(0);
      expect(verdicts(limited, mr)).to.deep.equal([]);
      // The commit does not keep a "pending" Goalie status forever.
      expect(statuses(limited, mr.sha).at(-1) ?? 'none').to.not.equal('pending');
    });
  });
});
