// The committed bundles (actions/*/dist) are what GitHub runs: `npm test` fails when they are out of
// date with the sources, and the check lists exactly the files that differ.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

interface Difference {
  file: string;
  problem: string;
}
interface BuildActionsModule {
  listActions(root?: string): string[];
  checkActions(options?: { root?: string; distRoot?: string }): Promise<Difference[]>;
}

// A plain-JavaScript script without type declarations: load it through a computed URL.
const scriptUrl = new URL('../../../scripts/build-actions.js', import.meta.url).href;
const { listActions, checkActions } = (await import(scriptUrl)) as BuildActionsModule;

function runNode(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('action bundles (actions/*/dist)', function () {
  this.timeout(120_000);

  it('finds both actions', () => {
    expect(listActions()).to.include.members(['review-request', 'run']);
  });

  it('are up to date with their sources (`npm run check:actions`)', async () => {
    const { code, output } = await runNode(['scripts/build-actions.js', '--check']);
    expect(code, `actions/*/dist is stale; run \`npm run build:actions\` and commit it:\n${output}`).to.equal(0);
    expect(output).to.include('actions/review-request/dist, actions/run/dist match a fresh build');
  });

  describe('the check, on a copy with stale files', () => {
    let copy: string;
    before(() => {
      copy = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-stale-dist-'));
      for (const name of listActions())
        fs.cpSync(path.join('actions', name, 'dist'), path.join(copy, 'actions', name, 'dist'), { recursive: true });
      fs.appendFileSync(path.join(copy, 'actions/run/dist/index.js'), '\n// edited by hand\n');
      fs.rmSync(path.join(copy, 'actions/review-request/dist/package.json'));
      fs.writeFileSync(path.join(copy, 'actions/run/dist/old-chunk.js'), '');
    });
    after(() => fs.rmSync(copy, { recursive: true, force: true }));

    it('lists every file that differs, is missing or is left over', async () => {
      expect(await checkActions({ distRoot: copy })).to.deep.equal([
        { file: 'actions/review-request/dist/package.json', problem: 'missing' },
        { file: 'actions/run/dist/index.js', problem: 'differs from a fresh build' },
        { file: 'actions/run/dist/old-chunk.js', problem: 'is not produced by the build' },
      ]);
    });
  });

  it('run with `node dist/index.js` as GitHub does, and fail clearly without inputs', async () => {
    for (const name of listActions()) {
      const { code, output } = await runNode([path.join('actions', name, 'dist', 'index.js')], {
        PATH: process.env.PATH,
      });
      expect(code, output).to.equal(1);
      expect(output).to.match(/^::error::(\d )?[Ii]nvalid input/m);
    }
  });
});
