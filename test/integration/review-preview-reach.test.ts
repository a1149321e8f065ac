// Where a repository writer can point a review (a deployment or `@goalie <preview URL>`), against
// PostgreSQL and the job queue with the host and the browser in memory: a preview on one of
// Goalie's own ports ends as one on a closed port does, so a review is no port scanner (the
// browser's half of that, real Chromium: test/integration/agent/network-guard.test.ts); the default
// preview origins are the environments' hosts with their ports, so another port of a mapped host
// is refused.
import { expect } from 'chai';
import type { PlatformEvent } from '../../backend/src/app/ports/change-request-platform.js';
import { handleWebhook } from '../../backend/src/app/review/handle-webhook.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import {
  applyReviewProject,
  reviewJobsSettled,
  waitForReview,
  type ReviewProject,
  type ReviewRow,
} from '../helpers/review-harness.js';
import { MemoryExplorer, MemoryHost, memoryDelivery } from '../helpers/memory-host.js';
import { startMemoryWorker } from '../helpers/memory-worker.js';
import { closedPort } from '../helpers/ports.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type TestService } from '../helpers/service.js';

const SECRET = 'preview-reach-secret';

describe('where a writer can point a review (memory host, PostgreSQL)', function () {
  let service: TestService;
  let host: MemoryHost;
  let explorer: MemoryExplorer;
  let executor: ScriptedExecutor;
  let worker: Worker;
  let anyPort: ReviewProject;
  let byDefault: ReviewProject;
  let next = 1;

  /** Opens change request `number` of `project` with its preview deployed at `url`; answers the ended review. */
  const reviewAt = async (project: ReviewProject, url: string): Promise<ReviewRow> => {
    const repository = project.summary.repository!.repository;
    const repo = host.repository(repository);
    const number = next++;
    const cr = repo.push(number);
    const deliver = (event: PlatformEvent) =>
      handleWebhook(service.runtime.app, 'github', project.connection, memoryDelivery(event, SECRET));
    await deliver({ kind: 'deployment', environment: 'preview', url, sha: cr.headSha, state: 'success', ref: null });
    await deliver({
      kind: 'change-request',
      action: 'opened',
      changeRequest: cr,
      sender: 'alice',
      fromFork: false,
      authorId: null,
    });
    const review = await waitForReview(service, project.connectionId, number);
    await reviewJobsSettled(service);
    return review;
  };
  const project = (name: string, stagingUrl: string, previewOrigins: string[] | null) =>
    applyReviewProject(service, {
      name,
      host: 'github',
      hostUrl: 'https://api.github.example',
      repository: `acme/${name}`,
      token: 'ghp_memory',
      webhookSecret: SECRET,
      stagingUrl,
      previewOrigins,
    });

  before(async () => {
    service = await startTestService({ GOALIE_BROWSER_ALLOW_LOOPBACK: 'true' });
    host = new MemoryHost();
    service.runtime.app.platforms = host;
    // An explicit host pattern without a port: any port of 127.0.0.1.
    anyPort = await project('any-port', 'http://127.0.0.1:9', ['127.0.0.1']);
    // No previewOrigins: the environment's host (and its subdomains) on the environment's port.
    byDefault = await project('by-default', 'http://localhost:9', null);
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

  it("ends a review of Goalie's own port as one of a closed port: same outcome, same words", async () => {
    const ownPort = Number(new URL(service.baseUrl).port);
    const closed = await closedPort();
    for (const hostname of ['127.0.0.1', 'localhost', '[::ffff:0:7f00:1]']) {
      const own = await reviewAt(anyPort, `http://${hostname}:${ownPort}/`);
      const other = await reviewAt(anyPort, `http://${hostname}:${closed}/`);
      const read = (review: ReviewRow, port: number) =>
        JSON.parse(
          JSON.stringify({
            status: review.status,
            verdict: review.verdict,
            summary: review.summary,
            error: review.error_message,
            ran: review.run_id !== null,
          }).replaceAll(String(port), 'PORT'),
        ) as unknown;
      expect(read(own, ownPort), hostname).to.deep.equal(read(other, closed));
      expect(own.error_message ?? '', hostname).not.to.include('Goalie itself');
    }
  });

  it("refuses, by default, a preview on another port of the environment's host", async () => {
    for (const url of ['http://localhost:5432/', 'http://pr-7.localhost:6379/', 'http://localhost/']) {
      const review = await reviewAt(byDefault, url);
      expect(review.status, url).to.equal('ERROR');
      expect(review.run_id, url).to.equal(null);
      expect(review.error_message, url).to.equal(
        `No review was run: the preview URL ${url} is not on an allowed preview origin (localhost:9). Add its host pattern, such as *.vercel.app, to repository.reviews.previewOrigins in the project YAML and run \`goalie apply\`.`,
      );
    }
    expect(explorer.explored).to.deep.equal([]);
  });

  it("takes, by default, a preview on the environment's host and port, or a subdomain of it on that port", async () => {
    for (const url of ['http://localhost:9/pr-8', 'http://pr-8.localhost:9/']) {
      const review = await reviewAt(byDefault, url);
      expect(review, url).to.include({ status: 'COMPLETED', verdict: 'Approved' });
    }
  });

  it('takes a preview on any port when the pattern names no port, as docs/reviews.md says', async () => {
    const review = await reviewAt(anyPort, 'http://127.0.0.1:4100/');
    expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });
  });
});
