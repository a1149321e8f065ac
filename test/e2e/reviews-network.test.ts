// Where a review's browser may go, end to end on GitHub's fake with real Chromium: a config value is
// typed only into the project's own origins, and a review of Goalie's own port reads as one of a
// closed port. The refusals of a preview URL outside the allowed preview origins, on a private
// address the project does not allow, or on a cloud metadata address (one clear comment, no run, no
// usage, nothing browsed) are test/integration/review-protocol-github.test.ts's, at memory speed.
import { expect } from 'chai';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitHub,
  GITHUB_BOT,
  GITHUB_SECRET,
  GITHUB_TOKEN,
  githubPayloads as gh,
  type GitHubPr,
  PAGES,
  type PreviewSite,
  reviewJobsSettled,
  type ReviewProject,
  type ReviewProjectOptions,
  type ReviewService,
  sha,
  sql,
  startPreview,
  startReviewService,
  waitForReview,
} from '../helpers/review-harness.js';
import type { TestService } from '../helpers/service.js';
import { closedPort } from '../helpers/ports.js';
import { html, startSite } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

describe('where a review may browse (e2e)', function () {
  this.timeout(180_000);

  let rs: ReviewService;
  let service: TestService;
  let fake: FakeGitHub;
  let staging: PreviewSite;
  const projects: Record<string, ReviewProject> = {};
  let nextNumber = 700;

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
  const newPr = (repository: string): GitHubPr => {
    const number = nextNumber++;
    const pr: GitHubPr = { number, branch: `feature-${number}`, sha: sha(), draft: false };
    fake.addPull(repository, {
      number,
      branch: pr.branch,
      headSha: pr.sha,
      draft: false,
      author: 'octocat',
      title: `Change ${number}`,
    });
    return pr;
  };
  const deliver = (project: ReviewProject, event: string, payload: unknown) =>
    deliverGitHub(service, project.connection, GITHUB_SECRET, event, payload);
  const repoOf = (project: ReviewProject) => project.summary.repository!.repository;

  /** Deploys `url` as the pull request's preview and opens it; waits until the review has ended. */
  const reviewOf = async (project: ReviewProject, url: string) => {
    const pr = newPr(repoOf(project));
    await deliver(
      project,
      'deployment_status',
      gh.deploymentStatus(repoOf(project), { sha: pr.sha, environment: 'preview', url, ref: pr.branch }),
    );
    await deliver(project, 'pull_request', gh.pullRequest(repoOf(project), 'opened', pr));
    const review = await waitForReview(service, project.connectionId, pr.number);
    await reviewJobsSettled(service);
    const comments = fake
      .repo(repoOf(project))
      .comments.filter((c) => c.issueNumber === pr.number && c.user.login === GITHUB_BOT);
    return { pr, review, comments };
  };
  before(async () => {
    staging = await startPreview(PAGES.staging);
    fake = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } });
    fake.addRepo('acme/ports');
    rs = await startReviewService();
    service = rs.service;
    // Previews on any port of 127.0.0.1: where a writer could probe Goalie's own ports.
    projects.ports = await applyReviewProject(
      service,
      options('net-ports', 'acme/ports', { previewOrigins: ['127.0.0.1'] }),
    );
    await burnInsDone(service);
  });

  after(async () => {
    await rs?.close();
    await fake?.close();
    await staging?.close();
  });

  it("types a config value only into the project's own origins", async () => {
    const login = html('Sign in', '<h1>Sign in</h1><label>Password <input type="password"></label>');
    const [own, other] = await Promise.all([startSite({ '/login': login }), startSite({ '/login': login })]);
    // Another host (another port of 127.0.0.1 would do too: the default preview origin is host and port).
    const foreign = { url: other.url.replace('127.0.0.1', 'localhost') };
    try {
      await service.apply(`
organization: { name: Config Org }
project: { name: net-configs }
applications:
  - name: web
    environments: [{ name: staging, url: "${own.url}", default: true }]
configs:
  - name: account
    values: { password: { secret: hunter2-for-goalie } }
testCases:
  - { name: Own origin, application: web, configs: [account], goal: "Go to /login\\nFill 'Password' with '{{config.password}}'" }
  - { name: Foreign origin, application: web, configs: [account], goal: "Go to ${foreign.url}/login\\nFill 'Password' with '{{config.password}}'" }
testPlans:
  - { name: Both, default: true, testCases: [Own origin, Foreign origin] }
`);
      await burnInsDone(service);
      const api = service.client(await service.token('net-configs'));
      const started = (await api.post('/v1/run', {})).body.run;
      const view = await waitFor(
        'the run to end',
        async () => {
          const res = await api.get(`/v1/run/${started.shortId}?testCases=all`);
          return ['COMPLETED', 'ERROR'].includes(res.body.status) ? res.body : null;
        },
        90_000,
        100,
      );
      const byName = Object.fromEntries(view.runTestCases.map((t: { name: string }) => [t.name, t])) as Record<
        string,
        { result: string; resultTitle: string; evaluationThought: string }
      >;
      expect(byName['Own origin']!.result).to.equal('PASSED');
      expect(byName['Foreign origin']!.result).to.equal('FAILED');
      expect(byName['Foreign origin']!.evaluationThought).to.include(
        `refused to send a config value to ${foreign.url}, which is not one of the project's own origins (${own.url}, ${new URL(own.url).host})`,
      );
      expect(JSON.stringify(view)).not.to.include('hunter2-for-goalie');
    } finally {
      await Promise.all([own.close(), other.close()]);
    }
  });

  it("ends a review of Goalie's own port as one of a closed port: nothing in it tells them apart", async () => {
    const ownPort = Number(new URL(service.baseUrl).port);
    const closed = await closedPort();
    /** What a writer reads of a review (its comment, its run's results, its findings), the port written PORT. */
    const read = async (port: number) => {
      const { review, comments } = await reviewOf(projects.ports!, `http://127.0.0.1:${port}/`);
      const [row] = await sql<{ exploration: unknown }>(service, 'SELECT exploration FROM reviews WHERE id = $1', [
        review.id,
      ]);
      const results = await sql(
        service,
        'SELECT status, result, result_title, evaluation_thought, error_message FROM run_test_cases WHERE run_id = $1 ORDER BY position',
        [review.run_id],
      );
      const body = comments.at(-1)?.body ?? '';
      // The comment, without what differs between any two reviews: links, commits, numbers.
      const comment = body
        .replace(/http:\/\/127\.0\.0\.1:\d+\/(reviews|runs)\/[\w-]+(#[\w-]+)?/g, 'LINK')
        .replace(/[0-9a-f]{7,40}/g, 'SHA')
        .replace(/#\d+|feature-\d+|change-request=\d+/g, 'N');
      const seen = {
        status: review.status,
        verdict: review.verdict,
        summary: review.summary,
        error: review.error_message,
        exploration: row!.exploration,
        results,
        comment,
      };
      return JSON.parse(JSON.stringify(seen).replaceAll(String(port), 'PORT')) as Record<string, unknown>;
    };
    const own = await read(ownPort);
    const other = await read(closed);
    expect(own).to.deep.equal(other);
    expect(own.status).to.equal('COMPLETED');
    expect(JSON.stringify(own)).not.to.include('Goalie itself');
  });
});
