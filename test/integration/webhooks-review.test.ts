// review.finished: a review's verdict sent to an outbound webhook, with the host and the browser in
// memory as in review-logic.test.ts, and the receiver on 127.0.0.1 checking the signature.
import { expect } from 'chai';
import { handleWebhook } from '../../backend/src/app/review/handle-webhook.js';
import { httpWebhookSender } from '../../backend/src/integrations/webhooks/http-webhook-sender.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { MemoryExplorer, MemoryHost, memoryDelivery, type MemoryRepository } from '../helpers/memory-host.js';
import { withProjectSetting } from '../helpers/project-yaml.js';
import { reviewJobsSettled, reviewProjectYaml, waitForReview } from '../helpers/review-harness.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const HOST_SECRET = 'memory-webhook-secret';
const HOOK_SECRET = 'review-hook-secret-0123456789';
const PREVIEW = 'http://127.0.0.1:10001';

describe('outbound webhooks: review.finished', function () {
  this.timeout(60_000);
  let service: TestService;
  let receiver: WebhookReceiver;
  let worker: Worker;
  let repo: MemoryRepository;
  let connection: string;
  let connectionId: string;

  before(async () => {
    receiver = await startWebhookReceiver(HOOK_SECRET);
    service = await startTestService();
    const host = new MemoryHost();
    service.runtime.app.platforms = host;
    const yaml = reviewProjectYaml({
      name: 'reviewed',
      host: 'github',
      hostUrl: 'https://api.github.example',
      repository: 'acme/shop',
      token: 'ghp_memory',
      webhookSecret: HOST_SECRET,
      stagingUrl: 'http://127.0.0.1:9',
      previewOrigins: ['127.0.0.1'],
    });
    const hook = `webhooks: [{ url: "${receiver.url}/ok", events: [review.finished], secret: "${HOOK_SECRET}" }]`;
    const summary = await service.apply(withProjectSetting(yaml, hook));
    connection = summary.repository!.shortId;
    connectionId = (
      await service.runtime.dataSource.query(`SELECT id FROM repository_connections WHERE short_id = $1`, [connection])
    )[0].id;
    repo = host.repository('acme/shop');
    worker = new Worker(service.runtime.app, service.runtime.boss, new ScriptedExecutor(), {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 4,
      projectParallelism: 20,
      review: { explorer: new MemoryExplorer(), exploreMaxPages: 3, exploreMaxMs: 5_000 },
      webhooks: { sender: httpWebhookSender({ ownPorts: [] }), version: '1.0.0-test' },
    });
    await worker.start();
  });
  after(async () => {
    await reviewJobsSettled(service);
    await worker?.stop(1000);
    await service?.close();
    await receiver?.close();
  });

  it('sends the verdict with the change request, signed, once', async () => {
    const cr = repo.push(7);
    const deliver = (event: Parameters<typeof memoryDelivery>[0]) =>
      handleWebhook(service.runtime.app, 'github', connection, memoryDelivery(event, HOST_SECRET));
    await deliver({
      kind: 'deployment',
      environment: 'preview',
      url: PREVIEW,
      sha: cr.headSha,
      state: 'success',
      ref: null,
    });
    await deliver({
      kind: 'change-request',
      action: 'opened',
      changeRequest: cr,
      sender: 'alice',
      fromFork: false,
      authorId: null,
    });
    const review = await waitForReview(service, connectionId, 7);
    expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved' });

    const [received] = await waitFor('the review.finished delivery', async () =>
      receiver.received.length ? receiver.received : null,
    );
    expect(received!.verified).to.equal(true);
    expect(received!.payload.event).to.equal('review.finished');
    expect(received!.headers['x-goalie-event']).to.equal('review.finished');
    expect(received!.payload.project.slug).to.equal('reviewed');
    expect(received!.payload.data.review).to.include({ shortId: review.short_id, verdict: 'Approved' });
    expect(received!.payload.data.review.url).to.equal(`${service.baseUrl}/reviews/${review.short_id}`);
    expect(received!.payload.data.changeRequest).to.include({
      repository: 'acme/shop',
      number: 7,
      headSha: cr.headSha,
    });
    await reviewJobsSettled(service);
    expect(receiver.received).to.have.length(1);
  });
});
