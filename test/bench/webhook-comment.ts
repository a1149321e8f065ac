// From a pull request webhook to Goalie's in-progress comment on it (issue 15, target under 1 s):
// the fake GitHub on 127.0.0.1, the review harness of the e2e tests (service, worker, burnt-in
// project), a deployment reported first, then `pull_request opened` delivered; the time until the
// fake receives the comment's POST. Standalone: `tsx test/bench/webhook-comment.ts`.
import { startFakeGitHub } from '../helpers/fake-github.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitHub,
  githubPayloads as gh,
  GITHUB_BOT,
  GITHUB_SECRET,
  GITHUB_TOKEN,
  sha,
  startPreviews,
  startReviewService,
} from '../helpers/review-harness.js';
import { waitFor } from '../helpers/wait.js';
import { runStandalone } from './standalone.js';

const SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureWebhookComment() {
  const previews = await startPreviews();
  const fake = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } });
  fake.addRepo('acme/shop');
  const rs = await startReviewService();
  try {
    const project = await applyReviewProject(rs.service, {
      name: 'bench-shop',
      host: 'github',
      hostUrl: fake.url,
      repository: 'acme/shop',
      token: GITHUB_TOKEN,
      webhookSecret: GITHUB_SECRET,
      stagingUrl: previews.staging.url,
    });
    await burnInsDone(rs.service);
    const deliver = (event: string, payload: unknown) =>
      deliverGitHub(rs.service, project.connection, GITHUB_SECRET, event, payload);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const number = 500 + i;
      const pr = { number, branch: `feature-${number}`, sha: sha(), draft: false };
      fake.addPull('acme/shop', {
        number,
        branch: pr.branch,
        headSha: pr.sha,
        draft: false,
        author: 'octocat',
        title: `Change ${number}`,
      });
      await deliver(
        'deployment_status',
        gh.deploymentStatus('acme/shop', {
          sha: pr.sha,
          environment: 'preview',
          url: previews.clean.url,
          ref: pr.branch,
        }),
      );
      const posted = () =>
        fake.requests.some((r) => r.method === 'POST' && r.path === `/repos/acme/shop/issues/${number}/comments`);
      const started = Date.now();
      const answer = await deliver('pull_request', gh.pullRequest('acme/shop', 'opened', pr));
      if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`);
      await waitFor('the in-progress comment', async () => posted(), 30_000, 5);
      samples.push(Date.now() - started);
      // The review runs on; the next sample waits until it has ended, so samples do not overlap.
      await waitFor(
        'the review to end',
        async () =>
          (
            await rs.service.runtime.dataSource.query(
              `SELECT count(*)::int AS n FROM reviews WHERE status NOT IN ('COMPLETED', 'ERROR', 'SUPERSEDED')`,
            )
          )[0].n === 0,
        120_000,
        100,
      );
    }
    return { samples, medianMs: median(samples), maxMs: Math.max(...samples), targetMs: 1000 };
  } finally {
    await rs.close();
    await fake.close();
    await Promise.all(Object.values(previews).map((site) => site.close()));
  }
}

runStandalone(import.meta.url, 'webhookToInProgressComment', measureWebhookComment);
