// The stress tier's half of test/integration/npm-package.test.ts: the tarball of `npm pack` installed
// with npm into an empty project, as docs/cli.md#install tells a user to, and its `goalie` run
// from node_modules/.bin. This proves what the fast tier cannot: that the dependencies in
// package.json are all the command needs (none of them a devDependency). The install reads the
// npm cache first (--prefer-offline) and takes 10 to 20 seconds on two cores, hence the stress tier.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { packRepository, run, temporaryDir, VERSION } from '../helpers/npm-package.js';

describe('the npm package, installed from its tarball', function () {
  this.timeout(600_000);
  let work: string;
  after(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('installs into an empty project whose `goalie` runs --version and --help', async () => {
    work = temporaryDir('goalie-install-');
    const { tarball } = await packRepository(work);
    const project = path.join(work, 'project');
    fs.mkdirSync(project);
    // A package.json of its own: npm installs here, never into a node_modules above the directory.
    fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "uses-goalie", "private": true }\n');
    const install = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', project, tarball],
      project,
      540_000,
    );
    expect(install.code, `${install.stdout}\n${install.stderr}`).to.equal(0);
    const goalie = path.join(project, 'node_modules/.bin/goalie');

    const version = await run(goalie, ['--version'], project);
    expect(version).to.deep.equal({ code: 0, stdout: `${VERSION}\n`, stderr: '' });

    const help = await run(goalie, ['--help'], project);
    expect(help.code, help.stderr).to.equal(0);
    expect(help.stdout).to.match(/^Usage: goalie <command>/);
    expect(help.stderr).to.not.contain('could not prebuild');
  });
});
