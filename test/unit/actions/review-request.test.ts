// The review-request action's parts: inputs, the comment Goalie's review trigger reads, finding
// the pull request or the commit in real event payloads from @octokit/webhooks-examples, and the
// GitHub calls' retries and answers (with a stand-in fetch).
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { expect } from 'chai';
import { findReviewRequest } from '../../../backend/src/domain/review/review-request.js';
import { reviewRequestComment } from '../../../actions/review-request/src/comment.js';
import { commitOfEvent } from '../../../actions/review-request/src/commit-event.js';
import { openPullRequestsOfCommit } from '../../../actions/review-request/src/commit-pull-requests.js';
import { EventError } from '../../../actions/review-request/src/event.js';
import { GitHubApiError } from '../../../actions/review-request/src/github-api.js';
import { InputError, parseInputs } from '../../../actions/review-request/src/inputs.js';
import { findPullRequest } from '../../../actions/review-request/src/pull-request.js';

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
const BASE = {
  preview_url: 'https://pr-2.preview.example.com',
  github_token: 'ghs_token',
  github_api_url: 'https://api.github.com',
};

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
      expect(() => parseInputs(read({ ...BASE, preview_url: 'pr-2.preview.example.com' }))).to.throw(
        InputError,
        /preview_url must be an absolute http\(s\) URL/,
      );
    });

    it('lets preview_url out where the event names the preview (deployment_status), but still checks a given one', () => {
      expect(parseInputs(read({ ...BASE, preview_url: '' }), { previewUrlOptional: true })).to.deep.equal({
        mention: '@goalie',
        githubToken: 'ghs_token',
        githubApiUrl: 'https://api.github.com',
      });
      expect(() => parseInputs(read({ ...BASE, preview_url: 'preview' }), { previewUrlOptional: true })).to.throw(
        InputError,
        /preview_url must be an absolute http\(s\) URL/,
      );
    });
  });

  describe("inputs of QA.tech's change-review action", () => {
    const { preview_url: _preview, ...noPreview } = BASE;
    const config = (url: unknown, more: object = {}) =>
      JSON.stringify({ applications: { app_x: { environment: { url } }, ...more } });

    it('applications_config gives the preview URL, context the message, pr_url the pull request; api_token, api_url and blocking are warned about', () => {
      const settings = parseInputs(
        read({
          ...noPreview,
          applications_config: config('https://pr-7.preview.example.com'),
          context: 'Look at checkout',
          pr_url: 'https://github.com/octo/shop/pull/7',
          api_token: 'qa',
          api_url: 'https://api.qa.tech',
          blocking: 'true',
        }),
      );
      expect(settings).to.deep.include({
        previewUrl: 'https://pr-7.preview.example.com',
        message: 'Look at checkout',
        pullRequest: { owner: 'octo', repo: 'shop', number: 7 },
      });
      expect(settings.warnings).to.have.length(2);
      expect(settings.warnings![0]).to.match(/^api_token and api_url are not used: .*remove them\.$/);
      expect(settings.warnings![1]).to.match(/^blocking has no effect: /);
      expect(parseInputs(read({ ...BASE, blocking: 'false' }))).not.to.have.property('warnings');
    });

    const cases: [string, Record<string, string>, RegExp][] = [
      [
        'two preview URLs',
        {
          ...noPreview,
          applications_config: config('https://a.example.com', {
            app_y: { environment: { url: 'https://b.example.com' } },
          }),
        },
        /^applications_config must name one preview URL/,
      ],
      [
        'applications_config that is not JSON',
        { ...noPreview, applications_config: '{applications' },
        /^applications_config is not valid JSON/,
      ],
      [
        'a URL without a scheme',
        { ...noPreview, applications_config: config('pr-7.example.com') },
        /^applications_config's environment url must be an absolute http\(s\) URL/,
      ],
      [
        'both preview_url and applications_config',
        { ...BASE, applications_config: config('https://a.example.com') },
        /^preview_url and applications_config .* are both given/,
      ],
      [
        'a pr_url that is no pull request',
        { ...BASE, pr_url: 'https://github.com/octo/shop/issues/7' },
        /^pr_url must be a pull request's URL/,
      ],
      ['both message and context', { ...BASE, message: 'a', context: 'b' }, /^message and context .* are both given/],
    ];
    for (const [what, inputs, expected] of cases) {
      it(`refuses ${what}`, () => {
        try {
          parseInputs(read(inputs));
          expect.fail('expected an InputError');
        } catch (error) {
          expect(error).to.be.instanceOf(InputError);
          const { problems } = error as InputError;
          expect(problems, problems.join('\n')).to.have.length(1);
          expect(problems[0]).to.match(expected);
        }
      });
    }
  });

  describe('the comment', () => {
    it('has the mention and the preview URL on its first line, the message below', () => {
      expect(reviewRequestComment({ mention: '@goalie', previewUrl: 'https://pr-42.preview.example.com' })).to.equal(
        '@goalie please review https://pr-42.preview.example.com\n\n<!-- goalie:ci -->\n',
      );
      const body = reviewRequestComment({
        mention: '@qa-bot',
        previewUrl: 'https://pr-42.preview.example.com',
        message: 'Focus on checkout.',
      });
      expect(body.split('\n')[0]).to.equal('@qa-bot please review https://pr-42.preview.example.com');
      expect(body).to.equal(
        '@qa-bot please review https://pr-42.preview.example.com\n\nFocus on checkout.\n\n<!-- goalie:ci -->\n',
      );
    });

    it("is read as a review request by Goalie's review trigger, with the preview URL even when the message has links", () => {
      const body = reviewRequestComment({
        mention: '@goalie',
        previewUrl: 'https://pr-42.preview.example.com/shop?x=1',
        message: 'See https://docs.example.com/spec.',
      });
      expect(findReviewRequest(body, '@goalie')).to.deep.equal({ url: 'https://pr-42.preview.example.com/shop?x=1' });
    });
  });

  describe('finding the pull request', () => {
    const env = { GITHUB_REPOSITORY: 'Codertocat/Hello-World' };

    it('reads pull_request events (opened, synchronize)', () => {
      for (const action of ['opened', 'synchronize']) {
        expect(
          findPullRequest({ ...env, GITHUB_EVENT_NAME: 'pull_request' }, example('pull_request', action)),
        ).to.deep.equal({ owner: 'Codertocat', repo: 'Hello-World', number: 2 });
      }
    });

    it('reads an issue_comment on a pull request, with the repository from the payload when GITHUB_REPOSITORY is unset', () => {
      const comment = example('issue_comment', 'created');
      const payload = {
        ...comment,
        issue: {
          ...comment.issue,
          pull_request: { url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1' },
        },
      };
      expect(findPullRequest({ GITHUB_EVENT_NAME: 'issue_comment' }, payload)).to.deep.equal({
        owner: 'Codertocat',
        repo: 'Hello-World',
        number: 1,
      });
    });

    it('says what to do for an event without a pull request', () => {
      expect(() => findPullRequest({ ...env, GITHUB_EVENT_NAME: 'release' }, example('release', 'published'))).to.throw(
        EventError,
        /^This workflow ran for a `release` event, which belongs to no pull request, so there is nothing to comment on\. Run this action in a workflow triggered by `pull_request`.*`deployment_status`.*`push`/,
      );
      expect(() =>
        findPullRequest({ ...env, GITHUB_EVENT_NAME: 'issue_comment' }, example('issue_comment', 'created')),
      ).to.throw(EventError, /^The issue_comment event is about issue #1, which is not a pull request/);
    });
  });

  describe('the commit of a deployment_status or push event', () => {
    const SHA = 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e';
    const deployment = (status: Partial<Example<'deployment_status'>['deployment_status']>) => {
      const payload = example('deployment_status');
      Object.assign(payload.deployment_status, status);
      return payload;
    };

    it('a successful deployment: its commit and URL, environment_url before target_url', () => {
      expect(
        commitOfEvent(
          'deployment_status',
          deployment({
            state: 'success',
            environment_url: 'https://pr-2.example.com',
            target_url: 'https://ci.example.com/1',
          }),
        ),
      ).to.deep.equal({
        sha: SHA,
        deploymentUrl: 'https://pr-2.example.com',
      });
      expect(
        commitOfEvent(
          'deployment_status',
          deployment({ state: 'success', environment_url: '', target_url: 'https://ci.example.com/1' }),
        ),
      ).to.deep.equal({ sha: SHA, deploymentUrl: 'https://ci.example.com/1' });
      // The example as it comes: no environment_url, an empty target_url.
      expect(commitOfEvent('deployment_status', example('deployment_status'))).to.deep.equal({ sha: SHA });
    });

    it('a deployment that did not succeed: skipped, saying its state', () => {
      const inProgress = examples
        .find((d) => d.name === 'deployment_status')!
        .examples.find((e) => (e as Example<'deployment_status'>).deployment_status.state === 'in_progress');
      expect(
        commitOfEvent('deployment_status', structuredClone(inProgress) as Example<'deployment_status'>),
      ).to.deep.equal({
        skip: "The deployment of f95f852 to github-pages is in_progress, not success: no preview to review yet, so no review was requested. The workflow runs again when the deployment's status changes.",
      });
      expect(commitOfEvent('deployment_status', deployment({ state: 'failure' })))
        .to.have.property('skip')
        .that.matches(/ is failure, not success/);
    });

    it("a push: the commit it pushed (after); a branch's deletion is skipped", () => {
      const push = examples.find((d) => d.name === 'push')!.examples as Example<'push'>[];
      expect(commitOfEvent('push', structuredClone(push.find((p) => p.ref === 'refs/heads/master')!))).to.deep.equal({
        sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
      });
      const deleted = structuredClone(push.find((p) => p.deleted)!);
      expect(commitOfEvent('push', deleted)).to.deep.equal({
        skip: `The push deleted ${deleted.ref}: there is no commit to review.`,
      });
    });

    it('a payload without the commit fails naming what is missing', () => {
      expect(() => commitOfEvent('deployment_status', {})).to.throw(EventError, /no deployment\.sha/);
      expect(() => commitOfEvent('push', { ref: 'refs/heads/x' })).to.throw(EventError, /no `after` commit/);
    });
  });

  describe('GitHub calls', () => {
    const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
    const SHA = 'a'.repeat(40);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

    /** A fetch answering from a list, recording each call. */
    function scripted(...answers: (Response | Error)[]) {
      const calls: { url: string; init: RequestInit }[] = [];
      const fetch = (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        const answer = answers.shift();
        if (!answer) throw new Error('no more answers');
        if (answer instanceof Error) throw answer;
        return answer;
      }) as unknown as typeof globalThis.fetch;
      return { calls, options: { apiUrl: 'https://api.github.com', token: 'ghs_token', backoffMs: 1, fetch } };
    }

    it('the lookup keeps the open pull requests whose head is the commit, and names the open ones that only contain it', async () => {
      const { calls, options } = scripted(
        json(200, [
          { number: 1, state: 'open', head: { sha: SHA } },
          { number: 2, state: 'open', head: { sha: 'b'.repeat(40) } },
          { number: 3, state: 'closed', head: { sha: SHA } },
          { number: 4, state: 'open', head: { sha: SHA } },
        ]),
      );
      expect(await openPullRequestsOfCommit(options, REPO, SHA)).to.deep.equal({ withHead: [1, 4], containing: [2] });
      expect(calls.map((c) => [c.init.method, c.url])).to.deep.equal([
        ['GET', `https://api.github.com/repos/Codertocat/Hello-World/commits/${SHA}/pulls?per_page=100`],
      ]);
      expect((calls[0]!.init.headers as Record<string, string>).authorization).to.equal('Bearer ghs_token');
    });

    it('retries network errors and 5xx answers with backoff', async () => {
      const { calls, options } = scripted(
        new TypeError('fetch failed'),
        json(502, { message: 'Bad Gateway' }),
        json(200, []),
      );
      expect(await openPullRequestsOfCommit(options, REPO, SHA)).to.deep.equal({ withHead: [], containing: [] });
      expect(calls).to.have.length(3);

      const failing = scripted(
        json(503, { message: 'Unavailable' }),
        json(503, { message: 'Unavailable' }),
        json(503, { message: 'Unavailable' }),
      );
      const error = await openPullRequestsOfCommit(failing.options, REPO, SHA).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(GitHubApiError).with.property('status', 503);
      expect(failing.calls).to.have.length(3);
    });

    it('never retries a 4xx, and says which permission the token needs', async () => {
      const { calls, options } = scripted(
        json(403, { message: 'Resource not accessible by integration' }),
        json(200, []),
      );
      const error = (await openPullRequestsOfCommit(options, REPO, SHA).catch((e: unknown) => e)) as GitHubApiError;
      expect(calls).to.have.length(1);
      expect(error.message).to.equal(
        `GitHub answered HTTP 403 to GET /repos/Codertocat/Hello-World/commits/${SHA}/pulls: Resource not accessible by integration. ` +
          'The token may not read pull requests: give the job `permissions: pull-requests: read` (or write, to comment) and `contents: read`.',
      );
    });
  });
});
