// Pull request reviews by a GitHub App installation, end to end: the project file's `repository.app`
// (App ID, installation ID, private key from ${GITHUB_APP_PRIVATE_KEY}), a fake GitHub Enterprise
// API that knows the App's public key and accepts no personal token at all, real webhook payloads,
// and a Goalie service with its worker. What it checks: the App's JWT is exchanged for an
// installation token, that token does every call and is renewed before it expires, and what
// Goalie posts on the pull request is the App's (`<slug>[bot]`).
import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubRequest } from '../helpers/fake-github.js';
import {
  applyReviewProject,
  burnInsDone,
  deliverGitHub,
  githubPayloads as gh,
  PAGES,
  reviewJobsSettled,
  reviewsOf,
  sha,
  sql,
  startPreview,
  startReviewService,
  waitForReview,
  type GitHubPr,
  type PreviewSite,
  type ReviewProject,
  type ReviewProjectOptions,
  type ReviewRow,
  type ReviewService,
} from '../helpers/review-harness.js';
import type { TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

const SECRET = 'github-app-webhook-secret-for-tests';
const APP_ID = 912345;
const INSTALLATION = 48151623;
const SLUG = 'goalie-review';
const BOT = `${SLUG}[bot]`;
const REPO = 'acme/app-shop';
const KEYS = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** As GitHub hands it out: PKCS#1 PEM. */
const PRIVATE_KEY = KEYS.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
const KEY_BODY = PRIVATE_KEY.split('\n')[1]!;

describe('pull request reviews as a GitHub App installation (e2e)', function () {
  this.timeout(180_000);

  let rs: ReviewService;
  let service: TestService;
  let fake: FakeGitHub;
  let clean: PreviewSite;
  let staging: PreviewSite;
  let project: ReviewProject;
  let nextNumber = 300;

  const options = (extra: Partial<ReviewProjectOptions> = {}): ReviewProjectOptions => ({
    name: 'gh-app-shop',
    host: 'github',
    hostUrl: fake.enterpriseUrl,
    repository: REPO,
    app: { appId: APP_ID, installationId: INSTALLATION, privateKeyVariable: 'GITHUB_APP_PRIVATE_KEY' },
    env: { GITHUB_APP_PRIVATE_KEY: PRIVATE_KEY },
    webhookSecret: SECRET,
    stagingUrl: staging.url,
    ...extra,
  });
  const newPr = (): GitHubPr => {
    const number = nextNumber++;
    const pr: GitHubPr = { number, branch: `feature-${number}`, sha: sha() };
    fake.addPull(REPO, { number, branch: pr.branch, headSha: pr.sha, author: 'octocat' });
    return pr;
  };
  const deliver = (event: string, payload: unknown) =>
    deliverGitHub(service, project.connection, SECRET, event, payload);
  const exchanges = () =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === `/app/installations/${INSTALLATION}/access_tokens`);
  const repositoryCalls = (): FakeGitHubRequest[] => fake.requests.filter((r) => r.path.startsWith(`/repos/${REPO}/`));
  /** Time passes, for Goalie's installation tokens and for GitHub alike. */
  const later = (seconds: number) => {
    rs.advanceTokenClock(seconds * 1000);
    fake.clockOffsetSeconds += seconds;
  };
  /** Opens a pull request whose preview is deployed, and waits until its review has posted everything. */
  const reviewed = async (pr: GitHubPr): Promise<ReviewRow> => {
    await deliver(
      'deployment_status',
      gh.deploymentStatus(REPO, { sha: pr.sha, environment: 'preview', url: clean.url, ref: pr.branch }),
    );
    const open = await deliver('pull_request', gh.pullRequest(REPO, 'opened', pr));
    expect(open.body.message).to.match(/queued: deployments ready/);
    const review = await waitForReview(service, project.connectionId, pr.number);
    await waitFor(
      'the final commit status',
      async () => fake.repo(REPO).statuses.some((s) => s.sha === pr.sha && s.state !== 'pending'),
      30_000,
      50,
    );
    await reviewJobsSettled(service);
    return review;
  };

  before(async () => {
    [clean, staging] = await Promise.all([startPreview(PAGES.clean), startPreview(PAGES.staging)]);
    // No personal access token works on this GitHub: only the App's installation tokens do.
    fake = await startFakeGitHub({ tokens: {} });
    fake.addApp({
      id: APP_ID,
      slug: SLUG,
      publicKey: KEYS.publicKey,
      installations: [INSTALLATION],
      repositories: [REPO],
    });
    fake.addRepo(REPO);
    rs = await startReviewService();
    service = rs.service;
    project = await applyReviewProject(service, options());
    await burnInsDone(service);
  });

  after(async () => {
    await rs?.close();
    await fake?.close();
    await Promise.all([clean, staging].map((site) => site?.close()));
  });

  describe('connecting the repository', () => {
    it("creates the webhook with an installation token got with the App's JWT from the Enterprise API root", () => {
      expect(project.summary.repository).to.deep.include({
        host: 'github',
        repository: REPO,
        auth: { kind: 'app', appId: APP_ID, installationId: INSTALLATION },
      });
      expect(project.summary.repository!.webhook).to.include({ ok: true, created: true });
      const [exchange, ...calls] = fake.requests;
      expect(exchange).to.include({
        method: 'POST',
        path: `/app/installations/${INSTALLATION}/access_tokens`,
        root: '/api/v3',
      });
      expect(exchange!.authorization).to.match(/^bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      const token = fake.installationTokens[0]!.token;
      expect(calls.map((r) => `${r.method} ${r.path} ${r.authorization}`)).to.deep.equal([
        `GET /repos/${REPO}/hooks token ${token}`,
        `POST /repos/${REPO}/hooks token ${token}`,
      ]);
      expect(fake.repo(REPO).hooks.map((h) => h.config.url)).to.deep.equal([project.webhookUrl]);
    });

    it('stores the private key only sealed, and shows no secret in what `goalie apply --json` prints', async () => {
      const [row] = await sql(
        service,
        'SELECT token, app_id, installation_id, app_private_key FROM repository_connections WHERE id = $1',
        [project.connectionId],
      );
      expect(row).to.include({ token: null, app_id: String(APP_ID), installation_id: String(INSTALLATION) });
      expect(row!.app_private_key).to.not.contain(KEY_BODY).and.not.contain('PRIVATE KEY');
      expect(service.runtime.secrets.open(row!.app_private_key)).to.equal(PRIVATE_KEY);
      const printed = JSON.stringify(project.summary, null, 2);
      expect(printed)
        .to.not.contain(KEY_BODY)
        .and.not.contain('PRIVATE KEY')
        .and.not.contain(fake.installationTokens[0]!.token);
    });
  });

  describe('a review', () => {
    let pr: GitHubPr;
    let review: ReviewRow;
    before(async () => {
      pr = newPr();
      review = await reviewed(pr);
    });

    it(`is posted by the App: the comment, the native review and the commit status are ${BOT}'s`, () => {
      expect(review).to.include({ status: 'COMPLETED', verdict: 'Approved', head_sha: pr.sha });
      const comments = fake.repo(REPO).comments.filter((c) => c.issueNumber === pr.number);
      expect(comments.map((c) => c.user.login)).to.deep.equal([BOT]);
      expect(comments[0]!.body).to.include('Goalie review: Approved');
      expect(
        fake
          .repo(REPO)
          .reviews.filter((r) => r.pullNumber === pr.number)
          .map((r) => [r.state, r.user.login]),
      ).to.deep.equal([['APPROVED', BOT]]);
      expect(
        fake
          .repo(REPO)
          .statuses.filter((s) => s.sha === pr.sha)
          .map((s) => [s.state, s.creator]),
      ).to.deep.equal([
        ['pending', BOT],
        ['success', BOT],
      ]);
    });

    it("is not started again by the App's own comment, although it mentions @goalie and a URL", async () => {
      const own = fake.repo(REPO).comments.find((c) => c.issueNumber === pr.number && c.user.login === BOT)!;
      const echoed = await deliver(
        'issue_comment',
        gh.issueComment(REPO, pr.number, `${own.body}\n@goalie ${clean.url}`, BOT),
      );
      expect(echoed.body.message).to.equal('comment without a review request');
      expect(await reviewsOf(service, project.connectionId, pr.number)).to.have.length(1);
    });

    it('used the one installation token of the apply for every call: exchanged once, not per request or job', () => {
      expect(exchanges()).to.have.length(1);
      const token = fake.installationTokens[0]!.token;
      expect(repositoryCalls().length).to.be.greaterThan(6);
      expect(repositoryCalls().filter((r) => r.authorization !== `token ${token}`)).to.deep.equal([]);
    });
  });

  describe('an hour later', () => {
    it('renews the token before it expires, and the next review runs on the new one', async () => {
      const before = fake.requests.length;
      later(56 * 60); // four minutes left on the token: less than Goalie keeps using one
      const pr = newPr();
      expect(await reviewed(pr)).to.include({ status: 'COMPLETED', verdict: 'Approved' });
      expect(exchanges()).to.have.length(2);
      const [first, second] = fake.installationTokens.map((t) => t.token);
      const since = fake.requests.slice(before).filter((r) => r.path.startsWith('/repos/'));
      expect(since.length).to.be.greaterThan(3);
      expect(since.filter((r) => r.authorization !== `token ${second}`)).to.deep.equal([]);
      expect(since.some((r) => r.authorization === `token ${first}`)).to.equal(false);
      expect(
        fake
          .repo(REPO)
          .comments.filter((c) => c.issueNumber === pr.number)
          .map((c) => c.user.login),
      ).to.deep.equal([BOT]);
    });
  });

  describe('changing the credentials', () => {
    it('a token instead of the App, and back: one kind of credentials is stored at a time', async () => {
      fake.tokens.set('ghp_goalie-bot', { login: 'goalie-bot' });
      const viaToken = await applyReviewProject(service, options({ app: undefined, token: 'ghp_goalie-bot' }));
      expect(viaToken.summary.repository).to.deep.include({
        auth: { kind: 'token' },
        webhook: { ok: true, created: false, id: String(fake.repo(REPO).hooks[0]!.id) },
      });
      const [tokenRow] = await sql(
        service,
        'SELECT token, app_id, installation_id, app_private_key FROM repository_connections WHERE id = $1',
        [project.connectionId],
      );
      expect(tokenRow).to.include({ app_id: null, installation_id: null, app_private_key: null });
      expect(service.runtime.secrets.open(tokenRow!.token)).to.equal('ghp_goalie-bot');

      const viaApp = await applyReviewProject(service, options());
      expect(viaApp.summary.repository!.auth).to.deep.equal({
        kind: 'app',
        appId: APP_ID,
        installationId: INSTALLATION,
      });
      const [appRow] = await sql(service, 'SELECT token, app_id FROM repository_connections WHERE id = $1', [
        project.connectionId,
      ]);
      expect(appRow).to.deep.equal({ token: null, app_id: String(APP_ID) });
    });
  });
});
