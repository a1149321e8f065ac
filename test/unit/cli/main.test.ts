// runClientCli's dispatch: usage, help, version, and the mistakes caught before anything is sent.
import { expect } from 'chai';
import { COMMAND_HELP, CLIENT_USAGE } from '../../../shared/src/cli/usage.js';
import { runCli } from '../../helpers/cli-io.js';

const env = { GOALIE_API_URL: 'http://127.0.0.1:9', GOALIE_API_TOKEN: 'goalie_x' };

describe('client CLI dispatch', () => {
  it('without a command: the usage on stderr and exit 2; with help: on stdout and exit 0', async () => {
    expect(await runCli([], env)).to.deep.equal({ code: 2, stdout: '', stderr: CLIENT_USAGE });
    expect(await runCli(['--help'], env)).to.deep.equal({ code: 0, stdout: CLIENT_USAGE, stderr: '' });
  });

  it('--version prints the version', async () => {
    expect(await runCli(['--version'], env)).to.deep.equal({ code: 0, stdout: 'test\n', stderr: '' });
  });

  it('an unknown command is a usage error', async () => {
    const result = await runCli(['runn'], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^goalie: unknown command "runn"\n\nUsage: goalie <command>/);
  });

  it('each command has its --help', async () => {
    for (const [argv, help] of [
      [['run', '--help'], COMMAND_HELP.run],
      [['status', '-h'], COMMAND_HELP.status],
      [['rerun', '--help'], COMMAND_HELP.rerun],
      [['test-case', 'create', '--help'], COMMAND_HELP['test-case']],
      [['test-case', '--help'], COMMAND_HELP['test-case']],
      [['test-case', 'show', '--help'], COMMAND_HELP['test-case']],
      [['test-case', 'enable', '-h'], COMMAND_HELP['test-case']],
      [['test-case', 'disable', '--help'], COMMAND_HELP['test-case']],
      [['cancel', '--help'], COMMAND_HELP.cancel],
    ] as const) {
      expect(await runCli([...argv], {}), argv.join(' ')).to.deep.equal({ code: 0, stdout: help, stderr: '' });
    }
  });

  const mistakes: [string, string[], Record<string, string>, string][] = [
    [
      'no GOALIE_API_URL',
      ['run'],
      { GOALIE_API_TOKEN: 't' },
      'goalie run: no server: set GOALIE_API_URL to your Goalie server (export GOALIE_API_URL=https://goalie.example.com) or pass --api-url URL\nSee: goalie run --help\n',
    ],
    [
      'no GOALIE_API_TOKEN',
      ['status', 'r_1'],
      { GOALIE_API_URL: 'https://g.example.com' },
      'goalie status: no API token: set GOALIE_API_TOKEN (create one on the server with `goalie token create --project <name>`) or pass --token TOKEN\nSee: goalie status --help\n',
    ],
    [
      'no GOALIE_API_TOKEN for export, which needs the admin scope',
      ['export'],
      { GOALIE_API_URL: 'https://g.example.com' },
      'goalie export: no API token: set GOALIE_API_TOKEN (create one on the server with `goalie token create --project <name> --scope admin (or plan, for --dry-run only)`) or pass --token TOKEN\nSee: goalie export --help\n',
    ],
    [
      'an API URL without a scheme',
      ['cancel', 'r_1'],
      { GOALIE_API_URL: 'goalie.example.com', GOALIE_API_TOKEN: 't' },
      'goalie cancel: The API URL must start with http:// or https://, got "goalie.example.com" (from GOALIE_API_URL)\nSee: goalie cancel --help\n',
    ],
    [
      'test-case without a subcommand',
      ['test-case'],
      env,
      'goalie test-case: give a subcommand (create, show, update, enable, disable, run, delete): e.g. goalie test-case create --name ... --goal ... --app app_... --wait, or goalie test-case show UUID\nSee: goalie test-case --help\n',
    ],
    [
      'test-case with another subcommand',
      ['test-case', 'list'],
      env,
      'goalie test-case: unknown subcommand "list"; the subcommands are create, show, update, enable, disable, run, delete\nSee: goalie test-case --help\n',
    ],
    [
      'test-case show without a UUID',
      ['test-case', 'show'],
      env,
      'goalie test-case show: give test case UUID: goalie test-case show <test case UUID>\nSee: goalie test-case show --help\n',
    ],
    [
      'test-case enable with a name instead of the UUID',
      ['test-case', 'enable', 'Sign in'],
      env,
      'goalie test-case enable: "Sign in" is not a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c (goalie test-case create and goalie apply --json print it)\nSee: goalie test-case enable --help\n',
    ],
    [
      'test-case create --timeout without --wait',
      ['test-case', 'create', '--name', 'n', '--goal', 'g', '--app', 'app_1', '--timeout', '5m'],
      env,
      'goalie test-case create: --timeout limits --wait: add --wait, or leave --timeout out\nSee: goalie test-case create --help\n',
    ],
    [
      'a bad flag (before the environment is looked at)',
      ['rerun', 'r_1', '--failed'],
      {},
      'goalie rerun: unknown option --failed\nSee: goalie rerun --help\n',
    ],
  ];
  for (const [title, argv, environment, stderr] of mistakes) {
    it(`${title}: exit 2 and what to do`, async () => {
      expect(await runCli(argv, environment)).to.deep.equal({ code: 2, stdout: '', stderr });
    });
  }

  // A dot segment would leave the path (`POST /v1/run/.` is `POST /v1/run`, a new run): refused before
  // anything is sent (the API URL here answers nothing).
  for (const argv of [
    ['rerun', '.'],
    ['status', '..'],
    ['cancel', '.'],
  ])
    it(`${argv.join(' ')}: refused, nothing sent`, async () => {
      expect(await runCli(argv, env)).to.deep.equal({
        code: 2,
        stdout: '',
        stderr: `goalie ${argv[0]}: ${JSON.stringify(argv[1])} is not a run short ID.\n`,
      });
    });

  it('--api-url and --token win over the environment', async () => {
    const result = await runCli(['status', 'r_1', '--api-url', 'nope', '--token', 't'], env);
    expect(result.stderr).to.include('got "nope" (from --api-url)');
  });
});
