// The review-request action's parts: inputs, the comment Goalie's review trigger reads, and finding
// the pull request in real event payloads from @octokit/webhooks-examples.
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { expect } from 'chai';
import { findReviewRequest } from '../../../backend/src/domain/review/review-request.js';
import { reviewRequestComment } from '../../../actions/review-request/src/comment.js';
import { InputError, parseInputs } from '../../../actions/review-request/src/inputs.js';
import { findPullRequest, NotAPullRequestError } from '../../../actions/review-request/src/pull-request.js';

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];
type EventName = WebhookDefinition['name'];
type Example<N extends EventName> = WebhookDefinition<N>['examples'][number];

function example<N extends EventName>(name: N, action?: string): Example<N> {
  const definition = examples.find((d) => d.name === name) as WebhookDefinition<N> | undefined;
  const found = definition?.examples.find((e) => action === undefined || (e as { action?: string }).action === action);
  if (!found) throw new Error(`no ${name}.${action} example in @octokit/webhooks-examples`);
  return structuredClone(found);
}

const read = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';
const BASE = { preview_url: 'https://pr-2.preview.example.com', github_token: 'ghs_token', github_api_url: 'https://api.github.com' };

describe('review-request action', () => {
  describe('inputs', () => {
    it('defaults the mention to @goalie and trims the API URL', () => {
      expect(parseInputs(read({ ...BASE, github_api_url: 'https://github.example.com/api/v3/' }))).to.deep.equal({
        previewUrl: 'https://pr-2.preview.example.com',
        mention: '@goalie',
        githubToken: 'ghs_token',
        githubApiUrl: 'https://github.example.com/api/v3',
      });
    });

    it('names each invalid input and how to fix it', () => {
      try {
        parseInputs(read({ preview_url: '', mention: 'goalie', github_token: '', github_api_url: 'api.github.com' }));
        expect.fail('expected an InputError');
      } catch (error) {
        expect(error).to.be.instanceOf(InputError);
        const problems = (error as InputError).problems;
        expect(problems).to.have.length(4);
        expect(problems[0]).to.match(/^preview_url is required: .*earlier job's output/);
        expect(problems[1]).to.match(/^mention must be one @name, .*not "goalie"/);
        expect(problems[2]).to.match(/^github_token is empty: .*pull-requests: write/);
        expect(problems[3]).to.match(/^github_api_url must be an absolute http\(s\) URL/);
      }
      expect(() => parseInputs(read({ ...BASE, preview_url: 'pr-2.preview.example.com' }))).to.throw(InputError, /preview_url must be an absolute http\(s\) URL/);
    });
  });

  describe('the comment', () => {
    it('has the mention and the preview URL on its first line, the message below', () => {
      expect(reviewRequestComment({ mention: '@goalie', previewUrl: 'https://pr-42.preview.example.com' })).to.equal('@goalie please review https://pr-42.preview.example.com\n\n<!-- goalie:ci -->\n');
      const body = reviewRequestComment({ mention: '@qa-bot', previewUrl: 'https://pr-42.preview.example.com', message: 'Focus on checkout.' });
      expect(body.split('\n')[0]).to.equal('@qa-bot please review https://pr-42.preview.example.com');
      expect(body).to.equal('@qa-bot please review https://pr-42.preview.example.com\n\nFocus on checkout.\n\n<!-- goalie:ci -->\n');
    });

    it("is read as a review request by Goalie's review trigger, with the preview URL even when the message has links", () => {
      const body = reviewRequestComment({ mention: '@goalie', previewUrl: 'https://pr-42.preview.example.com/shop?x=1', message: 'See https://docs.example.com/spec.' });
      expect(findReviewRequest(body, '@goalie')).to.deep.equal({ url: 'https://pr-42.preview.example.com/shop?x=1' });
    });
  });

  describe('finding the pull request', () => {
    const env = { GITHUB_REPOSITORY: 'Codertocat/Hello-World' };

    it('reads pull_request events (opened, synchronize)', () => {
      for (const action of ['opened', 'synchronize']) {
        expect(findPullRequest({ ...env, GITHUB_EVENT_NAME: 'pull_request' }, example('pull_request', action))).to.deep.equal({ owner: 'Codertocat', repo: 'Hello-World', number: 2 });
      }
    });

    it('reads an issue_comment on a pull request, with the repository from the payload when GITHUB_REPOSITORY is unset', () => {
      const comment = example('issue_comment', 'created');
      const payload = { ...comment, issue: { ...comment.issue, pull_request: { url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1' } } };
      expect(findPullRequest({ GITHUB_EVENT_NAME: 'issue_comment' }, payload)).to.deep.equal({ owner: 'Codertocat', repo: 'Hello-World', number: 1 });
    });

    it('says what to do for an event without a pull request', () => {
      expect(() => findPullRequest({ ...env, GITHUB_EVENT_NAME: 'push' }, example('push'))).to.throw(
        NotAPullRequestError,
        /^This workflow ran for a `push` event, which belongs to no pull request, so there is nothing to comment on\. Run this action in a workflow triggered by `pull_request`/,
      );
      expect(() => findPullRequest({ ...env, GITHUB_EVENT_NAME: 'issue_comment' }, example('issue_comment', 'created'))).to.throw(
        NotAPullRequestError,
        /^The issue_comment event is about issue #1, which is not a pull request/,
      );
    });
  });
});
