// Where a review's browser may go, end to end on GitHub's fake: a preview URL outside the
// repository's allowed preview origins, one on a private address when the project does not allow
// private ranges, and a cloud metadata address are refused with one clear comment on the pull
// request. No run starts, no usage is spent, and nothing reaches the preview. (The fake GitHub is on
// loopback, which a project's requests to its repository host may reach only where the project
// allows loopback: so the closed project closes private ranges.)
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
  reviewProjectYaml,
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

/** A private address no test listens on: refused before anything is sent. */
const PRIVATE_PREVIEW = '10.0.0.5';

describe('where a review may browse (e2e)', function () {
  this.timeout(180_000);

  let rs: ReviewService;
  let service: TestService;
  let fake: FakeGitHub;
  let staging: PreviewSite;
  let preview: PreviewSite;
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
  const runsOf = async (project: ReviewProject) =>
    (
      await sql<{ n: number }>(service, 'SELECT count(*)::int n FROM runs WHERE project_id = $1', [project.projectId])
    )[0]!.n;

  before(async () => {
    staging = await startPreview(PAGES.staging);
    preview = await startPreview(PAGES.clean);
    fake = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } });
    for (const repository of ['acme/vercel', 'acme/closed', 'acme/metadata', 'acme/ports']) fake.addRepo(repository);
    rs = await startReviewService();
    service = rs.service;
    projects.vercel = await applyReviewProject(
      service,
      options('net-vercel', 'acme/vercel', { previewOrigins: ['*.vercel.app'] }),
    );
    // Previews may be on 10.0.0.5, but the project does not let its browser reach private ranges.
    const closed = options('net-closed', 'acme/closed', { previewOrigins: [PRIVATE_PREVIEW] });
    const summary = await service.apply(
      reviewProjectYaml(closed).replace(
        '  slug: net-closed\n',
        '  slug: net-closed\n  network: { allowPrivate: false }\n',
      ),
    );
    const [row] = await sql<{ id: string }>(service, 'SELECT id FROM repository_connections WHERE short_id = $1', [
      summary.repository!.shortId,
    ]);
    projects.closed = {
      summary,
      projectId: summary.project.id,
      connection: summary.repository!.shortId,
      connectionId: row!.id,
      webhookUrl: summary.repository!.webhookUrl,
    };
    projects.metadata = await applyReviewProject(
      service,
      options('net-metadata', 'acme/metadata', { previewOrigins: ['169.254.169.254'] }),
    );
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
    await Promise.all([staging, preview].map((site) => site?.close()));
  });

  it('refuses a preview URL outside the allowed preview origins, saying how to allow it', async () => {
    const { review, comments } = await reviewOf(projects.vercel!, `${preview.url}/`);
    expect(review.status).to.equal('ERROR');
    expect(review.run_id).to.equal(null);
    expect(review.error_message).to.equal(
      `No review was run: the preview URL ${preview.url}/ is not on an allowed preview origin (*.vercel.app). Add its host pattern, such as *.vercel.app, to repository.reviews.previewOrigins in the project YAML and run \`goalie apply\`.`,
    );
    expect(comments).to.have.length(1);
    expect(comments[0]!.body).to.include(`the preview URL ${preview.url}/ is not on an allowed preview origin`);
    expect(await runsOf(projects.vercel!)).to.equal(0);
    expect(preview.hits).to.deep.equal([]);
  });

  it('refuses a preview on a private address when the project does not allow private ranges', async () => {
    const url = `http://${PRIVATE_PREVIEW}:8080`;
    const { review, comments } = await reviewOf(projects.closed!, `${url}/`);
    expect(review.status).to.equal('ERROR');
    expect(review.error_message).to.include(
      `No review was run. The preview URL: the browser may not go to ${url}/: ${PRIVATE_PREVIEW}:8080 is a private network address, which this project does not allow`,
    );
    expect(comments).to.have.length(1);
    expect(comments[0]!.body).to.include('allowPrivate');
    expect(await runsOf(projects.closed!)).to.equal(0);
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

  it('never browses a cloud metadata address, whatever the settings', async () => {
    const { review, comments } = await reviewOf(projects.metadata!, 'http://169.254.169.254/latest/meta-data/');
    expect(review.status).to.equal('ERROR');
    expect(review.error_message).to.include(
      '169.254.169.254 is a cloud metadata address, which the browser may never reach',
    );
    expect(comments).to.have.length(1);
    expect(await runsOf(projects.metadata!)).to.equal(0);
  });
});
