// The GitLab adapter against a fake GitLab REST API on 127.0.0.1: what a merge request shows after
// Goalie's calls (one comment, an approval, a commit status, a webhook), and how failures read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { PlatformConnection } from '../../../backend/src/app/ports/change-request-platform.js';
import { commentMarker } from '../../../backend/src/domain/review/comment-marker.js';
import {
  createGitLabPlatform,
  GitLabError,
  type GitLabClientOptions,
} from '../../../backend/src/platforms/gitlab/index.js';
import { allowLoopback, loopbackHostFetch } from '../../helpers/host-fetch.js';
import { startFakeGitLab, type FakeGitLab } from '../../helpers/fake-gitlab.js';

const PROJECT = 'acme/platform/web';
const ENCODED = '/api/v4/projects/acme%2Fplatform%2Fweb';
const SHA = 'c0ffee'.padEnd(40, '1');
const OTHER_SHA = 'bad5ad'.padEnd(40, '2');

describe('GitLab platform (against a fake GitLab)', () => {
  let fake: FakeGitLab;
  const warnings: string[] = [];
  const logger = { info() {}, error() {}, warn: (_obj: object, msg?: string) => void warnings.push(msg ?? '') };

  const connect = (connection: Partial<PlatformConnection> = {}, options: Partial<GitLabClientOptions> = {}) =>
    createGitLabPlatform(
      {
        host: 'gitlab',
        apiUrl: fake.url,
        repository: PROJECT,
        credentials: { kind: 'token', token: fake.token },
        network: allowLoopback,
        ...connection,
      },
      { logger, retries: 3, retryDelayMs: 5, timeoutMs: 5000, fetch: loopbackHostFetch, ...options },
    );
  const rejection = async (promise: Promise<unknown>): Promise<GitLabError> => {
    try {
      await promise;
    } catch (error) {
      expect(error).to.be.instanceOf(GitLabError);
      return error as GitLabError;
    }
    throw new Error('expected the call to fail');
  };
  const calls = () =>
    fake.requests.map(
      (r) => `${r.method} ${r.path.replace(ENCODED, '')}${r.query.page ? `?page=${r.query.page}` : ''}`,
    );

  before(async () => {
    fake = await startFakeGitLab();
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    warnings.length = 0;
    fake.addProject(PROJECT);
    fake.addMergeRequest(PROJECT, { iid: 7, title: 'Log in with SSO', source_branch: 'feature/sso', sha: SHA });
  });

  describe('permissionOf', () => {
    it('reads the member by user id, inherited members included; a non-member (404) has none', async () => {
      const project = fake.project(PROJECT);
      const table: [number, number | null, string][] = [
        [1, 10, 'read'],
        [2, 20, 'triage'],
        [3, 30, 'write'],
        [4, 40, 'maintain'],
        [5, 50, 'admin'],
        [6, null, 'none'],
      ];
      for (const [id, level] of table) project.members.set(id, level);
      for (const [id, , expected] of table)
        expect(await connect().permissionOf({ username: `user${id}`, id: String(id) })).to.equal(expected);
      expect(await connect().permissionOf({ username: 'someone', id: null })).to.equal('none');
      expect(calls()[0]).to.equal('GET /members/all/1');
    });

    it('fails with a GitLabError when GitLab fails (it is not taken for "none")', async () => {
      fake.failNext(4, 500);
      const failure = await rejection(connect().permissionOf({ username: 'user1', id: '1' }));
      expect(failure.status).to.equal(500);
    });
  });

  describe('who asks: bot users, and whom a merge request comes from', () => {
    it("knows access token bots by their name, other bot users by GitLab's `bot` flag, and people as people", async () => {
      fake.bots.add(41);
      fake.missingUsers.add(43);
      const platform = connect();
      expect(await platform.isAutomation({ username: 'project_12_bot_3f2a9c0d', id: '40' })).to.equal(true);
      expect(await platform.isAutomation({ username: 'group_3_bot_aa01', id: '44' })).to.equal(true);
      expect(await platform.isAutomation({ username: 'project_12_bot1', id: '45' })).to.equal(true);
      expect(calls(), 'a bot name needs no call').to.deep.equal([]);
      expect(await platform.isAutomation({ username: 'ci-reviewer', id: '41' })).to.equal(true);
      expect(await platform.isAutomation({ username: 'alice', id: '42' })).to.equal(false);
      // A user GitLab does not show is held to the stricter rule.
      expect(await platform.isAutomation({ username: 'someone', id: '43' })).to.equal(true);
      expect(await platform.isAutomation({ username: 'nobody', id: null })).to.equal(false);
      expect(calls()).to.deep.equal(['GET /api/v4/users/41', 'GET /api/v4/users/42', 'GET /api/v4/users/43']);
    });

    it('fails with a GitLabError when GitLab cannot say whether a user is a bot (it is not taken for a person)', async () => {
      fake.failNext(4, 500);
      const failure = await rejection(connect().isAutomation({ username: 'alice', id: '42' }));
      expect(failure.status).to.equal(500);
    });

    it("reads a merge request's author and whether its source project is a fork", async () => {
      fake.addMergeRequest(PROJECT, { iid: 8, fork: true, author: { id: 55, username: 'forker', name: 'Forker' } });
      expect(await connect().changeRequestOrigin(8)).to.deep.equal({
        author: { username: 'forker', id: '55' },
        fromFork: true,
      });
      expect(await connect().changeRequestOrigin(7)).to.deep.equal({
        author: { username: 'alice', id: '7' },
        fromFork: false,
      });
      expect(calls()).to.deep.equal(['GET /merge_requests/8', 'GET /merge_requests/7']);
    });
  });

  describe('getChangeRequest', () => {
    it('maps the merge request !7, asking for the project by its URL-encoded path with the token', async () => {
      expect(await connect().getChangeRequest(7)).to.deep.equal({
        number: 7,
        title: 'Log in with SSO',
        branch: 'feature/sso',
        headSha: SHA,
        draft: false,
        state: 'open',
        url: `${fake.url}/${PROJECT}/-/merge_requests/7`,
        author: 'alice',
      });
      expect(fake.requests).to.have.length(1);
      expect(fake.requests[0]).to.include({
        method: 'GET',
        path: `${ENCODED}/merge_requests/7`,
        privateToken: fake.token,
      });
    });

    it('maps draft and every state, and accepts the URL with /api/v4', async () => {
      const states = { opened: 'open', locked: 'open', closed: 'closed', merged: 'merged' } as const;
      let iid = 10;
      for (const [gitlab, neutral] of Object.entries(states)) {
        fake.addMergeRequest(PROJECT, { iid: ++iid, state: gitlab as keyof typeof states, draft: gitlab === 'opened' });
        const cr = await connect({ apiUrl: `${fake.url}/api/v4/` }).getChangeRequest(iid);
        expect(cr, gitlab).to.include({ state: neutral, draft: gitlab === 'opened' });
      }
    });
  });

  describe('upsertComment', () => {
    const marker = commentMarker(7);

    it("creates Goalie's comment once, then updates that same note in place", async () => {
      const platform = connect();
      const first = await platform.upsertComment(7, marker, `${marker}\nReview running…`);
      const second = await platform.upsertComment(7, marker, `${marker}\nAll 3 test cases passed.`);

      const notes = fake.project(PROJECT).notes.get(7)!;
      expect(notes).to.have.length(1);
      expect(notes[0]).to.deep.include({ body: `${marker}\nAll 3 test cases passed.`, author: fake.user });
      expect(second).to.deep.equal(first);
      expect(first.url).to.equal(`${fake.url}/${PROJECT}/-/merge_requests/7#note_${notes[0]!.id}`);
      expect(calls()).to.deep.equal([
        'GET /merge_requests/7/notes?page=1',
        'POST /merge_requests/7/notes',
        'GET /merge_requests/7/notes?page=1',
        `PUT /merge_requests/7/notes/${notes[0]!.id}`,
      ]);
    });

    it('finds its note on page 3 of 3, past a system note quoting the marker, and edits it instead of adding one', async () => {
      fake.addNotes(PROJECT, 7, [{ body: `mentioned in commit ${marker}`, system: true }]);
      fake.addNotes(
        PROJECT,
        7,
        Array.from({ length: 223 }, (_, i) => ({ body: `Comment ${i + 1}` })),
      );
      const [goalie] = fake.addNotes(PROJECT, 7, [{ body: `${marker}\nold review`, author: fake.user }]);
      fake.addNotes(
        PROJECT,
        7,
        Array.from({ length: 30 }, (_, i) => ({ body: `Later comment ${i + 1}` })),
      );

      const result = await connect().upsertComment(7, marker, `${marker}\nnew review`);

      expect(result.id).to.equal(String(goalie!.id));
      expect(calls()).to.deep.equal([
        'GET /merge_requests/7/notes?page=1',
        'GET /merge_requests/7/notes?page=2',
        'GET /merge_requests/7/notes?page=3',
        `PUT /merge_requests/7/notes/${goalie!.id}`,
      ]);
      expect(fake.requests[0]!.query).to.include({ per_page: '100', sort: 'asc', order_by: 'created_at' });
      const notes = fake.project(PROJECT).notes.get(7)!;
      expect(notes).to.have.length(255);
      expect(notes.filter((n) => n.body.includes(marker) && !n.system).map((n) => n.body)).to.deep.equal([
        `${marker}\nnew review`,
      ]);
    });

    it('a create whose answer was lost (saved, then 500) is found on the retry, not posted twice', async () => {
      fake.failNext(1, 500, { method: 'POST', handled: true });
      const result = await connect().upsertComment(7, marker, `${marker}\nReview running…`);
      const notes = fake.project(PROJECT).notes.get(7)!;
      expect(notes.map((n) => n.body)).to.deep.equal([`${marker}\nReview running…`]);
      expect(result.id).to.equal(String(notes[0]!.id));
      expect(calls()).to.deep.equal([
        'GET /merge_requests/7/notes?page=1',
        'POST /merge_requests/7/notes',
        'GET /merge_requests/7/notes?page=1',
      ]);
    });

    it('adds the marker when the body lacks it, so the next call still finds the note', async () => {
      const platform = connect();
      await platform.upsertComment(7, marker, 'Review running…');
      await platform.upsertComment(7, marker, 'Done.');
      expect(
        fake
          .project(PROJECT)
          .notes.get(7)!
          .map((n) => n.body),
      ).to.deep.equal([`Done.\n\n${marker}`]);
    });
  });

  describe('submitVerdict', () => {
    const approvers = () => [...(fake.project(PROJECT).approvals.get(7) ?? [])];

    it('Approved approves at the reviewed commit; approving again is already done', async () => {
      const platform = connect();
      expect(await platform.submitVerdict(7, 'Approved', 'All passed', SHA)).to.include({ applied: true });
      expect(approvers()).to.deep.equal(['goalie-bot']);
      expect(fake.requests.at(-1)).to.deep.include({
        method: 'POST',
        path: `${ENCODED}/merge_requests/7/approve`,
        body: { sha: SHA },
      });

      const again = await platform.submitVerdict(7, 'Approved', 'All passed', SHA);
      expect(again.applied).to.equal(true);
      expect(again.detail).to.match(/already approved/);
      expect(approvers()).to.deep.equal(['goalie-bot']);
    });

    it("Changes Requested withdraws Goalie's approval; Comment without an approval has nothing to withdraw", async () => {
      const platform = connect();
      await platform.submitVerdict(7, 'Approved', '', SHA);
      const withdrawn = await platform.submitVerdict(7, 'Changes Requested', '1 test case failed', SHA);
      expect(withdrawn).to.include({ applied: true });
      expect(withdrawn.detail).to.match(/Withdrew/);
      expect(approvers()).to.deep.equal([]);

      const nothing = await platform.submitVerdict(7, 'Comment', 'minor findings', SHA);
      expect(nothing.applied).to.equal(true);
      expect(nothing.detail).to.match(/had not approved/);
    });

    it("Comment withdraws Goalie's approval too (a newer commit with minor findings)", async () => {
      const platform = connect();
      await platform.submitVerdict(7, 'Approved', '', SHA);
      const withdrawn = await platform.submitVerdict(7, 'Comment', '1 minor finding', SHA);
      expect(withdrawn).to.include({ applied: true });
      expect(withdrawn.detail).to.match(/Withdrew/);
      expect(approvers()).to.deep.equal([]);
      expect(fake.requests.at(-1)).to.deep.include({ method: 'POST', path: `${ENCODED}/merge_requests/7/unapprove` });
    });

    it('a token that may not approve leaves the merge request as it was and says why, without throwing', async () => {
      fake.forbidApprovals = true;
      const platform = connect();
      const approve = await platform.submitVerdict(7, 'Approved', '', SHA);
      expect(approve.applied).to.equal(false);
      expect(approve.detail).to.match(/may not approve in acme\/platform\/web \(403 Forbidden\).*Developer role/);
      const unapprove = await platform.submitVerdict(7, 'Changes Requested', '', SHA);
      expect(unapprove.applied).to.equal(false);
      expect(approvers()).to.deep.equal([]);
    });

    it('does not approve a merge request that moved on, nor one its own user authored', async () => {
      const moved = await connect().submitVerdict(7, 'Approved', '', OTHER_SHA);
      expect(moved.applied).to.equal(false);
      expect(moved.detail).to.match(/commits newer than bad5ad/);

      fake.addMergeRequest(PROJECT, { iid: 8, sha: SHA, author: fake.user });
      const own = await connect().submitVerdict(8, 'Approved', '', SHA);
      expect(own.applied).to.equal(false);
      expect(own.detail).to.match(/not an eligible approver.*cannot approve/);
      expect(approvers()).to.deep.equal([]);
    });
  });

  describe('setCommitStatus', () => {
    it("posts goalie/review with GitLab's state for each neutral state", async () => {
      const platform = connect();
      const table = [
        ['pending', 'pending'],
        ['success', 'success'],
        ['failure', 'failed'],
        ['error', 'failed'],
      ] as const;
      for (const [i, [neutral]] of table.entries()) {
        await platform.setCommitStatus(
          `${i}`.padEnd(40, 'f'),
          neutral,
          'https://goalie.example.com/runs/1',
          `Goalie: ${neutral}`,
        );
      }
      expect(fake.project(PROJECT).statuses.map((s) => [s.status, s.name, s.target_url, s.description])).to.deep.equal(
        table.map(([neutral, gitlab]) => [
          gitlab,
          'goalie/review',
          'https://goalie.example.com/runs/1',
          `Goalie: ${neutral}`,
        ]),
      );
      expect(fake.requests[0]!.path).to.equal(`${ENCODED}/statuses/${'0'.padEnd(40, 'f')}`);
    });

    it('posting the state the status already has is not an error; a long description is cut', async () => {
      const platform = connect();
      await platform.setCommitStatus(SHA, 'pending', 'https://goalie.example.com/runs/1', 'Review queued');
      await platform.setCommitStatus(SHA, 'pending', 'https://goalie.example.com/runs/1', 'Review running');
      await platform.setCommitStatus(SHA, 'success', '', 'x'.repeat(400));
      const statuses = fake.project(PROJECT).statuses;
      expect(statuses).to.have.length(1);
      expect(statuses[0]!.status).to.equal('success');
      expect(statuses[0]!.description).to.have.length(255);
      // GitLab's "Cannot transition status via :enqueue from :pending" for the second pending.
      expect(fake.requests.map((r) => r.status)).to.deep.equal([201, 400, 201]);
    });
  });

  describe('listDeployments', () => {
    it("returns the commit's successful deployments with a URL, oldest first, reading every page", async () => {
      const first = fake.addDeployment(PROJECT, {
        sha: SHA,
        environment: 'review/feature-sso',
        url: 'https://sso-1.review.example.com',
      });
      fake.addDeployment(PROJECT, { sha: SHA, environment: 'storybook', url: 'https://storybook.example.com' });
      fake.addDeployment(PROJECT, { sha: SHA, environment: 'docs', status: 'failed' });
      fake.addDeployment(PROJECT, { sha: SHA, environment: 'worker', url: null });
      for (let i = 0; i < 120; i++) fake.addDeployment(PROJECT, { sha: OTHER_SHA, environment: `review/other-${i}` });
      fake.addDeployment(PROJECT, {
        sha: SHA,
        environment: 'review/feature-sso',
        url: 'https://sso-2.review.example.com',
      });

      expect(await connect().listDeployments(SHA)).to.deep.equal([
        { environment: 'review/feature-sso', url: 'https://sso-1.review.example.com', sha: SHA },
        { environment: 'storybook', url: 'https://storybook.example.com', sha: SHA },
        { environment: 'review/feature-sso', url: 'https://sso-2.review.example.com', sha: SHA },
      ]);
      expect(first.id).to.be.lessThan(fake.project(PROJECT).deployments.at(-1)!.id);
      expect(fake.requests.map((r) => r.query.page ?? '1')).to.deep.equal(['1', '2']);
      expect(fake.requests[0]!.query).to.include({ status: 'success', per_page: '100' });
    });
  });

  describe('ensureWebhook', () => {
    it('creates the hook once; a second call edits it (new secret), leaving one hook', async () => {
      const platform = connect();
      const url = 'https://goalie.example.com/webhooks/gitlab';
      const created = await platform.ensureWebhook(url, 'first-secret');
      const updated = await platform.ensureWebhook(url, 'second-secret');

      expect(created.created).to.equal(true);
      expect(updated).to.deep.equal({ id: created.id, created: false });
      expect(fake.project(PROJECT).hooks).to.deep.equal([
        {
          id: Number(created.id),
          url,
          token: 'second-secret',
          push_events: false,
          merge_requests_events: true,
          note_events: true,
          deployment_events: true,
          pipeline_events: true,
          enable_ssl_verification: true,
        },
      ]);
      expect(calls()).to.deep.equal(['GET /hooks', 'POST /hooks', 'GET /hooks', `PUT /hooks/${created.id}`]);
    });
  });

  describe('failures', () => {
    it('retries a 500 with backoff and then succeeds', async () => {
      fake.failNext(2, 500);
      expect(await connect().getChangeRequest(7)).to.include({ number: 7 });
      expect(fake.requests).to.have.length(3);
      expect(warnings).to.have.length(2);
      expect(warnings[0]).to.match(/read merge request !7 failed; retrying/);
    });

    it('rides out 429 rate limiting', async () => {
      fake.failNext(3, 429);
      expect(await connect().getChangeRequest(7)).to.include({ number: 7 });
      expect(fake.requests).to.have.length(4);
    });

    it('retries an answer that does not come in time', async () => {
      fake.delayNext(1, 1000);
      expect(await connect({}, { timeoutMs: 200 }).getChangeRequest(7)).to.include({ number: 7 });
      expect(fake.requests).to.have.length(2);
    });

    it('gives up after the retries with a message that says what to do', async () => {
      fake.failNext(10, 503);
      const error = await rejection(connect().getChangeRequest(7));
      expect(error.status).to.equal(503);
      expect(error.message).to.equal(
        'GitLab: could not read merge request !7 in acme/platform/web (503 Service Unavailable). GitLab failed, also after retries: try again later.',
      );
      expect(fake.requests).to.have.length(4);
    });

    it('a rejected token fails at once with a 401 that says to replace the token', async () => {
      const error = await rejection(
        connect({ credentials: { kind: 'token', token: 'glpat-revoked' } }).getChangeRequest(7),
      );
      expect(error.status).to.equal(401);
      expect(error.message).to.match(
        /^GitLab: could not read merge request !7 in acme\/platform\/web \(401 Unauthorized\)\. The GitLab token is invalid, expired or revoked/,
      );
      expect(error.message).to.match(/"api" scope/);
      expect(fake.requests).to.have.length(1);
    });

    it('an unknown project or merge request says which, and what to check', async () => {
      const project = await rejection(connect({ repository: 'acme/nope' }).getChangeRequest(7));
      expect(project.status).to.equal(404);
      expect(project.message).to.match(/\(404 Project Not Found\)\. Either the project path "acme\/nope" is wrong/);
      const mr = await rejection(connect().upsertComment(99, 'm', 'm'));
      expect(mr.message).to.match(
        /\(404 Merge Request Not Found\)\. That merge request does not exist in acme\/platform\/web/,
      );
    });

    it('an unreachable GitLab is reported as such', async () => {
      // A port that was just free: nothing listens there.
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));

      const error = await rejection(connect({ apiUrl: `http://127.0.0.1:${port}` }).getChangeRequest(7));
      expect(error.status).to.equal(null);
      expect(error.message).to.include(
        `(not reachable: ECONNREFUSED). GitLab could not be reached, also after retries: check that http://127.0.0.1:${port} is the GitLab URL`,
      );
      expect(warnings).to.have.length(3);
    });

    it('a project that is not a path is refused up front', () => {
      expect(() => connect({ repository: 'web' })).to.throw(
        /"group\/project" or "group\/subgroup\/project", got "web"/,
      );
    });
  });
});
