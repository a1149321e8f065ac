// `goalie` (bin/goalie.js) runs every command from a prebuilt bundle: client commands from the client
// bundle (cli/goalie.js), the rest from the server bundle (server/<build>/main.js), each used while
// every file it was built from is unchanged and built again when one changed. Real processes, with a
// bundle cache of this file's own (GOALIE_BUNDLE_CACHE), so files running beside it are not disturbed.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { clientBundleFile, freshClientBundle } from '../../bin/client-bundle.js';
import { freshServerBundle, serverBundleDir } from '../../bin/server-bundle.js';
import { runGoalie } from '../helpers/processes.js';

const VERSION = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
const MARK = '//# goalie-inputs ';
const stamp = (file: string) => {
  const stat = fs.statSync(file);
  return `${stat.size}:${stat.mtimeMs}`;
};
/** Recorded as built from package.json as it is (fresh) or was (stale). */
const inputs = (fresh: boolean) => ({ 'package.json': fresh ? stamp('package.json') : '1:1' });

/** A client bundle whose code only says it ran. */
const plantClient = (fresh: boolean) => {
  fs.mkdirSync(path.dirname(clientBundleFile()), { recursive: true });
  fs.writeFileSync(
    clientBundleFile(),
    `process.stdout.write('the planted bundle ran\\n');\n${MARK}${JSON.stringify(inputs(fresh))}\n`,
  );
};

/** A server build whose main() only says it ran, made current. */
const plantServer = (fresh: boolean) => {
  const dir = path.join(serverBundleDir(), 'planted');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    "export async function main(argv) { process.stdout.write(`the planted server ran ${argv.join(' ')}\\n`); return 0; }\n",
  );
  fs.writeFileSync(
    path.join(serverBundleDir(), 'current.json'),
    JSON.stringify({ build: 'planted', inputs: inputs(fresh) }),
  );
};

describe('the goalie command: every command from a prebuilt bundle', function () {
  this.timeout(120_000);
  const env = { GOALIE_API_URL: '', GOALIE_API_TOKEN: '' };
  let cache: string;
  before(() => {
    // Inside the checkout: the server bundle finds its npm packages in node_modules from where it is.
    fs.mkdirSync('.cache', { recursive: true });
    cache = fs.mkdtempSync(path.join(path.resolve('.cache'), 'test-bundles-'));
    process.env.GOALIE_BUNDLE_CACHE = cache;
  });
  after(() => {
    delete process.env.GOALIE_BUNDLE_CACHE;
    fs.rmSync(cache, { recursive: true, force: true });
  });

  describe('client commands', () => {
    it('builds the bundle when it is missing, runs the command from it, and keeps it for the next start', async () => {
      fs.rmSync(clientBundleFile(), { force: true });
      const first = await runGoalie(['--version'], env);
      expect(first).to.deep.equal({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
      expect(freshClientBundle()).to.equal(clientBundleFile());
      const code = fs.readFileSync(clientBundleFile(), 'utf8');
      expect(code).to.match(new RegExp(`^#!/usr/bin/env node\\n// Goalie CLI ${VERSION.replace(/\./g, '\\.')}: `));
      const recorded = JSON.parse(code.trimEnd().split('\n').at(-1)!.slice(MARK.length));
      expect(Object.keys(recorded)).to.include.members([
        'shared/src/cli/bin.ts',
        'shared/src/cli/main.ts',
        'backend/src/http/cli-bundle.ts',
        'package.json',
      ]);

      const help = await runGoalie(['status', '--help'], env);
      expect(help.code).to.equal(0);
      expect(help.stdout).to.match(/^Usage: goalie status <run short ID>/);
    });

    it('a fresh bundle is what runs client commands, and only them', async () => {
      plantClient(true);
      expect(freshClientBundle()).to.equal(clientBundleFile());
      for (const command of [['status', 'r1'], ['run'], ['--version']]) {
        expect(await runGoalie(command, env), command.join(' ')).to.deep.equal({
          code: 0,
          stdout: 'the planted bundle ran\n',
          stderr: '',
        });
      }
      const usage = await runGoalie(['--help'], env);
      expect(usage.code).to.equal(0);
      expect(usage.stdout).to.not.include('planted');
    });

    it('a stale bundle (a file it was built from changed) is built again before it runs', async () => {
      plantClient(false);
      expect(freshClientBundle()).to.equal(null);
      const result = await runGoalie(['status'], env);
      // The real client: a usage error, exit 2, not the planted code.
      expect(result.code).to.equal(2);
      expect(result.stdout).to.equal('');
      expect(result.stderr).to.match(/^goalie status: give run short ID: goalie status <run short ID>\n/);
      expect(freshClientBundle()).to.equal(clientBundleFile());
      expect(fs.readFileSync(clientBundleFile(), 'utf8')).to.not.include('planted');
    });
  });

  describe('server commands', () => {
    it('builds the server when it is missing, runs the command from it, and keeps it for the next start', async () => {
      fs.rmSync(serverBundleDir(), { recursive: true, force: true });
      const usage = await runGoalie(['--help'], env);
      expect(usage.code).to.equal(0);
      expect(usage.stdout)
        .to.match(/^Usage: goalie <command>/)
        .and.include('Server commands:');
      const entry = freshServerBundle();
      expect(entry).to.be.a('string');
      expect(entry!.startsWith(serverBundleDir())).to.equal(true);
      const current = JSON.parse(fs.readFileSync(path.join(serverBundleDir(), 'current.json'), 'utf8')) as {
        inputs: Record<string, string>;
      };
      expect(Object.keys(current.inputs)).to.include.members([
        'backend/src/cli/main.ts',
        'backend/src/main.ts',
        'shared/src/cli/main.ts',
        'package.json',
      ]);

      const token = await runGoalie(['token', 'create', '--help'], env);
      expect(token.code).to.equal(0);
      expect(token.stdout).to.include('token create --project <name>');
      // Started from the same build: nothing was built again.
      expect(freshServerBundle()).to.equal(entry);
    });

    it('a fresh build is what runs server commands, --help and mcp, and not client commands', async () => {
      plantServer(true);
      plantClient(true);
      for (const command of [['--help'], ['token', 'list'], ['serve'], ['mcp', '--help']]) {
        expect(await runGoalie(command, env), command.join(' ')).to.deep.equal({
          code: 0,
          stdout: `the planted server ran ${command.join(' ')}\n`,
          stderr: '',
        });
      }
      expect((await runGoalie(['status', 'r1'], env)).stdout).to.equal('the planted bundle ran\n');
    });

    it('a stale build is built again before it runs', async () => {
      plantServer(false);
      expect(freshServerBundle()).to.equal(null);
      const result = await runGoalie(['token', '--help'], env);
      expect(result.code).to.equal(0);
      expect(result.stdout).to.include('token create --project <name>').and.not.include('planted');
      const entry = freshServerBundle();
      expect(entry).to.be.a('string');
      expect(entry).to.not.include(`${path.sep}planted${path.sep}`);
    });
  });
});
