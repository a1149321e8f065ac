// The GitHub adapter against a fake GitHub REST API on 127.0.0.1 (GitHub Enterprise style /api/v3
// root): what Goalie reads and writes on a pull request, and how it copes with GitHub failing.
import { expect } from 'chai';
import type { CommitState } from '../../../backend/src/app/ports/change-request-platform.js';
import type { Logger } from '../../../backend/src/app/ports/logger.js';
import { commentMarker } from '../../../backend/src/domain/review/comment-marker.js';
import {
  createGitHubPlatform,
  GitHubError,
  type GitHubClientOptions,
  type GitHubPlatform,
} from '../../../backend/src/platforms/github/index.js';
import { allowLoopback, loopbackHostFetch } from '../../helpers/host-fetch.js';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';

const REPO = 'acme/shop';
const SHA = 'c0ffee'.padEnd(40, '0');
const BOT_TOKEN = 'ghp_goalie-bot';
const AUTHOR_TOKEN = 'ghp_octocat';

describe('GitHub platform (against a fake GitHub)', () => {
  let github: FakeGitHub;
  let warnings: string[];
  const logger: Logger = {
    info: () => {},
    warn: (_obj, msg) => warnings.push(msg ?? ''),
    error: (_obj, msg) => warnings.push(msg ?? ''),
  };
  // Real waits shrunk: 5 ms per second GitHub asks for, no write pacing, short timeout.
  const fast: Omit<GitHubClientOptions, 'logger'> = {
    retryAfterBaseMs: 5,
    paceWrites: false,
    timeoutMs: 1000,
    fetch: loopbackHostFetch,
  };
  const platform = (token = BOT_TOKEN, options: Partial<GitHubClientOptions> = {}, repository = REPO): GitHubPlatform =>
    createGitHubPlatform(
      {
        host: 'github',
        apiUrl: github.enterpriseUrl,
        repository,
        credentials: { kind: 'token', token },
        network: allowLoopback,
      },
      { logger, ...fast, ...options },
    );

  before(async () => {
    github = await startFakeGitHub({
      tokens: { [BOT_TOKEN]: 'goalie-bot', [AUTHOR_TOKEN]: 'octocat', ghp_readonly: 'viewer' },
    });
    github.tokens.get('ghp_readonly')!.readOnly = true;
  });
  after(() => github.close());
  beforeEach(() => {
    github.reset();
    github.addRepo(REPO);
    github.addPull(REPO, {
      number: 7,
      title: 'Checkout button',
      author: 'octocat',
      branch: 'feature/checkout',
      headSha: SHA,
    });
    warnings = [];
  });

  describe('permissionOf', () => {
    it("reads each collaborator's permission; a non-collaborator (404) has none; github-actions[bot] writes without a call", async () => {
      const repo = github.repo(REPO);
      const roles = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
      for (const role of roles) repo.permissions.set(`user-${role}`, role);
      repo.permissions.set('stranger', 'none');
      for (const role of roles)
        expect(await platform().permissionOf({ username: `user-${role}`, id: null })).to.equal(role);
      expect(await platform().permissionOf({ username: 'stranger', id: '5' })).to.equal('none');
      expect(await platform().permissionOf({ username: null, id: '5' })).to.equal('none');
      const before = github.requests.length;
      expect(await platform().permissionOf({ username: 'github-actions[bot]', id: '41898282' })).to.equal('write');
      expect(github.requests.length).to.equal(before);
      expect(github.requests[0]).to.include({
        method: 'GET',
        path: '/repos/acme/shop/collaborators/user-read/permission',
      });
    });

    it('fails with a GitHubError when GitHub fails (it is not taken for "none")', async () => {
      github.failNext(4, 500);
      let failure: unknown;
      await platform()
        .permissionOf({ username: 'octocat', id: null })
        .catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(GitHubError);
    });
  });

  describe('who asks: app bots, and whom a pull request comes from', () => {
    it('takes `[bot]` logins for automation without asking GitHub, and everyone else for a person', async () => {
      for (const login of ['github-actions[bot]', 'dependabot[bot]', 'goalie-review[bot]'])
        expect(await platform().isAutomation({ username: login, id: '1' }), login).to.equal(true);
      for (const login of ['octocat', 'bot', 'robot-ci', null])
        expect(await platform().isAutomation({ username: login, id: '1' }), String(login)).to.equal(false);
      expect(github.requests).to.deep.equal([]);
    });

    it("reads a pull request's author and whether its head lives in a fork", async () => {
      github.addPull(REPO, { number: 8, author: 'forker', branch: 'fix', headSha: SHA, fork: 'forker/shop' });
      const fork = await platform().changeRequestOrigin(8);
      expect(fork).to.deep.include({ fromFork: true });
      expect(fork.author.username).to.equal('forker');
      expect(fork.author.id).to.match(/^\d+$/);
      expect(await platform().changeRequestOrigin(7)).to.deep.include({ fromFork: false });
      expect((await platform().changeRequestOrigin(7)).author.username).to.equal('octocat');
      expect(github.requests.map((r) => `${r.method} ${r.path}`)).to.include('GET /repos/acme/shop/pulls/8');
    });
  });

  describe('getChangeRequest', () => {
    it('maps a pull request to a change request', async () => {
      github.addPull(REPO, { number: 8, title: 'WIP: search', author: 'hubot', branch: 'search', draft: true });
      expect(await platform().getChangeRequest(7)).to.deep.equal({
        number: 7,
        title: 'Checkout button',
        branch: 'feature/checkout',
        headSha: SHA,
        draft: false,
        state: 'open',
        url: 'https://github.example/acme/shop/pull/7',
        author: 'octocat',
      });
      expect(await platform().getChangeRequest(8)).to.include({ draft: true, author: 'hubot', branch: 'search' });
      const [request] = github.requests;
      expect(request).to.include({
        method: 'GET',
        path: '/repos/acme/shop/pulls/7',
        authorization: `token ${BOT_TOKEN}`,
      });
      expect(request!.userAgent).to.match(/^goalie /);
    });

    it('tells merged from closed', async () => {
      github.addPull(REPO, { number: 9, state: 'closed', merged: true });
      github.addPull(REPO, { number: 10, state: 'closed', merged: false });
      expect((await platform().getChangeRequest(9)).state).to.equal('merged');
      expect((await platform().getChangeRequest(10)).state).to.equal('closed');
    });
  });

  describe('upsertComment', () => {
    const marker = commentMarker(7);
    const goalieComments = () => github.repo(REPO).comments.filter((c) => c.body.includes(marker));

    it('creates the comment once, then updates it in place, reading every page of 250 comments', async () => {
      github.addComments(REPO, 7, 250, { author: 'reviewer' });
      const first = await platform().upsertComment(7, marker, `${marker}\nRunning…`);
      const second = await platform().upsertComment(7, marker, `${marker}\nAll 3 test cases passed.`);

      expect(second.id).to.equal(first.id);
      expect(goalieComments()).to.have.length(1);
      expect(goalieComments()[0]).to.include({ body: `${marker}\nAll 3 test cases passed.`, id: Number(first.id) });
      expect(second.url).to.equal(`https://github.example/acme/shop/pull/7#issuecomment-${first.id}`);
      expect(github.repo(REPO).comments).to.have.length(251);
      // First call: 3 pages without the marker, then a create; second call: found on page 3, then an update.
      expect(github.requests.map((r) => `${r.method} ${r.query.page ?? ''}`)).to.deep.equal([
        'GET ',
        'GET 2',
        'GET 3',
        'POST ',
        'GET ',
        'GET 2',
        'GET 3',
        'PATCH ',
      ]);
      expect(github.requests.filter((r) => r.method === 'GET').every((r) => r.query.per_page === '100')).to.equal(true);
    });

    it('finds an existing comment on page 3 by its marker, whoever wrote it, and stops reading there', async () => {
      github.addComments(REPO, 7, 300, { author: 'reviewer', bodies: { 230: `Old report\n${marker}` } });
      const oldId = github.repo(REPO).comments[230]!.id;
      const result = await platform().upsertComment(7, marker, `${marker}\nNew report`);

      expect(result.id).to.equal(String(oldId));
      expect(goalieComments()).to.have.length(1);
      expect(goalieComments()[0]!.body).to.equal(`${marker}\nNew report`);
      expect(
        github.requests.map((r) => `${r.method} ${r.path}${r.query.page ? `?page=${r.query.page}` : ''}`),
      ).to.deep.equal([
        'GET /repos/acme/shop/issues/7/comments',
        'GET /repos/acme/shop/issues/7/comments?page=2',
        'GET /repos/acme/shop/issues/7/comments?page=3',
        `PATCH /repos/acme/shop/issues/comments/${oldId}`,
      ]);
    });

    it('does not duplicate the comment when creating it timed out but GitHub created it anyway', async () => {
      github.delayNext(1, 1500, { method: 'POST' });
      const result = await platform(BOT_TOKEN, { timeoutMs: 300 }).upsertComment(7, marker, `${marker}\nReport`);
      expect(goalieComments().map((c) => String(c.id))).to.deep.equal([result.id]);
      expect(github.requests.map((r) => r.method)).to.deep.equal(['GET', 'POST', 'GET']);
    });

    it('creates the comment again after a 502 that created nothing', async () => {
      github.failNext(1, 502, { method: 'POST' });
      await platform().upsertComment(7, marker, `${marker}\nReport`);
      expect(goalieComments()).to.have.length(1);
      expect(github.requests.map((r) => r.method)).to.deep.equal(['GET', 'POST', 'GET', 'POST']);
    });

    it('ignores comments of other change requests and adds the marker when the body lacks it', async () => {
      github.addPull(REPO, { number: 8 });
      github.addComments(REPO, 8, 1, { bodies: { 0: `${marker} on another pull request` } });
      await platform().upsertComment(7, marker, 'Report without marker');
      await platform().upsertComment(7, marker, 'Report without marker, again');
      expect(
        github
          .repo(REPO)
          .comments.filter((c) => c.issueNumber === 7)
          .map((c) => c.body),
      ).to.deep.equal([`Report without marker, again\n\n${marker}`]);
    });
  });

  describe('submitVerdict', () => {
    const cases = [
      { verdict: 'Approved', event: 'APPROVE', state: 'APPROVED' },
      { verdict: 'Changes Requested', event: 'REQUEST_CHANGES', state: 'CHANGES_REQUESTED' },
      { verdict: 'Comment', event: 'COMMENT', state: 'COMMENTED' },
    ] as const;
    for (const { verdict, event, state } of cases) {
      it(`${verdict} → a ${event} review on the commit`, async () => {
        const result = await platform().submitVerdict(7, verdict, `Verdict: ${verdict}`, SHA);
        expect(result.applied).to.equal(true);
        expect(result.detail).to.contain(event);
        expect(
          github
            .repo(REPO)
            .reviews.map((r) => ({ state: r.state, commitId: r.commitId, body: r.body, user: r.user.login })),
        ).to.deep.equal([{ state, commitId: SHA, body: `Verdict: ${verdict}`, user: 'goalie-bot' }]);
        expect(github.requests.at(-1)!.body).to.deep.equal({ commit_id: SHA, body: `Verdict: ${verdict}`, event });
      });
    }

    const ownCases = [
      { verdict: 'Approved', refusal: 'Can not approve your own pull request' },
      { verdict: 'Changes Requested', refusal: 'Can not request changes on your own pull request' },
    ] as const;
    for (const { verdict, refusal } of ownCases) {
      it(`${verdict} on the token owner's own pull request → a COMMENT review, not applied, with the reason`, async () => {
        const result = await platform(AUTHOR_TOKEN).submitVerdict(7, verdict, 'Report', SHA);
        expect(result.applied).to.equal(false);
        expect(result.detail).to.contain(refusal).and.contain('separate (bot) account');
        expect(github.repo(REPO).reviews.map((r) => r.state)).to.deep.equal(['COMMENTED']);
      });
    }

    it('Comment on the own pull request is applied as it is', async () => {
      expect((await platform(AUTHOR_TOKEN).submitVerdict(7, 'Comment', 'Report', SHA)).applied).to.equal(true);
    });
  });

  describe('setCommitStatus', () => {
    it("sets the goalie/review status, keeping the description within GitHub's 140 characters", async () => {
      await platform().setCommitStatus(SHA, 'success', 'https://goalie.example/runs/r-1', 'All 3 test cases passed');
      await platform().setCommitStatus(SHA, 'failure', 'https://goalie.example/runs/r-2', 'x'.repeat(200));
      expect(
        github.repo(REPO).statuses.map(({ sha, state, context, targetUrl }) => ({ sha, state, context, targetUrl })),
      ).to.deep.equal([
        { sha: SHA, state: 'success', context: 'goalie/review', targetUrl: 'https://goalie.example/runs/r-1' },
        { sha: SHA, state: 'failure', context: 'goalie/review', targetUrl: 'https://goalie.example/runs/r-2' },
      ]);
      expect(github.repo(REPO).statuses[1]!.description).to.have.length(140);
    });

    it("passes on GitHub's validation message for an invalid state", async () => {
      const error = await platform()
        .setCommitStatus(SHA, 'bogus' as CommitState, '', 'x')
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(GitHubError);
      expect((error as Error).message).to.contain('422 Validation Failed: state is not included in the list');
    });
  });

  describe('listDeployments', () => {
    it('lists successful deployments of the commit with a URL, oldest first', async () => {
      github.addDeployment(REPO, { sha: SHA, environment: 'preview' }, [
        { state: 'in_progress' },
        { state: 'success', environment_url: 'https://pr-7.preview.example.com' },
      ]);
      github.addDeployment(REPO, { sha: SHA, environment: 'storybook' }, [
        { state: 'success', target_url: 'https://storybook-7.example.com' },
      ]);
      github.addDeployment(
        REPO,
        { sha: SHA, environment: 'docs', payload: { web_url: 'https://docs-7.example.com' } },
        [{ state: 'success' }],
      );
      github.addDeployment(REPO, { sha: SHA, environment: 'preview' }, [
        { state: 'failure', environment_url: 'https://broken.example.com' },
      ]);
      github.addDeployment(REPO, { sha: SHA, environment: 'old' }, [
        { state: 'success', environment_url: 'https://gone.example.com' },
        { state: 'inactive' },
      ]);
      github.addDeployment(REPO, { sha: SHA, environment: 'no-url' }, [{ state: 'success' }]);
      github.addDeployment(REPO, { sha: SHA, environment: 'waiting' });
      github.addDeployment(REPO, { sha: 'f'.repeat(40), environment: 'preview' }, [
        { state: 'success', environment_url: 'https://other-commit.example.com' },
      ]);

      expect(await platform().listDeployments(SHA)).to.deep.equal([
        { environment: 'preview', url: 'https://pr-7.preview.example.com', sha: SHA },
        { environment: 'storybook', url: 'https://storybook-7.example.com', sha: SHA },
        { environment: 'docs', url: 'https://docs-7.example.com', sha: SHA },
      ]);
      expect(github.requests[0]!.query).to.include({ sha: SHA });
    });
  });

  describe('ensureWebhook', () => {
    const url = 'https://goalie.example/webhooks/github/p-1';

    it('creates the webhook, then updates the same one: never two', async () => {
      github.addHook(REPO, { url: 'https://ci.example/hook', events: ['push'] });
      const created = await platform().ensureWebhook(url, 'first-secret');
      const updated = await platform().ensureWebhook(url, 'second-secret');

      expect(created.created).to.equal(true);
      expect(updated).to.deep.equal({ id: created.id, created: false });
      const hooks = github.repo(REPO).hooks.filter((h) => h.config.url === url);
      expect(hooks).to.have.length(1);
      expect(hooks[0]).to.deep.include({
        id: Number(created.id),
        active: true,
        events: ['pull_request', 'issue_comment', 'deployment_status', 'push'],
      });
      expect(hooks[0]!.config).to.include({ url, content_type: 'json', secret: 'second-secret', insecure_ssl: '0' });
      expect(github.repo(REPO).hooks.find((h) => h.config.url === 'https://ci.example/hook')!.events).to.deep.equal([
        'push',
      ]);
    });

    it('finds its webhook among more than a page of them and repairs its events', async () => {
      for (let i = 0; i < 120; i++) github.addHook(REPO, { url: `https://other-${i}.example/hook` });
      const mine = github.addHook(REPO, { url, events: ['push'] });
      mine.active = false;
      expect(await platform().ensureWebhook(url, 's3cret')).to.deep.equal({ id: String(mine.id), created: false });
      expect(mine).to.deep.include({
        active: true,
        events: ['pull_request', 'issue_comment', 'deployment_status', 'push'],
      });
      expect(github.repo(REPO).hooks).to.have.length(121);
    });
  });

  describe('when GitHub fails', () => {
    it('retries a 500 and succeeds', async () => {
      github.failNext(2, 500);
      expect((await platform().getChangeRequest(7)).number).to.equal(7);
      expect(github.requests).to.have.length(3);
    });

    it('gives up after the retries with a message naming what failed', async () => {
      github.failNext(10, 502);
      const error = await platform(BOT_TOKEN, { retries: 2 })
        .getChangeRequest(7)
        .catch((e: unknown) => e);
      expect(github.requests).to.have.length(3);
      expect((error as GitHubError).status).to.equal(502);
      expect((error as Error).message).to.match(
        /could not read pull request #7 in acme\/shop \(502 Server Error\)\. GitHub failed, also after retries/,
      );
    });

    it('retries a request that timed out', async () => {
      github.delayNext(1, 2000);
      expect((await platform(BOT_TOKEN, { timeoutMs: 200 }).getChangeRequest(7)).number).to.equal(7);
      expect(github.requests).to.have.length(2);
    });

    it('waits out a rate limit (403, x-ratelimit-remaining: 0) and retries', async () => {
      github.rateLimitNext(1, { kind: 'primary', retryAfterSeconds: 1 });
      expect((await platform().getChangeRequest(7)).number).to.equal(7);
      expect(github.requests).to.have.length(2);
      expect(warnings.filter((w) => /rate limit/.test(w)))
        .to.have.length(1)
        .and.to.match(/^GitHub primary rate limit: retrying after \d+ s$/);
    });

    it('waits out a secondary rate limit (429, retry-after) on a write and retries', async () => {
      github.rateLimitNext(1, { kind: 'secondary', retryAfterSeconds: 1 });
      await platform().setCommitStatus(SHA, 'pending', 'https://goalie.example/runs/r-1', 'Running');
      expect(github.repo(REPO).statuses).to.have.length(1);
      expect(warnings.filter((w) => /rate limit/.test(w))).to.deep.equal([
        'GitHub secondary rate limit: retrying after 1 s',
      ]);
    });

    it('does not wait for a rate limit that lifts too late, and says so', async () => {
      github.rateLimitNext(1, { kind: 'primary', retryAfterSeconds: 3600 });
      const error = await platform()
        .getChangeRequest(7)
        .catch((e: unknown) => e);
      expect(github.requests).to.have.length(1);
      expect((error as Error).message)
        .to.contain('403 API rate limit exceeded')
        .and.contain('rate limit exceeded and not lifted');
    });

    it('401: says the token is invalid, without retrying', async () => {
      const error = await platform('ghp_revoked')
        .getChangeRequest(7)
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(GitHubError);
      expect((error as GitHubError).status).to.equal(401);
      expect((error as Error).message)
        .to.contain('401 Bad credentials')
        .and.contain('The GitHub token is invalid, expired or revoked');
      expect(github.requests).to.have.length(1);
    });

    it('404: names the repository, the API URL and the access the token needs', async () => {
      const error = await platform(BOT_TOKEN, {}, 'acme/missing')
        .getChangeRequest(7)
        .catch((e: unknown) => e);
      expect((error as GitHubError).status).to.equal(404);
      expect((error as Error).message)
        .to.contain('could not read pull request #7 in acme/missing (404 Not Found)')
        .and.contain(github.enterpriseUrl)
        .and.contain('"Pull requests: read"');
    });

    it('403: names the permission the call needs', async () => {
      const error = await platform('ghp_readonly')
        .setCommitStatus(SHA, 'success', '', 'ok')
        .catch((e: unknown) => e);
      expect((error as GitHubError).status).to.equal(403);
      expect((error as Error).message)
        .to.contain('Resource not accessible by personal access token')
        .and.contain('"Commit statuses: write"');
    });
  });
});
