// The server commands' --help and option mistakes (issue 16): usage and exit 0 for --help, a usage
// error with exit 2 for an unknown option, never a stack trace. In-process: nothing here opens a
// database, since both answers come before any command runs.
import { expect } from 'chai';
import { runServerCommand as capture } from '../../helpers/server-cli.js';

describe('server commands: --help and option mistakes', () => {
  const helps: [string[], RegExp][] = [
    [['serve', '--help'], /^ {2}serve {2,}API, worker and scheduler/m],
    [['worker', '-h'], /^ {2}worker {2,}a worker/m],
    [['migrate', '--help'], /^ {2}migrate {2,}apply pending/m],
    [['token', 'create', '--help'], /^ {2}token create --project <name>/m],
    [['token', '--help'], /^ {2}token revoke <token prefix>/m],
    [['user', 'create', '-h'], /^ {2}user create --email <address>/m],
    [['apply', '--help'], /^Usage: goalie apply <file\.yaml>/],
  ];
  for (const [argv, expected] of helps) {
    it(`goalie ${argv.join(' ')}: its usage on stdout, exit 0`, async () => {
      const answer = await capture(argv);
      expect(answer.code).to.equal(0);
      expect(answer.stdout).to.match(expected);
      expect(answer.stderr).to.equal('');
    });
  }

  it('only the lines of the command asked about', async () => {
    const { stdout } = await capture(['worker', '--help']);
    expect(stdout).to.not.include('token create');
    expect(stdout).to.not.include('serve ');
  });

  for (const argv of [
    ['token', 'create', '--bogus'],
    ['user', 'list', '--nope'],
    ['token', 'create', '--project'],
  ]) {
    it(`goalie ${argv.join(' ')}: a usage error with exit 2 and the usage, no stack trace`, async () => {
      const answer = await capture(argv);
      expect(answer.code).to.equal(2);
      expect(answer.stderr).to.match(new RegExp(`^goalie ${argv[0]}: `));
      expect(answer.stderr).to.include('Usage:');
      expect(answer.stderr).to.not.match(/\n\s+at /);
      expect(answer.stdout).to.equal('');
    });
  }
});
