// `goalie` (bin/goalie.js) runs client commands from the prebuilt bundle in .cache/cli/ when every
// file it was built from is unchanged, builds it again when one changed, and runs server commands
// (and `goalie --help`) from the sources. Real processes, the repository's own cache.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { CLIENT_BUNDLE, freshClientBundle } from '../../bin/client-bundle.js';
import { runGoalie } from '../helpers/processes.js';

const VERSION = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
const MARK = '//# goalie-inputs ';
const stamp = (file: string) => {
  const stat = fs.statSync(file);
  return `${stat.size}:${stat.mtimeMs}`;
};
/** A bundle file whose code only says it ran, recorded as built from package.json as it is (fresh) or was (stale). */
const plant = (fresh: boolean) => {
  fs.mkdirSync(path.dirname(CLIENT_BUNDLE), { recursive: true });
  const inputs = { 'package.json': fresh ? stamp('package.json') : '1:1' };
  fs.writeFileSync(
    CLIENT_BUNDLE,
    `process.stdout.write('the planted bundle ran\\n');\n${MARK}${JSON.stringify(inputs)}\n`,
  );
};

describe('the goalie command: client commands from the prebuilt bundle', function () {
  this.timeout(120_000);
  const env = { GOALIE_API_URL: '', GOALIE_API_TOKEN: '' };
  // Whatever a test leaves behind, the next `goalie` finds it stale or builds it anew.
  after(() => fs.rmSync(CLIENT_BUNDLE, { force: true }));

  it('builds the bundle when it is missing, runs the command from it, and keeps it for the next start', async () => {
    fs.rmSync(CLIENT_BUNDLE, { force: true });
    const first = await runGoalie(['--version'], env);
    expect(first).to.deep.equal({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(freshClientBundle()).to.equal(CLIENT_BUNDLE);
    const code = fs.readFileSync(CLIENT_BUNDLE, 'utf8');
    expect(code).to.match(new RegExp(`^#!/usr/bin/env node\\n// Goalie CLI ${VERSION.replace(/\./g, '\\.')}: `));
    const inputs = JSON.parse(code.trimEnd().split('\n').at(-1)!.slice(MARK.length));
    expect(Object.keys(inputs)).to.include.members([
      'shared/src/cli/bin.ts',
      'shared/src/cli/main.ts',
      'backend/src/http/cli-bundle.ts',
      'package.json',
    ]);

    const help = await runGoalie(['status', '--help'], env);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^Usage: goalie status <run short ID>/);
  });

  it('a fresh bundle is what runs: client commands come from it, server commands and --help do not', async () => {
    plant(true);
    expect(freshClientBundle()).to.equal(CLIENT_BUNDLE);
    for (const command of [['status', 'r1'], ['run'], ['--version']]) {
      expect(await runGoalie(command, env), command.join(' ')).to.deep.equal({
        code: 0,
        stdout: 'the planted bundle ran\n',
        stderr: '',
      });
    }
    const usage = await runGoalie(['--help'], env);
    expect(usage.code).to.equal(0);
    expect(usage.stdout)
      .to.match(/^Usage: goalie <command>/)
      .and.include('Server commands:');
    const token = await runGoalie(['token', '--help'], env);
    expect(token.stdout).to.not.include('planted');
  });

  it('a stale bundle (a file it was built from changed) is built again before it runs', async () => {
    plant(false);
    expect(freshClientBundle()).to.equal(null);
    const result = await runGoalie(['status'], env);
    // The real client: a usage error, exit 2, not the planted code.
    expect(result.code).to.equal(2);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.match(/^goalie status: give run short ID: goalie status <run short ID>\n/);
    expect(freshClientBundle()).to.equal(CLIENT_BUNDLE);
    expect(fs.readFileSync(CLIENT_BUNDLE, 'utf8')).to.not.include('planted');
  });
});
