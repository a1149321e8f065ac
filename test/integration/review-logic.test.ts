// The review logic against PostgreSQL and the job queue, with the host and the browser in memory
// (test/helpers/memory-host.ts): supersede, waiting for deployments, the one comment, the verdict,
// and their races, in seconds. The wire (signatures, payloads, the hosts' APIs) is the end-to-end
// tests' part (test/e2e/reviews-*.test.ts).
import { expect } from 'chai';
import type { PlatformEvent } from '../../backend/src/app/ports/change-request-platform.js';
import { handleWebhook } from '../../backend/src/app/review/handle-webhook.js';
import { runReviewStep } from '../../backend/src/app/review/review-job.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import {
  applyReviewProject,
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
  let next = 1;

  const deliver = (event: PlatformEvent, id?: string) =>
    handleWebhook(service.runtime.app, 'github', project.connection, memoryDelivery(event, SECRET, id));
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
    expect(repo.verdicts.filter((v) => v.number === n)).to.deep.equal([
      { number: n, verdict: 'Approved', sha: cr.headSha },
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
});
