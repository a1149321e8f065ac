// GitHub webhook deliveries as Goalie reads them: real payloads from @octokit/webhooks-examples
// become neutral events, and only deliveries signed with the secret pass verification.
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { expect } from 'chai';
import type { PlatformEvent, WebhookRequest } from '../../../backend/src/app/ports/change-request-platform.js';
import {
  GitHubWebhookReceiver,
  signGitHubPayload,
  WebhookPayloadError,
} from '../../../backend/src/platforms/github/index.js';

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];
// Example payloads are read and tweaked freely below: their full types would only add noise.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Payload = Record<string, any>;
function example(name: string, pick: (payload: Payload) => boolean = () => true): Payload {
  const found = examples.find((d) => d.name === name)?.examples.find((e) => pick(e));
  if (!found) throw new Error(`no matching ${name} example in @octokit/webhooks-examples`);
  return structuredClone(found);
}
const action = (name: string) => (payload: Payload) => payload.action === name;

const SECRET = "It's a Secret to Everybody";
const receiver = new GitHubWebhookReceiver();

function delivery(event: string, payload: unknown, secret = SECRET): WebhookRequest {
  const rawBody = Buffer.from(JSON.stringify(payload));
  return {
    rawBody,
    headers: {
      'x-github-event': event,
      'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'x-hub-signature-256': signGitHubPayload(secret, rawBody),
      'content-type': 'application/json',
    },
  };
}

const PR = {
  number: 2,
  title: 'Update the README with new information.',
  branch: 'changes',
  headSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
  draft: false,
  state: 'open',
  url: 'https://github.com/Codertocat/Hello-World/pull/2',
  author: 'Codertocat',
} as const;

describe('GitHub webhooks', () => {
  describe('parse: real payloads to neutral events', () => {
    const withPullRequest = () => {
      // The package has no comment on a pull request; GitHub marks those with `issue.pull_request`.
      const payload = example('issue_comment', action('created'));
      payload.issue.pull_request = {
        url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1',
        html_url: 'https://github.com/Codertocat/Hello-World/pull/1',
        diff_url: 'https://github.com/Codertocat/Hello-World/pull/1.diff',
        patch_url: 'https://github.com/Codertocat/Hello-World/pull/1.patch',
        merged_at: null,
      };
      return payload;
    };
    const mergedClose = () => {
      const payload = example('pull_request', action('closed'));
      Object.assign(payload.pull_request, { merged: true, merged_at: '2019-05-15T15:20:40Z' });
      return payload;
    };

    const cases: { name: string; event: string; payload: () => unknown; expected: PlatformEvent }[] = [
      {
        name: 'pull_request opened',
        event: 'pull_request',
        payload: () => example('pull_request', action('opened')),
        expected: {
          kind: 'change-request',
          action: 'opened',
          changeRequest: PR,
          sender: 'Codertocat',
          fromFork: false,
          authorId: '21031067',
        },
      },
      {
        name: 'pull_request reopened',
        event: 'pull_request',
        payload: () => example('pull_request', action('reopened')),
        expected: {
          kind: 'change-request',
          action: 'opened',
          changeRequest: PR,
          sender: 'Codertocat',
          fromFork: false,
          authorId: '21031067',
        },
      },
      {
        name: 'pull_request synchronize',
        event: 'pull_request',
        payload: () => example('pull_request', action('synchronize')),
        expected: {
          kind: 'change-request',
          action: 'updated',
          changeRequest: PR,
          sender: 'Codertocat',
          fromFork: false,
          authorId: '21031067',
        },
      },
      {
        name: 'pull_request ready_for_review',
        event: 'pull_request',
        payload: () => example('pull_request', action('ready_for_review')),
        expected: {
          kind: 'change-request',
          action: 'ready',
          changeRequest: PR,
          sender: 'Codertocat',
          fromFork: false,
          authorId: '21031067',
        },
      },
      {
        name: 'pull_request closed',
        event: 'pull_request',
        payload: () => example('pull_request', action('closed')),
        expected: {
          kind: 'change-request',
          action: 'closed',
          changeRequest: { ...PR, state: 'closed' },
          sender: 'Codertocat',
          fromFork: false,
          authorId: '21031067',
        },
      },
      {
        name: 'pull_request closed by merging',
        event: 'pull_request',
        payload: mergedClose,
        expected: {
          kind: 'change-request',
          action: 'closed',
          changeRequest: { ...PR, state: 'merged' },
          sender: 'Codertocat',
          fromFork: false,
          authorId: '21031067',
        },
      },
      {
        name: 'pull_request converted_to_draft',
        event: 'pull_request',
        payload: () => example('pull_request', action('converted_to_draft')),
        expected: {
          kind: 'change-request',
          action: 'other',
          changeRequest: { ...PR, draft: true },
          sender: 'Codertocat',
          fromFork: false,
          authorId: '21031067',
        },
      },
      {
        name: 'issue_comment created on a pull request',
        event: 'issue_comment',
        payload: withPullRequest,
        expected: {
          kind: 'comment',
          number: 1,
          body: "You are totally right! I'll get this fixed right away.",
          author: 'Codertocat',
          authorId: '21031067',
          commentId: '492700400',
        },
      },
      {
        name: 'issue_comment created on an issue',
        event: 'issue_comment',
        payload: () => example('issue_comment', action('created')),
        expected: { kind: 'ignored', reason: 'comment on an issue, not on a pull request' },
      },
      {
        name: 'issue_comment edited',
        event: 'issue_comment',
        payload: () => example('issue_comment', action('edited')),
        expected: { kind: 'ignored', reason: 'issue_comment "edited" is not a new comment' },
      },
      {
        name: 'deployment_status success',
        event: 'deployment_status',
        payload: () => example('deployment_status', (p) => p.deployment_status.state === 'success'),
        // The example's status has no environment_url and an empty target_url: nothing to test against.
        expected: {
          kind: 'deployment',
          environment: 'production',
          url: null,
          sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
          state: 'success',
          ref: 'master',
        },
      },
      {
        name: 'deployment_status success with an environment URL',
        event: 'deployment_status',
        payload: () => {
          const payload = example('deployment_status', (p) => p.deployment_status.state === 'success');
          payload.deployment_status.environment_url = 'https://pr-2.preview.example.com';
          return payload;
        },
        expected: {
          kind: 'deployment',
          environment: 'production',
          url: 'https://pr-2.preview.example.com',
          sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
          state: 'success',
          ref: 'master',
        },
      },
      {
        name: 'deployment_status in_progress',
        event: 'deployment_status',
        payload: () => example('deployment_status', (p) => p.deployment_status.state === 'in_progress'),
        expected: {
          kind: 'deployment',
          environment: 'github-pages',
          url: 'https://github.com/Codertocat/Hello-World/runs/145988746?check_suite_focus=true',
          sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
          state: 'pending',
          ref: 'master',
        },
      },
      {
        name: 'push to a branch',
        event: 'push',
        payload: () => example('push', (p) => p.ref === 'refs/heads/master'),
        expected: { kind: 'push', branch: 'master', sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246' },
      },
      {
        name: 'push of a tag',
        event: 'push',
        payload: () => example('push', (p) => p.ref.startsWith('refs/tags/') && !p.deleted),
        expected: { kind: 'ignored', reason: 'push of refs/tags/simple-tag, not of a branch' },
      },
      {
        name: 'push deleting a branch',
        event: 'push',
        payload: () => ({ ...example('push', (p) => p.deleted), ref: 'refs/heads/feature-x' }),
        expected: { kind: 'ignored', reason: 'branch feature-x was deleted' },
      },
      {
        name: 'ping',
        event: 'ping',
        payload: () => example('ping'),
        expected: { kind: 'ignored', reason: `ping: GitHub reached Goalie ("${example('ping').zen}")` },
      },
      {
        name: 'an event Goalie does not use',
        event: 'star',
        payload: () => example('star'),
        expected: { kind: 'ignored', reason: 'GitHub "star" events are not used by Goalie' },
      },
    ];
    for (const { name, event, payload, expected } of cases) {
      it(name, () => {
        expect(receiver.parse(delivery(event, payload()))).to.deep.equal(expected);
      });
    }

    it('never throws on well-formed JSON of another shape: every example under every event name Goalie reads', () => {
      const events = ['pull_request', 'issue_comment', 'deployment_status', 'push', 'ping', 'unknown'];
      const bodies: unknown[] = [
        {},
        [],
        null,
        42,
        'text',
        { pull_request: null },
        { action: 'opened', pull_request: { head: 'x' } },
        { ref: 7 },
      ];
      for (const definition of examples) bodies.push(...definition.examples);
      const rawBodies = bodies.map((body) => Buffer.from(JSON.stringify(body)));
      const unexplained: string[] = [];
      for (const event of events) {
        for (const rawBody of rawBodies) {
          const result = receiver.parse({ rawBody, headers: { 'x-github-event': event } });
          if (result.kind === 'ignored' && !result.reason)
            unexplained.push(`${event}: ${rawBody.toString().slice(0, 80)}`);
        }
      }
      expect(events.length * rawBodies.length).to.be.greaterThan(1000);
      expect(unexplained).to.deep.equal([]);
    });

    it('rejects a body that is not JSON with a 400 that says so', () => {
      const request = { rawBody: Buffer.from('payload=%7B%7D'), headers: { 'x-github-event': 'push' } };
      expect(() => receiver.parse(request)).to.throw(WebhookPayloadError, /not valid JSON.*application\/json/);
      try {
        receiver.parse(request);
      } catch (error) {
        expect((error as WebhookPayloadError).status).to.equal(400);
      }
    });

    it('ignores a delivery without an event header', () => {
      expect(receiver.parse({ rawBody: Buffer.from('{}'), headers: {} })).to.deep.equal({
        kind: 'ignored',
        reason: 'no X-GitHub-Event header',
      });
    });
  });

  describe('verify: X-Hub-Signature-256', () => {
    const payload = example('pull_request', action('opened'));
    const signed = delivery('pull_request', payload);
    const cases: { name: string; request: WebhookRequest; secret?: string; valid: boolean }[] = [
      { name: 'signed with the secret', request: signed, valid: true },
      {
        name: 'header name in another case',
        request: { ...signed, headers: { 'X-Hub-Signature-256': signed.headers['x-hub-signature-256'] } },
        valid: true,
      },
      {
        name: 'signed with another secret',
        request: delivery('pull_request', payload, 'another secret'),
        valid: false,
      },
      { name: 'checked against another secret', request: signed, secret: 'another secret', valid: false },
      {
        name: 'no signature header',
        request: { ...signed, headers: { 'x-github-event': 'pull_request' } },
        valid: false,
      },
      {
        name: 'body changed after signing',
        request: { ...signed, rawBody: Buffer.from(signed.rawBody.toString().replace('"opened"', '"closed"')) },
        valid: false,
      },
      {
        name: 'body re-serialized (whitespace) after signing',
        request: { ...signed, rawBody: Buffer.from(JSON.stringify(payload, null, 2)) },
        valid: false,
      },
      {
        name: 'SHA-1 header instead of SHA-256',
        request: { ...signed, headers: { 'x-hub-signature-256': `sha1=${'0'.repeat(40)}` } },
        valid: false,
      },
      {
        name: 'digest without the sha256= prefix',
        request: {
          ...signed,
          headers: { 'x-hub-signature-256': String(signed.headers['x-hub-signature-256']).slice(7) },
        },
        valid: false,
      },
      {
        name: 'truncated digest',
        request: {
          ...signed,
          headers: { 'x-hub-signature-256': String(signed.headers['x-hub-signature-256']).slice(0, -2) },
        },
        valid: false,
      },
      { name: 'empty secret configured', request: delivery('pull_request', payload, ''), secret: '', valid: false },
    ];
    for (const { name, request, secret, valid } of cases) {
      it(`${valid ? 'accepts' : 'rejects'}: ${name}`, () => {
        expect(receiver.verify(request, secret ?? SECRET)).to.equal(valid);
      });
    }

    it('matches the example in GitHub\'s docs ("Validating webhook deliveries")', () => {
      const rawBody = Buffer.from('Hello, World!');
      const header = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';
      expect(receiver.verify({ rawBody, headers: { 'x-hub-signature-256': header } }, SECRET)).to.equal(true);
    });
  });

  it('deliveryId: X-GitHub-Delivery, or null', () => {
    expect(receiver.deliveryId(delivery('ping', {}))).to.equal('72d3162e-cc78-11e3-81ab-4c9367dc0958');
    expect(receiver.deliveryId({ rawBody: Buffer.from('{}'), headers: {} })).to.equal(null);
  });
});
