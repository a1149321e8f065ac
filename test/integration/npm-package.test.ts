// Goalie has no package on the npm registry: outside a clone, `goalie` comes from the tarball of
// `npm pack` (a release asset, or what `npm install git+https://...` packs) or from a server's
// /cli/goalie.js (docs/cli.md#install). This file proves the tarball holds what bin/goalie.js runs
// from: unpacked outside the checkout, with the checkout's npm packages beside it, `goalie --version`
// builds its client bundle and `goalie --help` its server bundle inside the unpacked package.
// test/e2e/npm-install.test.ts (stress tier) installs the tarball with npm for real, dependencies and
// all, which takes too long for the fast tier.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { packRepository, REPOSITORY, run, temporaryDir, VERSION, type Packed } from '../helpers/npm-package.js';

describe('the npm package (npm pack)', function () {
  this.timeout(180_000);
  let work: string;
  let packed: Packed;
  before(async () => {
    work = temporaryDir('goalie-pack-');
    packed = await packRepository(work);
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('holds the command and every source it builds its bundles from, and no tests, docs or local state', () => {
    expect(path.basename(packed.tarball)).to.equal(`goalie-${VERSION}.tgz`);
    expect(packed.files).to.include.members([
      'package.json',
      'tsconfig.json',
      'bin/goalie.js',
      'bin/client-bundle.js',
      'bin/server-bundle.js',
      'bin/bundle-cache.js',
      'backend/src/cli/main.ts',
      'backend/src/http/cli-bundle.ts',
      'backend/src/demo/demo-project.yaml',
      'shared/src/cli/bin.ts',
      'gitlab-ci-templates/goalie.gitlab-ci.yml',
    ]);
    expect(packed.files.some((file) => file.startsWith('backend/src/http/dashboard/assets/'))).to.equal(true);
    const strays = packed.files.filter((file) =>
      /^(test|docs|scripts|actions|node_modules|\.cache|\.goalie|\.ci)\//.test(file),
    );
    expect(strays).to.deep.equal([]);
  });

  it('unpacked outside the checkout, runs `goalie --version` and `goalie --help` from bundles it builds itself', async () => {
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    const untar = await run('tar', ['-xzf', packed.tarball, '-C', unpacked], work);
    expect(untar.code, untar.stderr).to.equal(0);
    const root = path.join(unpacked, 'package');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(manifest.bin).to.deep.equal({ goalie: 'bin/goalie.js' });
    // The dependencies an install would put there: the checkout's own.
    fs.symlinkSync(path.join(REPOSITORY, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const elsewhere = path.join(work, 'elsewhere');
    fs.mkdirSync(elsewhere);
    const goalie = path.join(root, manifest.bin.goalie!);

    const version = await run(process.execPath, [goalie, '--version'], elsewhere);
    expect(version).to.deep.equal({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(fs.existsSync(path.join(root, '.cache/cli/goalie.js'))).to.equal(true);

    const help = await run(process.execPath, [goalie, '--help'], elsewhere);
    expect(help.code, help.stderr).to.equal(0);
    expect(help.stdout).to.match(/^Usage: goalie <command>/);
    expect(help.stderr).to.not.contain('could not prebuild');
    expect(fs.existsSync(path.join(root, '.cache/server/current.json'))).to.equal(true);
  });
});
