// Which server commands may create a new embedded PostgreSQL where GOALIE_HOME holds none (the
// "stray database" of a command run from the wrong directory), and what a refusal says.
import { expect } from 'chai';
import {
  decideDatabase,
  NEW_DATABASE_POLICY,
  noDatabaseMessage,
  type DatabaseCommand,
  type DatabaseDecision,
  type NewDatabasePolicy,
} from '../../../backend/src/cli/with-runtime.js';

describe('a new embedded database: who may create one', () => {
  // databaseUrl, clusterExists, policy, init → decision
  const table: [boolean, boolean, NewDatabasePolicy, boolean, DatabaseDecision][] = [
    [true, false, 'never', false, 'open'],
    [true, false, 'init', false, 'open'],
    [false, true, 'never', false, 'open'],
    [false, true, 'init', false, 'open'],
    [false, true, 'init', true, 'open'],
    [false, false, 'creates', false, 'create'],
    [false, false, 'init', true, 'create'],
    [false, false, 'init', false, 'refuse'],
    [false, false, 'never', false, 'refuse'],
    [false, false, 'never', true, 'refuse'],
  ];
  for (const [databaseUrl, clusterExists, policy, init, expected] of table) {
    it(`${databaseUrl ? 'DATABASE_URL' : clusterExists ? 'a database in GOALIE_HOME' : 'no database'}, ${policy}${init ? ', --init' : ''}: ${expected}`, () =>
      expect(decideDatabase({ databaseUrl, clusterExists, policy, init })).to.equal(expected));
  }

  // Where GOALIE_HOME holds no database: what each command does without and with --init.
  const byOutcome: [string, DatabaseCommand[], DatabaseDecision, DatabaseDecision][] = [
    ['creates it (npm start on a fresh clone)', ['serve'], 'create', 'create'],
    ['creates it only with --init', ['worker', 'migrate', 'apply', 'user create'], 'refuse', 'create'],
    [
      'never creates it (nothing to read there)',
      [
        'user list',
        'user reset-link',
        'token create',
        'token list',
        'token revoke',
        'project list',
        'project show',
        'export',
      ],
      'refuse',
      'refuse',
    ],
  ];
  for (const [name, commands, without, withInit] of byOutcome) {
    it(`${commands.join(', ')}: ${name}`, () => {
      for (const command of commands) {
        const q = { databaseUrl: false, clusterExists: false, policy: NEW_DATABASE_POLICY[command] };
        expect(decideDatabase({ ...q, init: false }), command).to.equal(without);
        expect(decideDatabase({ ...q, init: true }), `${command} --init`).to.equal(withInit);
      }
    });
  }

  it('every command that opens the database is decided here', () =>
    expect(Object.keys(NEW_DATABASE_POLICY).sort()).to.deep.equal(byOutcome.flatMap(([, c]) => c).sort()));

  it('a refusal names the directory, how to reach the server, and --init where it helps', () => {
    expect(noDatabaseMessage('apply', '/x/.goalie')).to.equal(
      [
        'There is no Goalie database under GOALIE_HOME /x/.goalie, and goalie apply does not create one: nothing was created.',
        "To use your server's database, run it in the directory where goalie serve runs, or set GOALIE_HOME (or DATABASE_URL) as the server has it.",
        "Or apply the file through the server's API: goalie apply <file.yaml> --api-url <the server's URL> with an API token of the admin scope.",
        'To create a new embedded database under /x/.goalie instead, run it again with --init.',
      ].join('\n'),
    );
    const list = noDatabaseMessage('token list', '/x/.goalie');
    expect(list).to.include('GOALIE_HOME /x/.goalie').and.include('where goalie serve runs');
    expect(list).to.not.include('--init').and.not.include('--api-url');
    expect(noDatabaseMessage('worker', '/x/.goalie')).to.include('--init').and.not.include('--api-url');
  });
});
