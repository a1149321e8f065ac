// `goalie run` request building: application overrides (URL, environment, device preset), Slack
// notifications, and the trigger with CI attribution from GitHub Actions (a real pull_request
// payload from @octokit/webhooks-examples) and GitLab CI (its predefined variables).
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { expect } from 'chai';
import { detectCi } from '../../../shared/src/ci/attribution.js';
import { parseRunArgs, slackNotification, withTrigger } from '../../../shared/src/cli/run-request.js';

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];
/** The event GitHub Actions writes to GITHUB_EVENT_PATH after a push to pull request #2 of Codertocat/Hello-World. */
const synchronize = examples
  .find((e) => e.name === 'pull_request')!
  .examples.find((e) => (e as { action?: string }).action === 'synchronize')!;
const EVENT_PATH = '/home/runner/work/_temp/_github_workflow/event.json';
const read = (path: string) => (path === EVENT_PATH ? JSON.stringify(synchronize) : null);

/** What GitHub Actions sets for a pull_request workflow run of that payload. */
const GITHUB_ENV = {
  GITHUB_ACTIONS: 'true',
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_EVENT_PATH: EVENT_PATH,
  GITHUB_ACTOR: 'Codertocat',
  GITHUB_REPOSITORY: 'Codertocat/Hello-World',
  GITHUB_REF: 'refs/pull/2/merge',
  GITHUB_HEAD_REF: 'changes',
  GITHUB_REF_NAME: '2/merge',
  // The merge commit GitHub made; the attribution names the pull request's head commit instead.
  GITHUB_SHA: '1111111111111111111111111111111111111111',
};

/** GitLab CI's predefined variables in a merge request pipeline. */
const GITLAB_ENV = {
  GITLAB_CI: 'true',
  CI: 'true',
  GITLAB_USER_LOGIN: 'ada',
  CI_PROJECT_PATH: 'shop/storefront',
  CI_COMMIT_REF_NAME: 'feature/cart',
  CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/cart',
  CI_COMMIT_SHA: '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e',
  CI_COMMIT_MESSAGE: 'Add the cart page\n\nWith a summary.\n',
};

describe('goalie run request', () => {
  it('turns --app and --device into one override per application', () => {
    const { request } = parseRunArgs([
      '--plan',
      'pln_smoke1',
      '--app',
      'app-web_1=https://pr-42.preview.example.com',
      '--app',
      'app-admin_2=env-staging_3',
      '--device',
      'app-web_1=preset-phone_4',
      '--device',
      'app-api_5=preset-desktop_6',
    ]);
    expect(request).to.deep.equal({
      testPlanShortId: 'pln_smoke1',
      applications: [
        {
          applicationShortId: 'app-web_1',
          environment: { url: 'https://pr-42.preview.example.com' },
          devicePresetShortId: 'preset-phone_4',
        },
        { applicationShortId: 'app-admin_2', environment: { shortId: 'env-staging_3' } },
        { applicationShortId: 'app-api_5', devicePresetShortId: 'preset-desktop_6' },
      ],
    });
  });

  it('keeps "=" inside a URL', () => {
    const { request } = parseRunArgs(['--app', 'app_1=http://127.0.0.1:3000/?a=b']);
    expect(request.applications).to.deep.equal([
      { applicationShortId: 'app_1', environment: { url: 'http://127.0.0.1:3000/?a=b' } },
    ]);
  });

  it('turns --slack into notifications: always by default, or failure', () => {
    expect(
      parseRunArgs(['--slack', 'C0123ABCD', '--slack', 'G0ALERTS:failure', '--slack', 'C0X:always']).request
        .notifications,
    ).to.deep.equal([
      { type: 'slack', channel: 'C0123ABCD' },
      { type: 'slack', channel: 'G0ALERTS', notifyOn: 'failure' },
      { type: 'slack', channel: 'C0X', notifyOn: 'always' },
    ]);
    expect(slackNotification('C1:failure')).to.deep.equal({ type: 'slack', channel: 'C1', notifyOn: 'failure' });
  });

  it('sends no applications or notifications keys when none are given', () => {
    expect(parseRunArgs([]).request).to.deep.equal({});
  });

  describe('trigger and attribution', () => {
    const github = detectCi(GITHUB_ENV, read);
    const gitlab = detectCi(GITLAB_ENV, read);

    it('GitHub Actions pull_request: REPOHOST with the head branch and head commit of the payload', () => {
      expect(github?.system).to.equal('github');
      expect(withTrigger({ testPlanShortId: 'pln_1' }, { noCi: false }, github)).to.deep.equal({
        trigger: 'REPOHOST',
        testPlanShortId: 'pln_1',
        actor: 'Codertocat',
        branch: 'changes',
        commitHash: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
        commitMessage: 'Update the README with new information.',
        repository: 'Codertocat/Hello-World',
      });
    });

    it('GitLab CI merge request pipeline: REPOHOST with its variables', () => {
      expect(gitlab?.system).to.equal('gitlab');
      expect(withTrigger({}, { noCi: false }, gitlab)).to.deep.equal({
        trigger: 'REPOHOST',
        actor: 'ada',
        branch: 'feature/cart',
        commitHash: '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e',
        commitMessage: 'Add the cart page\n\nWith a summary.',
        repository: 'shop/storefront',
      });
    });

    it('--trigger REPOHOST in CI is the same as the default', () => {
      expect(withTrigger({}, { trigger: 'REPOHOST', noCi: false }, gitlab)).to.deep.equal(
        withTrigger({}, { noCi: false }, gitlab),
      );
    });

    it('--no-ci and --trigger API send API without attribution', () => {
      expect(withTrigger({ testPlanShortId: 'pln_1' }, { noCi: true }, github)).to.deep.equal({
        trigger: 'API',
        testPlanShortId: 'pln_1',
      });
      expect(withTrigger({}, { trigger: 'API', noCi: false }, github)).to.deep.equal({ trigger: 'API' });
    });

    it('outside CI: API, unless --trigger REPOHOST asks for it', () => {
      expect(detectCi({ CI: 'true' }, read)).to.equal(null);
      expect(withTrigger({}, { noCi: false }, null)).to.deep.equal({ trigger: 'API' });
      expect(withTrigger({}, { trigger: 'REPOHOST', noCi: true }, null)).to.deep.equal({ trigger: 'REPOHOST' });
    });

    it('GitHub Actions without a readable event file still names branch, commit and repository', () => {
      const push = detectCi(
        {
          ...GITHUB_ENV,
          GITHUB_EVENT_PATH: '/nonexistent/event.json',
          GITHUB_HEAD_REF: '',
          GITHUB_REF: 'refs/heads/main',
          GITHUB_SHA: 'abc123',
        },
        read,
      );
      expect(withTrigger({}, { noCi: false }, push)).to.deep.equal({
        trigger: 'REPOHOST',
        actor: 'Codertocat',
        branch: 'main',
        commitHash: 'abc123',
        repository: 'Codertocat/Hello-World',
      });
    });
  });
});
