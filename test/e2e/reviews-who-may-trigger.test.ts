// Who may make Goalie review, end to end against the fake GitHub and GitLab: a mention counts only
// from someone with the repository's minimum permission (the host is asked: GitHub's collaborator
// permission, GitLab's members including inherited ones), and a fork's change request is reviewed
// automatically only when its author may write. A refusal runs nothing, spends no usage, and gets
// exactly one reply per change request however often it is repeated.
import { expect } from 'chai';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { startFakeGitLab, type FakeGitLab } from '../helpers/fake-gitlab.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitHub,
  deliverGitLab,
  GITHUB_BOT,
  GITHUB_SECRET,
  GITHUB_TOKEN,
  githubPayloads as gh,
  type GitHubPr,
  GITLAB_SECRET,
  type GitLabMr,
  gitlabPayloads as gl,
  type PreviewSite,
  reviewJobsSettled,
  type ReviewProject,
  type ReviewProjectOptions,
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

const REFUSAL_MARKER = '<!-- goalie-review refusal=';

describe('who may make Goalie review (e2e)', function () {
  this.timeout(180_000);

  let rs: ReviewService;
  let service: TestService;
  let github: FakeGitHub;
  let gitlab: FakeGitLab;
  let previews: { clean: PreviewSite; minor: PreviewSite; staging: PreviewSite; slow: PreviewSite };
  const projects: Record<string, ReviewProject> = {};
  let nextNumber = 500;

  /** A project of its own organization (so its usage is its own) on `host`. */
  const options = (
    host: 'github' | 'gitlab',
    name: string,
    repository: string,
    extra: Partial<ReviewProjectOptions> = {},
  ): ReviewProjectOptions => ({
    name,
    organization: `${name} org`,
    host,
    hostUrl: host === 'github' ? github.url : gitlab.url,
    repository,
    token: host === 'github' ? GITHUB_TOKEN : gitlab.token,
    webhookSecret: host === 'github' ? GITHUB_SECRET : GITLAB_SECRET,
    stagingUrl: previews.staging.url,
    ...extra,
  });

  const newPr = (repository: string, extra: Partial<GitHubPr> = {}): GitHubPr => {
    const number = nextNumber++;
    const pr: GitHubPr = { number, branch: `feature-${number}`, sha: sha(), author: 'octocat', ...extra };
    github.addPull(repository, { number, branch: pr.branch, headSha: pr.sha, author: pr.author!, fork: pr.fork });
    return pr;
  };
  const newMr = (path: string, extra: Partial<GitLabMr> = {}): GitLabMr => {
    const iid = nextNumber++;
    const mr: GitLabMr = { iid, branch: `feature-${iid}`, sha: sha(), ...extra };
    gitlab.addMergeRequest(path, {
      iid,
      source_branch: mr.branch,
      sha: mr.sha,
      fork: mr.fork ?? false,
      ...(mr.authorId === undefined
        ? {}
        : { author: { id: mr.authorId, username: `user${mr.authorId}`, name: `User ${mr.authorId}` } }),
    });
    return mr;
  };
  const ghDeliver = (project: ReviewProject, event: string, payload: unknown) =>
    deliverGitHub(service, project.connection, GITHUB_SECRET, event, payload);
  const glDeliver = (project: ReviewProject, event: string, payload: unknown) =>
    deliverGitLab(service, project.connection, GITLAB_SECRET, event, payload);
  const repoOf = (project: ReviewProject) => project.summary.repository!.repository;
  const mention = (project: ReviewProject, number: number, author: string) =>
    ghDeliver(
      project,
      'issue_comment',
      gh.issueComment(repoOf(project), number, `@goalie please review ${previews.clean.url}/`, author),
    );
  const glMention = (project: ReviewProject, mr: GitLabMr, author: { id: number; username: string }) =>
    glDeliver(
      project,
      'Note Hook',
      gl.note(repoOf(project), gitlab.url, mr.iid, `@goalie please review ${previews.clean.url}/`, mr, author),
    );

  const usageOf = async (project: ReviewProject): Promise<number> =>
    (
      await sql<{ n: number }>(
        service,
        'SELECT o.usage_count::int n FROM organizations o JOIN projects p ON p.organization_id = o.id WHERE p.id = $1',
        [project.projectId],
      )
    )[0]!.n;
  const runsOf = async (project: ReviewProject): Promise<number> =>
    (
      await sql<{ n: number }>(service, 'SELECT count(*)::int n FROM runs WHERE project_id = $1', [project.projectId])
    )[0]!.n;
  /** All `count` reviews of the change request refused, and every job they queued done. */
  const refused = async (project: ReviewProject, number: number, count: number) => {
    await waitFor(
      `${count} refused review(s) of ${number}`,
      async () => {
        const reviews = await reviewsOf(service, project.connectionId, number);
        return reviews.length === count && reviews.every((r) => r.status === 'REFUSED');
      },
      30_000,
      50,
    );
    await reviewJobsSettled(service);
    return reviewsOf(service, project.connectionId, number);
  };
  const ghReplies = (project: ReviewProject, number: number) =>
    github.repo(repoOf(project)).comments.filter((c) => c.issueNumber === number && c.user.login === GITHUB_BOT);
  const glReplies = (project: ReviewProject, iid: number) =>
    (gitlab.project(repoOf(project)).notes.get(iid) ?? []).filter((n) => n.author.username === gitlab.user.username);

  before(async () => {
    previews = await startPreviews();
    github = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } });
    gitlab = await startFakeGitLab();
    for (const repository of ['acme/guarded', 'acme/admins', 'acme/forks']) github.addRepo(repository);
    gitlab.addProject('acme/web');
    // A refusal's reply that failed is posted by the review job's retry: 1 to 2 s later, not 10 to 20.
    rs = await startReviewService({ queueRetryDelaySeconds: 1 });
    service = rs.service;
    projects.guarded = await applyReviewProject(service, options('github', 'who-guarded', 'acme/guarded'));
    projects.admins = await applyReviewProject(
      service,
      options('github', 'who-admins', 'acme/admins', { minimumPermission: 'admin' }),
    );
    projects.forks = await applyReviewProject(
      service,
      options('github', 'who-forks', 'acme/forks', { allowForks: false }),
    );
    projects.web = await applyReviewProject(service, options('gitlab', 'who-web', 'acme/web'));
    await burnInsDone(service);
  });

  after(async () => {
    await rs?.close();
    await github?.close();
    await gitlab?.close();
    await Promise.all(Object.values(previews ?? {}).map((site) => site?.close()));
  });

  describe('GitHub', () => {
    it('refuses mentions by a non-collaborator (404) and a reader: nothing runs, no usage, one reply however often they ask', async () => {
      const project = projects.guarded!;
      const repo = github.repo('acme/guarded');
      repo.permissions.set('stranger', 'none');
      repo.permissions.set('reader', 'read');
      const pr = newPr('acme/guarded');
      const usage = await usageOf(project);

      expect((await mention(project, pr.number, 'stranger')).status).to.equal(200);
      await refused(project, pr.number, 1);
      expect((await mention(project, pr.number, 'reader')).status).to.equal(200);
      const reviews = await refused(project, pr.number, 2);

      expect(reviews.map((r) => r.run_id)).to.deep.equal([null, null]);
      expect(reviews[0]!.error_message).to.equal('stranger has none permission; at least write permission is needed.');
      expect(reviews[1]!.error_message).to.equal('reader has read permission; at least write permission is needed.');
      expect(await runsOf(project)).to.equal(0);
      expect(await usageOf(project)).to.equal(usage);
      const replies = ghReplies(project, pr.number);
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include('only people with at least write permission on this repository');
      expect(replies[0]!.body).to.include('`@goalie`');
      // The host was asked, by login, and said 404 for the stranger.
      const asked = github.requests
        .filter((r) => r.method === 'GET' && /\/collaborators\/[^/]+\/permission$/.test(r.path))
        .map((r) => r.path);
      expect(asked).to.include.members([
        '/repos/acme/guarded/collaborators/stranger/permission',
        '/repos/acme/guarded/collaborators/reader/permission',
      ]);
      // Nothing was posted as a review: no commit status, no review.
      expect(repo.statuses).to.deep.equal([]);
      expect(repo.reviews).to.deep.equal([]);
    });

    it("posts a refusal's reply that GitHub failed to take on the job's retry, and still only once", async () => {
      const project = projects.guarded!;
      github.repo('acme/guarded').permissions.set('stranger', 'none');
      const pr = newPr('acme/guarded');
      // Creating the reply fails on every try of the host client: the job fails, and its retry posts it.
      github.failNext(4, 502, { method: 'POST' });
      expect((await mention(project, pr.number, 'stranger')).status).to.equal(200);
      await waitFor(
        'the reply posted by the retry',
        async () => ghReplies(project, pr.number).length === 1,
        90_000,
        100,
      );
      await refused(project, pr.number, 1);
      expect(await mention(project, pr.number, 'stranger')).to.include({ status: 200 });
      await refused(project, pr.number, 2);
      expect(ghReplies(project, pr.number)).to.have.length(1);
      const posts = github.requests.filter(
        (r) => r.method === 'POST' && r.path === `/repos/acme/guarded/issues/${pr.number}/comments`,
      );
      expect(posts.length, 'four failed tries, then the one that worked').to.equal(5);
    });

    it('ends a mention in ERROR, running nothing, when GitHub cannot say who may ask', async () => {
      const project = projects.guarded!;
      const pr = newPr('acme/guarded');
      const usage = await usageOf(project);
      github.failNext(1000, 502, { method: 'GET' });
      try {
        expect((await mention(project, pr.number, 'octocat')).status).to.equal(200);
        await waitFor(
          `the review of ${pr.number} in ERROR`,
          async () => (await reviewsOf(service, project.connectionId, pr.number)).some((r) => r.status === 'ERROR'),
          60_000,
          100,
        );
      } finally {
        github.failNext(0);
      }
      await reviewJobsSettled(service);
      const [review] = await reviewsOf(service, project.connectionId, pr.number);
      expect(review!.status).to.equal('ERROR');
      expect(review!.error_message).to.match(
        /^Could not ask GitHub whether octocat may ask for a review: .*Nothing ran/,
      );
      expect(review!.run_id).to.equal(null);
      expect(await usageOf(project)).to.equal(usage);
    });

    it('an outsider cannot cancel a review in progress by mentioning Goalie', async () => {
      const project = projects.guarded!;
      github.repo('acme/guarded').permissions.set('stranger', 'none');
      const pr = newPr('acme/guarded');
      await mention(project, pr.number, 'octocat');
      await waitForReview(service, project.connectionId, pr.number, ['RUNNING', 'COMPLETED']);
      await mention(project, pr.number, 'stranger');
      const reviews = await waitFor(
        'the refusal, and the first review done',
        async () => {
          const found = await reviewsOf(service, project.connectionId, pr.number);
          return found.length === 2 && found[0]!.status === 'COMPLETED' && found[1]!.status === 'REFUSED'
            ? found
            : null;
        },
        90_000,
        100,
      );
      await reviewJobsSettled(service);
      expect(reviews.map((r) => r.status)).to.deep.equal(['COMPLETED', 'REFUSED']);
      // The review's own comment still shows the verdict; the refusal is a note of its own.
      const comments = ghReplies(project, pr.number);
      expect(comments).to.have.length(2);
      expect(comments.filter((c) => c.body.includes(REFUSAL_MARKER))).to.have.length(1);
    });

    it('accepts a collaborator with write permission: the review runs and spends usage', async () => {
      const project = projects.guarded!;
      const pr = newPr('acme/guarded');
      const usage = await usageOf(project);
      await mention(project, pr.number, 'octocat');
      const review = await waitForReview(service, project.connectionId, pr.number);
      expect(review.status).to.equal('COMPLETED');
      expect(review.run_id).to.be.a('string');
      expect(await usageOf(project)).to.be.greaterThan(usage);
      await reviewJobsSettled(service);
      expect(ghReplies(project, pr.number).filter((c) => c.body.includes(REFUSAL_MARKER))).to.deep.equal([]);
    });

    it("accepts the repository's own workflows (github-actions[bot], a Bot) for a pull request whose author may write, asking GitHub about the author", async () => {
      const project = projects.guarded!;
      const pr = newPr('acme/guarded');
      github.requests.length = 0;
      await mention(project, pr.number, 'github-actions[bot]');
      const review = await waitForReview(service, project.connectionId, pr.number);
      expect(review.status).to.equal('COMPLETED');
      expect(review.run_id).to.be.a('string');
      const asked = github.requests.filter((r) => r.path.includes('/collaborators/')).map((r) => r.path);
      expect(asked).to.deep.equal(['/repos/acme/guarded/collaborators/octocat/permission']);
    });

    it("refuses github-actions[bot]'s mention on an outsider's fork pull request, as its automatic review: nothing runs, no usage, one reply", async () => {
      const project = projects.forks!;
      const repo = github.repo('acme/forks');
      repo.permissions.set('outsider', 'none');
      const pr = newPr('acme/forks', { author: 'outsider', fork: 'outsider/forks' });
      const [usage, runs] = [await usageOf(project), await runsOf(project)];
      github.requests.length = 0;
      expect((await mention(project, pr.number, 'github-actions[bot]')).status).to.equal(200);
      await refused(project, pr.number, 1);
      expect((await mention(project, pr.number, 'github-actions[bot]')).status).to.equal(200);
      const reviews = await refused(project, pr.number, 2);

      expect(reviews[0]!.error_message).to.equal(
        "github-actions[bot] asks for the pull request's author, outsider, who has none permission; at least write permission is needed for a pull request from a fork.",
      );
      expect(reviews.map((r) => r.run_id)).to.deep.equal([null, null]);
      expect(await runsOf(project)).to.equal(runs);
      expect(await usageOf(project)).to.equal(usage);
      const replies = ghReplies(project, pr.number);
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include("counts as the pull request's author asking");
      expect(replies[0]!.body).to.include('reviews.allowForks: true');
      expect(repo.statuses).to.deep.equal([]);
      const paths = github.requests.filter((r) => r.method === 'GET').map((r) => r.path);
      expect(paths).to.include.members([
        `/repos/acme/forks/pulls/${pr.number}`,
        '/repos/acme/forks/collaborators/outsider/permission',
      ]);
    });

    it('minimumPermission admin refuses a collaborator who may only write, and accepts an admin', async () => {
      const project = projects.admins!;
      github.repo('acme/admins').permissions.set('boss', 'admin');
      const pr = newPr('acme/admins');
      const usage = await usageOf(project);
      await mention(project, pr.number, 'octocat');
      await refused(project, pr.number, 1);
      await mention(project, pr.number, 'octocat');
      await refused(project, pr.number, 2);
      expect(await runsOf(project)).to.equal(0);
      expect(await usageOf(project)).to.equal(usage);
      const replies = ghReplies(project, pr.number);
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include('at least admin permission');

      await mention(project, pr.number, 'boss');
      const review = await waitForReview(service, project.connectionId, pr.number);
      expect(review.status).to.equal('COMPLETED');
    });

    it("does not review a fork's pull request automatically when its author cannot write: one reply, however many pushes", async () => {
      const project = projects.forks!;
      github.repo('acme/forks').permissions.set('forker', 'none');
      const pr = newPr('acme/forks', { author: 'forker', fork: 'forker/forks' });
      const usage = await usageOf(project);
      await ghDeliver(
        project,
        'deployment_status',
        gh.deploymentStatus('acme/forks', {
          sha: pr.sha,
          environment: 'preview',
          url: `${previews.clean.url}/`,
          ref: pr.branch,
        }),
      );
      const open = await ghDeliver(project, 'pull_request', gh.pullRequest('acme/forks', 'opened', pr));
      expect(open.body.message).to.match(/fork/);
      await refused(project, pr.number, 1);
      const pushed = { ...pr, sha: sha() };
      github.repo('acme/forks').pulls.get(pr.number)!.headSha = pushed.sha;
      await ghDeliver(project, 'pull_request', gh.pullRequest('acme/forks', 'synchronize', pushed, pr.sha));
      const reviews = await refused(project, pr.number, 2);

      expect(reviews.map((r) => r.event)).to.deep.equal(['opened', 'updated']);
      expect(await runsOf(project)).to.equal(0);
      expect(await usageOf(project)).to.equal(usage);
      const replies = ghReplies(project, pr.number);
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include('from forks automatically');
      expect(replies[0]!.body).to.include('reviews.allowForks: true');
      expect(github.repo('acme/forks').statuses).to.deep.equal([]);
    });

    it("reviews a fork's pull request automatically when its author may write", async () => {
      const project = projects.forks!;
      const pr = newPr('acme/forks', { author: 'octocat', fork: 'octocat/forks' });
      await ghDeliver(
        project,
        'deployment_status',
        gh.deploymentStatus('acme/forks', {
          sha: pr.sha,
          environment: 'preview',
          url: `${previews.clean.url}/`,
          ref: pr.branch,
        }),
      );
      await ghDeliver(project, 'pull_request', gh.pullRequest('acme/forks', 'opened', pr));
      const review = await waitForReview(service, project.connectionId, pr.number);
      expect(review.status).to.equal('COMPLETED');
      expect(review.run_id).to.be.a('string');
    });
  });

  describe('GitLab', () => {
    it('refuses mentions by a non-member (404) and a Reporter: nothing runs, no usage, one reply note', async () => {
      const project = projects.web!;
      const gp = gitlab.project('acme/web');
      gp.members.set(77, null);
      gp.members.set(78, 20);
      const mr = newMr('acme/web');
      const usage = await usageOf(project);

      await glMention(project, mr, { id: 77, username: 'stranger' });
      await refused(project, mr.iid, 1);
      await glMention(project, mr, { id: 78, username: 'reporter' });
      const reviews = await refused(project, mr.iid, 2);

      expect(reviews[1]!.error_message).to.equal(
        'reporter has triage permission; at least the Developer role is needed.',
      );
      expect(await runsOf(project)).to.equal(0);
      expect(await usageOf(project)).to.equal(usage);
      const replies = glReplies(project, mr.iid);
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include('only people with at least the Developer role in this project');
      const asked = gitlab.requests
        .filter((r) => r.method === 'GET' && r.path.includes('/members/all/'))
        .map((r) => r.path.split('/').pop());
      expect(asked).to.include.members(['77', '78']);
    });

    it('accepts a Developer (the access token bot member passes the same check)', async () => {
      const project = projects.web!;
      const mr = newMr('acme/web');
      await glMention(project, mr, { id: 99, username: 'project_5_bot' });
      const review = await waitForReview(service, project.connectionId, mr.iid);
      expect(review.status).to.equal('COMPLETED');
      expect(review.run_id).to.be.a('string');
    });

    it("refuses a bot user's mention on an outsider's fork merge request, asking GitLab who is a bot: nothing runs, one reply", async () => {
      const project = projects.web!;
      const gp = gitlab.project('acme/web');
      gp.members.set(56, null);
      gitlab.bots.add(4242);
      const mr = newMr('acme/web', { fork: true, authorId: 56 });
      const [usage, runs] = [await usageOf(project), await runsOf(project)];
      gitlab.requests.length = 0;
      await glMention(project, mr, { id: 4242, username: 'review-ci' });
      const [review] = await refused(project, mr.iid, 1);

      expect(review!.error_message).to.equal(
        "review-ci asks for the merge request's author, user56, who has none permission; at least the Developer role is needed for a merge request from a fork.",
      );
      expect(await runsOf(project)).to.equal(runs);
      expect(await usageOf(project)).to.equal(usage);
      const replies = glReplies(project, mr.iid);
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include("counts as the merge request's author asking");
      const asked = gitlab.requests.filter((r) => r.method === 'GET').map((r) => r.path);
      expect(asked).to.include.members([
        '/api/v4/users/4242',
        `/api/v4/projects/acme%2Fweb/merge_requests/${mr.iid}`,
        '/api/v4/projects/acme%2Fweb/members/all/56',
      ]);
    });

    it("does not review a fork's merge request automatically when its author is not a Developer", async () => {
      const project = projects.web!;
      gitlab.project('acme/web').members.set(55, null);
      const mr = newMr('acme/web', { fork: true, authorId: 55 });
      const [usage, runs] = [await usageOf(project), await runsOf(project)];
      await glDeliver(
        project,
        'Deployment Hook',
        gl.deployment('acme/web', gitlab.url, {
          sha: mr.sha,
          environment: 'preview',
          url: `${previews.clean.url}/`,
          ref: mr.branch,
        }),
      );
      await glDeliver(project, 'Merge Request Hook', gl.mergeRequest('acme/web', gitlab.url, 'open', mr));
      await refused(project, mr.iid, 1);
      expect(await runsOf(project)).to.equal(runs);
      expect(await usageOf(project)).to.equal(usage);
      const replies = glReplies(project, mr.iid);
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include('merge requests from forks automatically');
    });
  });
});
