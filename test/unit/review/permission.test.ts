// Who may make Goalie review: the permission levels' order, GitLab's roles and GitHub's answers
// mapped onto them, and who a webhook says wrote a comment or opened a change request from a fork.
import { expect } from 'chai';
import {
  gitlabAccessToPermission,
  meetsMinimum,
  type MinimumPermission,
  type RepositoryPermission,
} from '../../../backend/src/domain/review/permission.js';
import { toPermission, type GitHubPermissionAnswer } from '../../../backend/src/platforms/github/github-mapping.js';
import { GitHubWebhookReceiver, signGitHubPayload } from '../../../backend/src/platforms/github/index.js';
import { GitLabWebhookReceiver } from '../../../backend/src/platforms/gitlab/index.js';

describe('repository permissions', () => {
  describe('a permission meets a minimum when it is at least as high', () => {
    const table: [RepositoryPermission, MinimumPermission, boolean][] = [
      ['none', 'read', false],
      ['read', 'read', true],
      ['read', 'write', false],
      ['triage', 'write', false],
      ['write', 'write', true],
      ['maintain', 'write', true],
      ['admin', 'write', true],
      ['write', 'maintain', false],
      ['maintain', 'admin', false],
      ['admin', 'admin', true],
      ['none', 'admin', false],
    ];
    for (const [actual, minimum, expected] of table) {
      it(`${actual} ${expected ? 'meets' : 'does not meet'} ${minimum}`, () =>
        expect(meetsMinimum(actual, minimum)).to.equal(expected));
    }
  });

  describe("GitLab's access levels", () => {
    const table: [number, string, RepositoryPermission][] = [
      [0, 'no access', 'none'],
      [5, 'Minimal access', 'none'],
      [10, 'Guest', 'read'],
      [15, 'Planner', 'read'],
      [20, 'Reporter', 'triage'],
      [30, 'Developer', 'write'],
      [40, 'Maintainer', 'maintain'],
      [50, 'Owner', 'admin'],
      [60, 'administrator', 'admin'],
    ];
    for (const [level, role, expected] of table) {
      it(`${level} (${role}) is ${expected}`, () => expect(gitlabAccessToPermission(level)).to.equal(expected));
    }
  });

  describe("GitHub's collaborator permission answer", () => {
    const flags = (admin: boolean, maintain: boolean, push: boolean, triage: boolean, pull: boolean) => ({
      user: { permissions: { admin, maintain, push, triage, pull } },
    });
    const table: [string, GitHubPermissionAnswer, RepositoryPermission][] = [
      ['admin flags', { permission: 'admin', role_name: 'admin', ...flags(true, true, true, true, true) }, 'admin'],
      [
        'maintain flags (legacy permission says write)',
        { permission: 'write', role_name: 'maintain', ...flags(false, true, true, true, true) },
        'maintain',
      ],
      ['push flag', { permission: 'write', role_name: 'write', ...flags(false, false, true, true, true) }, 'write'],
      [
        'triage flags (legacy permission says read)',
        { permission: 'read', role_name: 'triage', ...flags(false, false, false, true, true) },
        'triage',
      ],
      ['pull only', { permission: 'read', role_name: 'read', ...flags(false, false, false, false, true) }, 'read'],
      ['no flags set', { permission: 'none', ...flags(false, false, false, false, false) }, 'none'],
      ['role name without flags', { permission: 'write', role_name: 'maintain' }, 'maintain'],
      ['a custom role: the legacy permission', { permission: 'write', role_name: 'security-reviewer' }, 'write'],
      ['nothing readable', {}, 'none'],
    ];
    for (const [name, answer, expected] of table) {
      it(`${name} → ${expected}`, () => expect(toPermission(answer)).to.equal(expected));
    }
  });
});

describe('who a webhook names', () => {
  const github = new GitHubWebhookReceiver();
  const gitlab = new GitLabWebhookReceiver();
  const githubDelivery = (event: string, payload: unknown) => {
    const rawBody = Buffer.from(JSON.stringify(payload));
    return { rawBody, headers: { 'x-github-event': event, 'x-hub-signature-256': signGitHubPayload('s', rawBody) } };
  };
  const comment = (login: string, type: string) => ({
    action: 'created',
    issue: { number: 3, pull_request: { url: 'https://api.github.com/repos/a/b/pulls/3' } },
    comment: { id: 9, body: '@goalie https://preview.example.com', user: { login, id: 41898282, type } },
  });
  const pull = (headRepo: unknown) => ({
    action: 'opened',
    pull_request: {
      number: 3,
      title: 't',
      state: 'open',
      html_url: '',
      user: { login: 'forker', id: 12 },
      head: { ref: 'f', sha: 'a'.repeat(40), repo: headRepo },
      base: { ref: 'main', repo: { id: 1, full_name: 'a/b' } },
    },
  });

  const table: [string, unknown, Record<string, unknown>][] = [
    [
      'a comment by github-actions[bot], a Bot',
      githubDelivery('issue_comment', comment('github-actions[bot]', 'Bot')),
      { author: 'github-actions[bot]' },
    ],
    [
      'a comment by a "[bot]" login GitHub does not call a Bot',
      githubDelivery('issue_comment', comment('github-actions[bot]', 'User')),
      { author: null },
    ],
    [
      'a comment by a Bot whose login lacks "[bot]" (nobody Goalie can tell from a person)',
      githubDelivery('issue_comment', comment('Copilot', 'Bot')),
      { author: null },
    ],
    [
      'a comment by a user',
      githubDelivery('issue_comment', comment('octocat', 'User')),
      { author: 'octocat', authorId: '41898282' },
    ],
    [
      'a pull request from a fork',
      githubDelivery('pull_request', pull({ id: 2, full_name: 'forker/b' })),
      { fromFork: true, authorId: '12' },
    ],
    ['a pull request whose fork was deleted', githubDelivery('pull_request', pull(null)), { fromFork: true }],
    [
      'a pull request whose base repository cannot be read (taken for a fork)',
      githubDelivery('pull_request', {
        ...pull({ id: 1, full_name: 'a/b' }),
        pull_request: {
          ...pull(null).pull_request,
          head: { ref: 'f', sha: 'a'.repeat(40), repo: { id: 1 } },
          base: { ref: 'main' },
        },
      }),
      { fromFork: true },
    ],
    [
      'a pull request from the repository itself',
      githubDelivery('pull_request', pull({ id: 1, full_name: 'a/b' })),
      { fromFork: false },
    ],
  ];
  for (const [name, request, expected] of table) {
    it(`GitHub: ${name}`, () => expect(github.parse(request as never)).to.include(expected));
  }

  const mr = (source: number, target: number) => ({
    object_kind: 'merge_request',
    user: { id: 12, username: 'forker' },
    object_attributes: {
      iid: 3,
      action: 'open',
      source_branch: 'f',
      source_project_id: source,
      target_project_id: target,
      author_id: 12,
      last_commit: { id: 'a'.repeat(40) },
    },
  });
  const gitlabTable: [string, unknown, Record<string, unknown>][] = [
    ['a merge request from a fork', mr(7, 5), { fromFork: true, authorId: '12' }],
    ['a merge request within the project', mr(5, 5), { fromFork: false, authorId: '12' }],
  ];
  for (const [name, payload, expected] of gitlabTable) {
    it(`GitLab: ${name}`, () =>
      expect(gitlab.parse({ rawBody: Buffer.from(JSON.stringify(payload)), headers: {} })).to.include(expected));
  }
});
