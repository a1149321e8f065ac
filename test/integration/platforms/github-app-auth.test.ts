// The GitHub adapter signed in as a GitHub App installation, against the fake GitHub's Enterprise
// style root: the App's JWT is exchanged for an installation token, which is kept, shared, renewed
// before it expires and after GitHub refuses it, and failures say which App setting to fix.
import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import type { PlatformCredentials } from '../../../backend/src/app/ports/change-request-platform.js';
import type { Logger } from '../../../backend/src/app/ports/logger.js';
import {
  createGitHubPlatform,
  GitHubError,
  InstallationTokens,
  type GitHubPlatform,
} from '../../../backend/src/platforms/github/index.js';
import { allowLoopback, loopbackHostFetch } from '../../helpers/host-fetch.js';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubRequest } from '../../helpers/fake-github.js';

const REPO = 'acme/shop';
const SHA = 'c0ffee'.padEnd(40, '0');
const APP_ID = 4242;
const INSTALLATION = 77;
const OTHER_INSTALLATION = 88;
const READ_ONLY_APP = 5151;
const READ_ONLY_INSTALLATION = 99;
const SLUG = 'goalie-review';

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (pair: ReturnType<typeof keyPair>) => pair.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;

describe('GitHub platform signed in as a GitHub App installation (against a fake GitHub)', () => {
  const appKeys = keyPair();
  const strangerKeys = keyPair();
  let github: FakeGitHub;
  let tokens: InstallationTokens;
  let clockOffsetMs: number;
  const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

  const platform = (
    credentials: Partial<Extract<PlatformCredentials, { kind: 'app' }>> = {},
    repository = REPO,
  ): GitHubPlatform =>
    createGitHubPlatform(
      {
        host: 'github',
        apiUrl: github.enterpriseUrl,
        repository,
        credentials: {
          kind: 'app',
          appId: APP_ID,
          installationId: INSTALLATION,
          privateKey: pem(appKeys),
          ...credentials,
        },
        network: allowLoopback,
      },
      {
        logger,
        retryAfterBaseMs: 5,
        paceWrites: false,
        timeoutMs: 2000,
        installationTokens: tokens,
        fetch: loopbackHostFetch,
      },
    );
  /** Time passes, for Goalie and GitHub alike. */
  const later = (seconds: number) => {
    clockOffsetMs += seconds * 1000;
    github.clockOffsetSeconds += seconds;
  };
  const exchanges = () =>
    github.requests.filter((r) => r.method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(r.path));
  const claims = (request: FakeGitHubRequest) =>
    JSON.parse(Buffer.from(request.authorization!.split(' ')[1]!.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      number
    > & { exp: number; iat: number };
  const failure = async (promise: Promise<unknown>): Promise<GitHubError> => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).to.be.instanceOf(GitHubError);
    return error as GitHubError;
  };

  before(async () => {
    github = await startFakeGitHub({ tokens: {} });
    github.addApp({
      id: APP_ID,
      slug: SLUG,
      publicKey: appKeys.publicKey,
      installations: [INSTALLATION, OTHER_INSTALLATION],
      repositories: [REPO, 'acme/docs'],
    });
    github.addApp({
      id: READ_ONLY_APP,
      slug: 'viewer',
      publicKey: appKeys.publicKey,
      installations: [READ_ONLY_INSTALLATION],
      readOnly: true,
    });
  });
  after(() => github.close());
  beforeEach(() => {
    github.reset();
    for (const repository of [REPO, 'acme/docs', 'acme/secret']) github.addRepo(repository);
    github.addPull(REPO, { number: 7, author: 'octocat', headSha: SHA });
    clockOffsetMs = 0;
    tokens = new InstallationTokens({ now: () => Date.now() + clockOffsetMs });
  });

  describe('the installation token', () => {
    it("is got with the App's JWT (RS256, iss = App ID, issued a minute ago, valid 10 minutes) from the Enterprise API root, then carried by each call", async () => {
      const started = Math.floor(Date.now() / 1000);
      expect(await platform().getChangeRequest(7)).to.include({ number: 7, headSha: SHA });
      const [exchange, read] = github.requests;
      expect(exchange).to.include({
        method: 'POST',
        path: `/app/installations/${INSTALLATION}/access_tokens`,
        root: '/api/v3',
      });
      expect(exchange!.authorization).to.match(/^bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      const jwt = claims(exchange!);
      expect(jwt.iss).to.equal(APP_ID);
      expect(jwt.exp - jwt.iat).to.equal(600);
      expect(jwt.iat).to.be.within(started - 61, started - 59);
      const issued = github.installationTokens.at(-1)!;
      expect(issued).to.include({ appId: APP_ID, installationId: INSTALLATION });
      expect(read).to.include({
        method: 'GET',
        path: '/repos/acme/shop/pulls/7',
        root: '/api/v3',
        authorization: `token ${issued.token}`,
      });
      expect(github.requests).to.have.length(2);
    });

    it('is kept for every client sharing the store, and renewed once less than 5 minutes of it are left', async () => {
      await platform().getChangeRequest(7);
      await platform().setCommitStatus(SHA, 'success', '', 'ok');
      await platform().getChangeRequest(7);
      expect(exchanges()).to.have.length(1);
      const first = github.installationTokens.at(-1)!.token;

      later(54 * 60); // six minutes left: still kept
      await platform().getChangeRequest(7);
      expect(exchanges()).to.have.length(1);
      later(61); // less than five minutes left
      await platform().getChangeRequest(7);
      await platform().getChangeRequest(7);
      expect(exchanges()).to.have.length(2);
      const second = github.installationTokens.at(-1)!.token;
      expect(second).to.not.equal(first);
      expect(github.requests.slice(-2).map((r) => r.authorization)).to.deep.equal([
        `token ${second}`,
        `token ${second}`,
      ]);
    });

    it('is exchanged once for calls made at the same time', async () => {
      const client = platform();
      await Promise.all([1, 2, 3, 4, 5].map(() => client.getChangeRequest(7)));
      await Promise.all([platform().getChangeRequest(7), platform().getChangeRequest(7)]);
      expect(exchanges()).to.have.length(1);
    });

    it('belongs to its credentials: another installation, or the same installation named with another key, never gets it', async () => {
      await platform().getChangeRequest(7);
      await platform({ installationId: OTHER_INSTALLATION }).getChangeRequest(7);
      expect(exchanges().map((r) => r.path)).to.deep.equal([
        `/app/installations/${INSTALLATION}/access_tokens`,
        `/app/installations/${OTHER_INSTALLATION}/access_tokens`,
      ]);
      const stranger = await failure(platform({ privateKey: pem(strangerKeys) }).getChangeRequest(7));
      expect(stranger.status).to.equal(401);
      expect(exchanges()).to.have.length(3);
    });

    it('is renewed when GitHub refuses a kept one (revoked), and the call goes through', async () => {
      await platform().getChangeRequest(7);
      github.tokens.delete(github.installationTokens.at(-1)!.token);
      expect(await platform().getChangeRequest(7)).to.include({ number: 7 });
      expect(exchanges()).to.have.length(2);
      expect(github.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
        `POST /app/installations/${INSTALLATION}/access_tokens`,
        'GET /repos/acme/shop/pulls/7',
        'GET /repos/acme/shop/pulls/7',
        `POST /app/installations/${INSTALLATION}/access_tokens`,
        'GET /repos/acme/shop/pulls/7',
      ]);
    });

    for (const [what, seconds] of [
      ['ahead of', 600],
      ['behind', -300],
    ] as const) {
      it(`is got also when GitHub's clock is 5+ minutes ${what} ours: the JWT is signed again on GitHub's time`, async () => {
        github.clockOffsetSeconds = seconds;
        expect(await platform().getChangeRequest(7)).to.include({ number: 7 });
        const [refused, accepted] = exchanges();
        expect(accepted, 'a second exchange').to.not.equal(undefined);
        expect(claims(accepted!).iat - claims(refused!).iat).to.be.closeTo(seconds, 2);
      });
    }
  });

  describe('failures say which App setting to fix', () => {
    it("a private key that is not the App's: 401, check appId and privateKey", async () => {
      const error = await failure(platform({ privateKey: pem(strangerKeys) }).getChangeRequest(7));
      expect(error.message)
        .to.contain('401 A JSON web token could not be decoded')
        .and.contain("check that appId is the App's ID and privateKey a current private key");
    });

    it('an App ID GitHub does not know: 401 too', async () => {
      expect((await failure(platform({ appId: 999 }).getChangeRequest(7))).status).to.equal(401);
    });

    it('an installation of another App (or none): 404, check installationId', async () => {
      const error = await failure(platform({ installationId: READ_ONLY_INSTALLATION }).getChangeRequest(7));
      expect(error.status).to.equal(404);
      expect(error.message)
        .to.contain('GitHub has no such installation of the App: check installationId')
        .and.contain(github.enterpriseUrl);
    });

    it('a repository the installation does not include: 404, naming the permission and the repository', async () => {
      github.addPull('acme/secret', { number: 1 });
      const error = await failure(platform({}, 'acme/secret').getChangeRequest(1));
      expect(error.status).to.equal(404);
      expect(error.message)
        .to.contain('the GitHub App cannot see it')
        .and.contain('its installation must include acme/secret')
        .and.contain('"Pull requests: read"');
    });

    it('a missing permission: 403, naming the App permission to give', async () => {
      const error = await failure(
        platform({ appId: READ_ONLY_APP, installationId: READ_ONLY_INSTALLATION }).setCommitStatus(
          SHA,
          'success',
          '',
          'ok',
        ),
      );
      expect(error.status).to.equal(403);
      expect(error.message)
        .to.contain('Resource not accessible by integration')
        .and.contain('the GitHub App needs the permission "Commit statuses: write"');
    });
  });

  it('a pull request the App opened itself: the verdict is posted as a COMMENT review, and the detail says why', async () => {
    github.addPull(REPO, { number: 8, author: `${SLUG}[bot]`, headSha: SHA });
    const result = await platform().submitVerdict(8, 'Approved', 'Report', SHA);
    expect(result.applied).to.equal(false);
    expect(result.detail).to.contain('GitHub does not let a GitHub App approve a pull request it opened itself');
    expect(github.repo(REPO).reviews.map((r) => [r.state, r.user.login])).to.deep.equal([
      ['COMMENTED', `${SLUG}[bot]`],
    ]);
  });
});
