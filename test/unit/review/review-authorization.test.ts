// Whose permission decides a review request: a person's mention by that person; the automatic
// review of a fork by its author; a mention by an automation identity (a workflow's bot, an access
// token's bot user) by the bot itself and then by the change request it is about, as its
// automatic review would be.
import { expect } from 'chai';
import type { MinimumPermission, RepositoryPermission } from '../../../backend/src/domain/review/permission.js';
import {
  authorizeReviewRequest,
  type ReviewAsker,
  type ReviewAuthorization,
  type ReviewRules,
} from '../../../backend/src/domain/review/review-authorization.js';

describe('who may make Goalie review', () => {
  const rules = (minimumPermission: ReviewRules['minimumPermission'] = 'write', allowForks = false): ReviewRules => ({
    minimumPermission,
    allowForks,
  });
  /** A bot (write, unless given) asks for a change request by an author with `authorPermission`. */
  const bot = (
    authorPermission: RepositoryPermission,
    fromFork: boolean,
    permission: RepositoryPermission = 'write',
  ): ReviewAsker => ({ kind: 'automation', permission, authorPermission, fromFork });
  const allowed: ReviewAuthorization = { allowed: true };
  const refused = (
    short: 'asker' | 'author',
    permission: RepositoryPermission,
    needed: MinimumPermission,
    fork = false,
  ): ReviewAuthorization => ({ allowed: false, short, permission, needed, fork });

  const table: [string, ReviewAsker, ReviewRules, ReviewAuthorization][] = [
    // A person's mention: their own permission, whatever the change request.
    ['a writer asks', { kind: 'person', permission: 'write' }, rules(), allowed],
    ['a reader asks', { kind: 'person', permission: 'read' }, rules(), refused('asker', 'read', 'write')],
    ['a stranger asks', { kind: 'person', permission: 'none' }, rules(), refused('asker', 'none', 'write')],
    ['a triager asks, minimum triage', { kind: 'person', permission: 'triage' }, rules('triage'), allowed],
    [
      'a writer asks, minimum admin',
      { kind: 'person', permission: 'write' },
      rules('admin'),
      refused('asker', 'write', 'admin'),
    ],

    // The automatic review of a fork: its author must be able to write, or forks are allowed.
    ['a fork by a writer', { kind: 'fork', authorPermission: 'write' }, rules(), allowed],
    [
      'a fork by a stranger',
      { kind: 'fork', authorPermission: 'none' },
      rules(),
      refused('author', 'none', 'write', true),
    ],
    [
      'a fork by a triager, minimum triage',
      { kind: 'fork', authorPermission: 'triage' },
      rules('triage'),
      refused('author', 'triage', 'write', true),
    ],
    [
      'a fork by a maintainer, minimum admin',
      { kind: 'fork', authorPermission: 'maintain' },
      rules('admin'),
      refused('author', 'maintain', 'admin', true),
    ],
    ['a fork by a stranger, forks allowed', { kind: 'fork', authorPermission: 'none' }, rules('write', true), allowed],

    // A bot's mention acts for the change request's author.
    ['a bot for a writer, same repository', bot('write', false), rules(), allowed],
    ['a bot for a writer, fork', bot('write', true), rules(), allowed],
    ["a bot for a stranger's fork", bot('none', true), rules(), refused('author', 'none', 'write', true)],
    ["a bot for a reader's fork", bot('read', true), rules(), refused('author', 'read', 'write', true)],
    [
      "a bot for a stranger's change request in the repository",
      bot('none', false),
      rules(),
      refused('author', 'none', 'write'),
    ],
    [
      "a bot for a reader's change request in the repository",
      bot('read', false),
      rules(),
      refused('author', 'read', 'write'),
    ],
    [
      "a bot for a stranger's fork, forks allowed: the author must still be able to ask",
      bot('none', true),
      rules('write', true),
      refused('author', 'none', 'write'),
    ],
    ["a bot for a writer's fork, forks allowed", bot('write', true), rules('write', true), allowed],
    [
      "a bot for a triager's fork, minimum triage: forks need a writer",
      bot('triage', true),
      rules('triage'),
      refused('author', 'triage', 'write', true),
    ],
    ["a bot for a triager's fork, minimum triage, forks allowed", bot('triage', true), rules('triage', true), allowed],
    ["a bot for a triager's change request, minimum triage", bot('triage', false), rules('triage'), allowed],
    [
      'a bot for a writer, minimum maintain',
      bot('write', false, 'maintain'),
      rules('maintain'),
      refused('author', 'write', 'maintain'),
    ],
    ['a bot for an admin, minimum admin', bot('admin', false, 'admin'), rules('admin'), allowed],
    // The bot itself must be able to write, whoever it asks for.
    ['a bot that may only read, for an admin', bot('admin', false, 'read'), rules(), refused('asker', 'read', 'write')],
    [
      'a Reporter bot, minimum triage',
      bot('admin', false, 'triage'),
      rules('triage'),
      refused('asker', 'triage', 'write'),
    ],
    [
      'a bot that is no member at all, for a stranger',
      bot('none', true, 'none'),
      rules(),
      refused('asker', 'none', 'write'),
    ],
    [
      'github-actions[bot] (write), minimum admin',
      bot('admin', false, 'write'),
      rules('admin'),
      refused('asker', 'write', 'admin'),
    ],
  ];
  for (const [name, asker, given, expected] of table) {
    it(`${name} → ${expected.allowed ? 'allowed' : `refused (${expected.short})`}`, () =>
      expect(authorizeReviewRequest(asker, given)).to.deep.equal(expected));
  }
});
