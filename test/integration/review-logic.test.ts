// The review logic against PostgreSQL and the job queue, with the host and the browser in memory
// (test/helpers/memory-host.ts): supersede, waiting for deployments, the one comment, the verdict,
// and their races, in seconds. The wire (signatures, payloads, the hosts' APIs) is the end-to-end
// tests' part (test/e2e/reviews-*.test.ts).
import { expect } from 'chai';
import { reviewRequestComment } from '../../actions/review-request/src/comment.js';
import type { PlatformEvent } from '../../backend/src/app/ports/change-request-platform.js';
import { handleWebhook } from '../../backend/src/app/review/handle-webhook.js';
import { runReviewStep } from '../../backend/src/app/review/review-job.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { CI_REQUEST_TAG } from '../../shared/src/ci/review-request-tag.js';
import {
  applyReviewProject,
  burnInsDone,
  ENDED,
  reviewJobsSettled,
  reviewsOf,
  waitForReview,
  type ReviewProject,
} from '../helpers/review-harness.js';
import { MemoryExplorer, MemoryHost, memoryDelivery, type MemoryRepository } from '../helpers/memory-host.js';
import { startMemoryWorker } from '../helpers/memory-worker.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type TestService } from '../helpers/service.js';

const SECRET = 'memory-webhook-secret';
const STAGING = 'http://127.0.0.1:9';
const previewOf = (number: number) => `http://127.0.0.1:${10_000 + number}`;

describe('review logic (memory host, PostgreSQL)', function () {
  let service: TestService;
  let host: MemoryHost;
  let explorer: MemoryExplorer;
  let executor: ScriptedExecutor;
  let worker: Worker;
  let project: ReviewProject;
  let repo: MemoryRepository;
  let gitlabProject: ReviewProject;
  let gitlabRepo: MemoryRepository;
  let next = 1;

  const deliver = (event: PlatformEvent, id?: string) =>
    handleWebhook(service.runtime.app, 'github', project.connection, memoryDelivery(event, SECRET, id));
  const deliverGitLab = (event: PlatformEvent) =>
    handleWebhook(service.runtime.app, 'gitlab', gitlabProject.connection, memoryDelivery(event, SECRET));
  const mentionBy = (author: string, number: number): PlatformEvent => ({
    kind: 'comment',
    number,
    body: `@goalie ${previewOf(number)}`,
    author,
    authorId: null,
    commentId: `c-${author}-${number}-${next++}`,
  });
  /** Waits for the newest review of `number` to end one way or another, and for its jobs. */
  const decided = async (connectionId: string, number: number) => {
    const review = await waitForReview(service, connectionId, number, ['REFUSED', ...ENDED]);
    await reviewJobsSettled(service);
    return review;
  };
  const opened = (number: number, action: 'opened' | 'updated' = 'opened') =>
    deliver({
      kind: 'change-request',
      action,
      changeRequest: repo.changeRequests.get(number)!,
      sender: 'alice',
      fromFork: false,
      authorId: null,
    });
  const deployed = (number: number) =>
    deliver({
      kind: 'deployment',
      environment: 'preview',
      url: previewOf(number),
      sha: repo.changeRequests.get(number)!.headSha,
      state: 'success',
      ref: null,
    });
  const comment = (number: number) => repo.comments.get(number) ?? [];

  before(async () => {
    service = await startTestService({ GOALIE_BROWSER_ALLOW_LOOPBACK: 'true' });
    host = new MemoryHost();
    service.runtime.app.platforms = host;
    project = await applyReviewProject(service, {
      name: 'memory',
      host: 'github',
      hostUrl: 'https://api.github.example',
      repository: 'acme/shop',
      token: 'ghp_memory',
      webhookSecret: SECRET,
      stagingUrl: STAGING,
      previewOrigins: ['127.0.0.1'],
    });
    repo = host.repository('acme/shop');
    gitlabProject = await applyReviewProject(service, {
      name: 'memory-gitlab',
      host: 'gitlab',
      hostUrl: 'https://gitlab.example',
      repository: 'acme/web',
      token: 'glpat-memory',
      webhookSecret: SECRET,
      stagingUrl: STAGING,
      previewOrigins: ['127.0.0.1'],
    });
    gitlabRepo = host.repository('acme/web');
  });
  after(() => service.close());

  beforeEach(async () => {
    executor = new ScriptedExecutor();
    explorer = new MemoryExplorer();
    worker = await startMemoryWorker(service, executor, explorer);
  });
  afterEach(async () => {
    await reviewJobsSettled(service);
    await worker.stop(1000);
  });

  it('a change request with its preview deployed: one run, one comment, Approved, success', async () => {
    const n = next++;
    const cr = repo.push(n);
    await deployed(n);
    await opened(n);
    const review = await waitForReview(service, project.connectionId, n);
    expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', head_sha: cr.headSha });
    expect(explorer.explored).to.deep.equal([previewOf(n)]);
    await reviewJobsSettled(service);
    expect(comment(n)).to.have.length(1);
    expect(comment(n)[0]!.body).to.match(/Approved/);
    expect(repo.verdicts.filter((v) => v.number === n).map(({ verdict, sha }) => ({ verdict, sha }))).to.deep.equal([
      { verdict: 'Approved', sha: cr.headSha },
    ]);
    expect(repo.statusesOf(cr.headSha)).to.deep.equal(['pending', 'success']);
  });

  it('waits for the deployment, says so in the comment, and starts when it arrives', async () => {
    const n = next++;
    repo.push(n);
    await opened(n);
    await waitForReview(service, project.connectionId, n, ['WAITING']);
    await reviewJobsSettled(service);
    expect(comment(n)[0]?.body).to.match(/wait/i);
    await deployed(n);
    const review = await waitForReview(service, project.connectionId, n);
    expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
    await reviewJobsSettled(service);
    expect(comment(n)).to.have.length(1);
  });

  it('a critical finding requests changes; a failed check of the preview is not hidden', async () => {
    const n = next++;
    repo.push(n);
    explorer.findings.set(new URL(previewOf(n)).origin, [
      {
        severity: 'critical',
        kind: 'uncaught-exception',
        title: 'TypeError on /',
        page: previewOf(n),
        evidence: 'TypeError: x is undefined',
      },
    ]);
    await deployed(n);
    await opened(n);
    const review = await waitForReview(service, project.connectionId, n);
    expect(review).to.include({ status: 'COMPLETED', verdict: 'Changes Requested' });
    expect(review.summary).to.match(/TypeError on \//);
    await reviewJobsSettled(service);
    expect(repo.statusesOf(repo.changeRequests.get(n)!.headSha)).to.deep.equal(['pending', 'failure']);
  });

  it('a new commit while the review runs supersedes it: its run is cancelled, only the new commit gets a verdict', async () => {
    const n = next++;
    let release: () => void = () => undefined;
    executor.scripts = { 'Home shows the greeting': { gate: new Promise<void>((resolve) => (release = resolve)) } };
    const first = repo.push(n);
    await deployed(n);
    await opened(n);
    await executor.startedFor('Home shows the greeting');
    const second = repo.push(n);
    executor.scripts = {};
    await deployed(n);
    await opened(n, 'updated');
    const review = await waitForReview(service, project.connectionId, n, ['COMPLETED']);
    release();
    expect(review.head_sha).to.equal(second.headSha);
    const [old] = await reviewsOf(service, project.connectionId, n);
    expect(old).to.include({ status: 'SUPERSEDED', head_sha: first.headSha, superseded_by_sha: second.headSha });
    await reviewJobsSettled(service);
    expect(repo.verdicts.filter((v) => v.number === n).map((v) => v.sha)).to.deep.equal([second.headSha]);
    expect(repo.statusesOf(first.headSha)).to.deep.equal(['pending', 'cancelled']);
    expect(comment(n)).to.have.length(1);
    expect(comment(n)[0]!.body).to.include(second.headSha.slice(0, 7));
  });

  it('the same delivery twice, and a replay under a new id, start one review', async () => {
    const n = next++;
    repo.push(n);
    await deployed(n);
    const event: PlatformEvent = {
      kind: 'change-request',
      action: 'opened',
      changeRequest: repo.changeRequests.get(n)!,
      sender: 'alice',
      fromFork: false,
      authorId: null,
    };
    const answers = await Promise.all([
      deliver(event, `same-${n}`),
      deliver(event, `same-${n}`),
      deliver(event, `other-${n}`),
    ]);
    expect(
      answers.filter((a) => /queued/.test(a)),
      answers.join('\n'),
    ).to.have.length(1);
    await waitForReview(service, project.connectionId, n);
    expect(await reviewsOf(service, project.connectionId, n)).to.have.length(1);
  });

  it('finish racing itself posts one verdict', async () => {
    const n = next++;
    const cr = repo.push(n);
    await deployed(n);
    await opened(n);
    const review = await waitForReview(service, project.connectionId, n, ENDED);
    await reviewJobsSettled(service);
    const before = repo.verdicts.length;
    const reviewWorker = { executor, explorer, exploreMaxPages: 3, exploreMaxMs: 5_000 };
    await Promise.all([1, 2, 3].map(() => runReviewStep(service.runtime.app, reviewWorker, review.id, 'finish')));
    expect(repo.verdicts.length).to.equal(before);
    expect(repo.verdicts.filter((v) => v.sha === cr.headSha)).to.have.length(1);
  });

  it('a mention by someone without write permission is refused, and nothing runs', async () => {
    const n = next++;
    repo.push(n);
    repo.permissions.set('mallory', 'read');
    const runsBefore = executor.requests.length;
    await deliver({
      kind: 'comment',
      number: n,
      body: `@goalie ${previewOf(n)}`,
      author: 'mallory',
      authorId: null,
      commentId: `c-${n}`,
    });
    const review = await waitForReview(service, project.connectionId, n, ['REFUSED']);
    expect(review.error_message).to.match(/mallory has read permission/);
    await reviewJobsSettled(service);
    expect(executor.requests.length).to.equal(runsBefore);
    expect(explorer.explored).to.deep.equal([]);
  });

  it("a comment carrying the review-request action's hidden tag, by a reader or a stranger, is refused like any other mention", async () => {
    repo.permissions.set('reader', 'read');
    repo.permissions.set('stranger', 'none');
    await burnInsDone(service);
    const runsBefore = executor.requests.length;
    for (const author of ['reader', 'stranger']) {
      const n = next++;
      repo.push(n);
      // The very comment the action posts, tag included.
      const body = reviewRequestComment({ mention: '@goalie', message: '', previewUrl: previewOf(n) });
      expect(body).to.include(CI_REQUEST_TAG);
      await deliver({ kind: 'comment', number: n, body, author, authorId: null, commentId: `c-tag-${n}` });
      const review = await decided(project.connectionId, n);
      expect(review).to.include({ event: 'ci', status: 'REFUSED', run_id: null });
      expect(review.error_message).to.match(new RegExp(`^${author} has (read|none) permission`));
      expect(comment(n)).to.have.length(1);
      expect(comment(n)[0]!.body).to.include('only people with at least write permission on this repository');
    }
    expect(executor.requests.length).to.equal(runsBefore);
    expect(explorer.explored).to.deep.equal([]);
  });

  describe("a mention by an automation identity acts for the change request's author", () => {
    const BOT = 'github-actions[bot]';
    beforeEach(() => {
      repo.automation.add(BOT);
      repo.permissions.set(BOT, 'write');
      repo.permissions.set('alice', 'write');
      repo.permissions.set('outsider', 'none');
      repo.permissions.set('reader', 'read');
    });

    it("a workflow's mention on an outsider's fork pull request is refused as its automatic review would be: one reply, nothing runs", async () => {
      const n = next++;
      repo.push(n, { author: 'outsider' });
      repo.forks.add(n);
      const runsBefore = executor.requests.length;
      await deliver(mentionBy(BOT, n));
      const first = await decided(project.connectionId, n);
      expect(first.status).to.equal('REFUSED');
      expect(first.error_message).to.equal(
        "github-actions[bot] asks for the pull request's author, outsider, who has none permission; at least write permission is needed for a pull request from a fork.",
      );
      await deliver(mentionBy(BOT, n));
      expect((await decided(project.connectionId, n)).status).to.equal('REFUSED');
      expect(executor.requests.length).to.equal(runsBefore);
      expect(explorer.explored).to.deep.equal([]);
      expect(repo.statusesOf(repo.changeRequests.get(n)!.headSha)).to.deep.equal([]);
      expect(comment(n)).to.have.length(1);
      expect(comment(n)[0]!.body).to.include('only people with at least write permission on this repository');
      expect(comment(n)[0]!.body).to.include("counts as the pull request's author asking");
    });

    it("a workflow's mention on a pull request of the repository whose author may not ask is refused too", async () => {
      const n = next++;
      repo.push(n, { author: 'reader' });
      await deliver(mentionBy(BOT, n));
      const review = await decided(project.connectionId, n);
      expect(review.status).to.equal('REFUSED');
      expect(review.error_message).to.equal(
        "github-actions[bot] asks for the pull request's author, reader, who has read permission; at least write permission is needed.",
      );
      expect(explorer.explored).to.deep.equal([]);
    });

    it("a workflow's mention on a fork pull request whose author may write starts the review", async () => {
      const n = next++;
      repo.push(n, { author: 'alice' });
      repo.forks.add(n);
      await deliver(mentionBy(BOT, n));
      const review = await decided(project.connectionId, n);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(explorer.explored).to.deep.equal([previewOf(n)]);
    });

    it("a bot that may not write itself is refused, whoever the pull request's author is", async () => {
      const n = next++;
      repo.push(n, { author: 'alice' });
      repo.automation.add('reader-app[bot]');
      repo.permissions.set('reader-app[bot]', 'read');
      await deliver(mentionBy('reader-app[bot]', n));
      const review = await decided(project.connectionId, n);
      expect(review.status).to.equal('REFUSED');
      expect(review.error_message).to.equal(
        'reader-app[bot] has read permission; at least write permission is needed.',
      );
    });

    it("a person's mention keeps its own rule: a writer may ask for an outsider's fork pull request", async () => {
      const n = next++;
      repo.push(n, { author: 'outsider' });
      repo.forks.add(n);
      await deliver(mentionBy('alice', n));
      const review = await decided(project.connectionId, n);
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
    });

    it("GitLab: an access token bot's mention on an outsider's fork merge request is refused, in GitLab's words", async () => {
      const n = next++;
      const bot = 'project_5_bot_0123abcd';
      gitlabRepo.push(n, { author: 'outsider' });
      gitlabRepo.forks.add(n);
      gitlabRepo.automation.add(bot);
      gitlabRepo.permissions.set(bot, 'write');
      gitlabRepo.permissions.set('outsider', 'none');
      await deliverGitLab(mentionBy(bot, n));
      const review = await decided(gitlabProject.connectionId, n);
      expect(review.status).to.equal('REFUSED');
      expect(review.error_message).to.equal(
        `${bot} asks for the merge request's author, outsider, who has none permission; at least the Developer role is needed for a merge request from a fork.`,
      );
      expect(explorer.explored).to.deep.equal([]);
      const replies = gitlabRepo.comments.get(n) ?? [];
      expect(replies).to.have.length(1);
      expect(replies[0]!.body).to.include('only people with at least the Developer role in this project');
    });
  });
});
