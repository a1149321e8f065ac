// GitLab webhook deliveries, shaped as GitLab documents them, become neutral PlatformEvents; the
// secret token is checked before anything is read.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { PlatformEvent, WebhookRequest } from '../../../backend/src/app/ports/change-request-platform.js';
import { WebhookPayloadError, GitLabWebhookReceiver } from '../../../backend/src/platforms/gitlab/index.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/gitlab/${name}`, import.meta.url));
const delivery = (
  event: string | undefined,
  body: Buffer | string,
  headers: Record<string, string | string[]> = {},
): WebhookRequest => ({
  headers: { 'content-type': 'application/json', ...(event ? { 'x-gitlab-event': event } : {}), ...headers },
  rawBody: Buffer.isBuffer(body) ? body : Buffer.from(body),
});

const receiver = new GitLabWebhookReceiver();

describe('GitLab webhooks', () => {
  describe('documented payloads become neutral events', () => {
    const mr = {
      number: 1,
      title: 'MS-Viewport',
      branch: 'ms-viewport',
      headSha: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
      draft: false,
      url: 'http://example.com/diaspora/merge_requests/1',
    };
    const cases: { file: string; event: string; expected: PlatformEvent }[] = [
      {
        file: 'merge_request.open.json',
        event: 'Merge Request Hook',
        expected: {
          kind: 'change-request',
          action: 'opened',
          changeRequest: { ...mr, state: 'open', author: 'root' },
          sender: 'root',
          fromFork: false,
          authorId: '51',
        },
      },
      {
        file: 'merge_request.update-new-commits.json',
        event: 'Merge Request Hook',
        expected: {
          kind: 'change-request',
          action: 'updated',
          changeRequest: { ...mr, state: 'open', author: null },
          sender: 'root',
          fromFork: false,
          authorId: '51',
        },
      },
      {
        file: 'merge_request.draft-to-ready.json',
        event: 'Merge Request Hook',
        expected: {
          kind: 'change-request',
          action: 'ready',
          changeRequest: { ...mr, state: 'open', author: null },
          sender: 'root',
          fromFork: false,
          authorId: '51',
        },
      },
      {
        file: 'merge_request.close.json',
        event: 'Merge Request Hook',
        expected: {
          kind: 'change-request',
          action: 'closed',
          changeRequest: { ...mr, state: 'closed', author: null },
          sender: 'root',
          fromFork: false,
          authorId: '51',
        },
      },
      {
        file: 'merge_request.merge.json',
        event: 'Merge Request Hook',
        expected: {
          kind: 'change-request',
          action: 'closed',
          changeRequest: { ...mr, state: 'merged', author: null },
          sender: 'root',
          fromFork: false,
          authorId: '51',
        },
      },
      {
        file: 'merge_request.approval.json',
        event: 'Merge Request Hook',
        expected: {
          kind: 'change-request',
          action: 'other',
          changeRequest: { ...mr, state: 'open', author: null },
          sender: 'root',
          fromFork: false,
          authorId: '51',
        },
      },
      {
        file: 'note.merge_request.json',
        event: 'Note Hook',
        expected: {
          kind: 'comment',
          number: 1,
          body: 'This MR needs work.',
          author: 'root',
          authorId: '1',
          commentId: '1244',
        },
      },
      {
        file: 'note.issue.json',
        event: 'Note Hook',
        expected: { kind: 'ignored', reason: 'comment on an Issue, not on a merge request' },
      },
      {
        file: 'deployment.success.json',
        event: 'Deployment Hook',
        expected: {
          kind: 'deployment',
          environment: 'staging',
          url: 'https://staging.example.com',
          sha: '279484c09fbe69ededfced8c1bb6e6d24616b468',
          state: 'success',
          ref: null,
        },
      },
      {
        file: 'deployment.failed.json',
        event: 'Deployment Hook',
        expected: {
          kind: 'deployment',
          environment: 'staging',
          url: 'https://staging.example.com',
          sha: '279484c09fbe69ededfced8c1bb6e6d24616b468',
          state: 'failure',
          ref: 'master',
        },
      },
      {
        file: 'push.json',
        event: 'Push Hook',
        expected: { kind: 'push', branch: 'master', sha: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7' },
      },
      {
        file: 'push.branch-deleted.json',
        event: 'Push Hook',
        expected: { kind: 'ignored', reason: 'branch feature-x was deleted' },
      },
    ];
    for (const { file, event, expected } of cases) {
      it(`${file} → ${expected.kind}${'action' in expected ? ` ${expected.action}` : ''}`, () => {
        expect(receiver.parse(delivery(event, fixture(file)))).to.deep.equal(expected);
      });
    }

    it('pipeline.json → ignored, saying readiness comes from deployments', () => {
      const event = receiver.parse(delivery('Pipeline Hook', fixture('pipeline.json')));
      expect(event.kind).to.equal('ignored');
      expect(event.kind === 'ignored' && event.reason).to.match(/Deployment Hook/);
    });
  });

  describe('variations GitLab sends', () => {
    const mrPayload = () =>
      JSON.parse(fixture('merge_request.draft-to-ready.json').toString()) as Record<string, Record<string, unknown>>;
    const parseMr = (payload: unknown) => receiver.parse(delivery('Merge Request Hook', JSON.stringify(payload)));

    it('an older GitLab marks ready through changes.work_in_progress', () => {
      const payload = mrPayload();
      payload.changes = { work_in_progress: { previous: true, current: false } };
      expect(parseMr(payload)).to.include({ kind: 'change-request', action: 'ready' });
    });

    it('an update that neither pushes commits nor leaves draft is "other"; becoming a draft is not "ready"', () => {
      const payload = mrPayload();
      payload.changes = { title: { previous: 'a', current: 'b' } };
      expect(parseMr(payload)).to.include({ action: 'other' });
      payload.changes = { draft: { previous: false, current: true } };
      payload.object_attributes!.draft = true;
      const event = parseMr(payload);
      expect(event).to.include({ action: 'other' });
      expect(event.kind === 'change-request' && event.changeRequest.draft).to.equal(true);
    });

    it('a merge request whose source or target project is not named counts as from a fork', () => {
      // GitHub and GitLab's API path refuse when unsure; so does the hook: fork rules then apply.
      for (const [source, target] of [
        [undefined, 1],
        [null, 1],
        [1, undefined],
        ['', 1],
      ] as const) {
        const payload = mrPayload();
        const attrs = payload.object_attributes!;
        if (source === undefined) delete attrs.source_project_id;
        else attrs.source_project_id = source;
        if (target === undefined) delete attrs.target_project_id;
        else attrs.target_project_id = target;
        expect(parseMr(payload), `source ${String(source)}, target ${String(target)}`).to.include({ fromFork: true });
      }
      const same = mrPayload();
      same.object_attributes!.source_project_id = 5;
      same.object_attributes!.target_project_id = 5;
      expect(parseMr(same)).to.include({ fromFork: false });
    });

    it('reopen is "opened"', () => {
      const payload = mrPayload();
      payload.object_attributes!.action = 'reopen';
      expect(parseMr(payload)).to.include({ action: 'opened' });
    });

    it('an edited comment is ignored (Goalie edits its own comment in place)', () => {
      const payload = JSON.parse(fixture('note.merge_request.json').toString()) as Record<
        string,
        Record<string, unknown>
      >;
      payload.object_attributes!.action = 'update';
      expect(receiver.parse(delivery('Note Hook', JSON.stringify(payload)))).to.deep.equal({
        kind: 'ignored',
        reason: 'comment "update" is not a new comment',
      });
    });

    it('a deployment payload with only short_sha keeps the short SHA; a running one is pending', () => {
      const payload = JSON.parse(fixture('deployment.success.json').toString()) as Record<string, unknown>;
      delete payload.commit_url;
      payload.status = 'running';
      expect(receiver.parse(delivery('Deployment Hook', JSON.stringify(payload)))).to.include({
        sha: '279484c0',
        state: 'pending',
      });
    });

    it('a tag push is not a branch push', () => {
      const payload = JSON.parse(fixture('push.json').toString()) as Record<string, unknown>;
      payload.ref = 'refs/tags/v1.0.0';
      expect(receiver.parse(delivery('Push Hook', JSON.stringify(payload)))).to.deep.equal({
        kind: 'ignored',
        reason: 'push of refs/tags/v1.0.0, not of a branch',
      });
    });

    it('the event is read from object_kind when the X-Gitlab-Event header is missing or says System Hook', () => {
      expect(receiver.parse(delivery(undefined, fixture('push.json')))).to.include({ kind: 'push' });
      expect(receiver.parse(delivery('System Hook', fixture('note.merge_request.json')))).to.include({
        kind: 'comment',
      });
    });
  });

  describe('well-formed JSON of another shape is ignored, never thrown', () => {
    const shapes: [string, string, string][] = [
      ['an array', 'Push Hook', '[]'],
      ['a string', 'Push Hook', '"push"'],
      ['null', 'Push Hook', 'null'],
      ['an empty object', 'Merge Request Hook', '{}'],
      [
        'a merge request without attributes',
        'Merge Request Hook',
        '{"object_kind":"merge_request","object_attributes":"x"}',
      ],
      [
        'a note without its merge request',
        'Note Hook',
        '{"object_kind":"note","object_attributes":{"noteable_type":"MergeRequest","id":1,"note":"hi"}}',
      ],
      [
        'a deployment without a commit',
        'Deployment Hook',
        '{"object_kind":"deployment","status":"success","environment":"review/x"}',
      ],
      ['a push without after', 'Push Hook', '{"object_kind":"push","ref":"refs/heads/main"}'],
      ['an event Goalie does not use', 'Issue Hook', '{"object_kind":"issue","object_attributes":{"iid":1}}'],
    ];
    for (const [what, event, body] of shapes) {
      it(what, () => {
        expect(receiver.parse(delivery(event, body)).kind).to.equal('ignored');
      });
    }

    it('invalid JSON throws a 400 that says so', () => {
      expect(() => receiver.parse(delivery('Push Hook', '{"object_kind":'))).to.throw(
        WebhookPayloadError,
        /not valid JSON/,
      );
      let caught: unknown;
      try {
        receiver.parse(delivery('Push Hook', 'not json'));
      } catch (error) {
        caught = error;
      }
      expect(caught).to.include({ status: 400, expose: true });
    });
  });

  describe('the secret token', () => {
    const secret = 's3cret-token-value';
    const body = fixture('push.json');
    const table: [string, Record<string, string | string[]>, string, boolean][] = [
      ['correct', { 'x-gitlab-token': secret }, secret, true],
      ['correct, header name in any case', { 'X-Gitlab-Token': secret }, secret, true],
      ['wrong, same length', { 'x-gitlab-token': 's3cret-token-valuf' }, secret, false],
      ['wrong, different length', { 'x-gitlab-token': 's3cret' }, secret, false],
      ['longer than the secret', { 'x-gitlab-token': `${secret}x` }, secret, false],
      ['empty', { 'x-gitlab-token': '' }, secret, false],
      ['missing', {}, secret, false],
      ['sent, but no secret configured', { 'x-gitlab-token': '' }, '', false],
      ['repeated header: the first value counts', { 'x-gitlab-token': [secret, 'other'] }, secret, true],
    ];
    for (const [what, headers, configured, valid] of table) {
      it(`${what} → ${valid ? 'accepted' : 'rejected'}`, () => {
        expect(receiver.verify(delivery('Push Hook', body, headers), configured)).to.equal(valid);
      });
    }
  });

  describe('the delivery id', () => {
    it('is Idempotency-Key when GitLab sends one (it stays the same across retries), else X-Gitlab-Event-UUID, else null', () => {
      const uuid = { 'x-gitlab-event-uuid': '13792a34-cac6-4fda-95a8-c58e00a3954e' };
      const key = { 'idempotency-key': 'f5e5f430-f57b-4e6e-9fac-d9128cd7232f' };
      expect(receiver.deliveryId(delivery('Push Hook', '{}', { ...uuid, ...key }))).to.equal(
        'f5e5f430-f57b-4e6e-9fac-d9128cd7232f',
      );
      expect(receiver.deliveryId(delivery('Push Hook', '{}', uuid))).to.equal('13792a34-cac6-4fda-95a8-c58e00a3954e');
      expect(receiver.deliveryId(delivery('Push Hook', '{}'))).to.equal(null);
    });
  });
});
