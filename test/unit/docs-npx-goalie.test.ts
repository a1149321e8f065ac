// There is no Goalie package on the npm registry: `npx goalie` (or `npm install goalie`) outside a
// clone asks the registry for a package named goalie, which is someone else's or nobody's. Inside
// a clone `npx goalie` runs the clone's own bin. So the documentation says `npx goalie` only in a
// paragraph that says it is about a clone, and what users read outside one (the dashboard, the
// GitHub Actions' and GitLab templates' files) never says it. docs/cli.md#install has the ways that work.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const filesUnder = (dir: string, ending: RegExp): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));

const REGISTRY_INSTALL = /\bnpm (?:i|install)(?: -g| --global)? goalie(?:@|\s|`|$)/m;

describe('the docs and `npx goalie`', () => {
  const markdown = ['README.md', ...filesUnder('docs', /\.md$/)];

  it('say `npx goalie` only in paragraphs about a clone', () => {
    const outside = markdown.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.includes('npx goalie') && !/\bclone\b/.test(paragraph))
        .map((paragraph) => `${file}: ${paragraph.trim().slice(0, 160)}`),
    );
    expect(outside).to.deep.equal([]);
  });

  it('never install a `goalie` package from the registry', () => {
    const installs = markdown.filter((file) => REGISTRY_INSTALL.test(fs.readFileSync(file, 'utf8')));
    expect(installs).to.deep.equal([]);
  });

  it('the dashboard, the actions and the GitLab templates never say it', () => {
    const files = [
      'action.yml',
      ...filesUnder('actions', /^action\.yml$/),
      ...filesUnder('gitlab-ci-templates', /\.ya?ml$/),
      ...filesUnder('backend/src/http/dashboard', /\.(tsx?|js)$/),
    ];
    expect(files.length).to.be.greaterThan(5);
    const saying = files.filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return text.includes('npx goalie') || REGISTRY_INSTALL.test(text);
    });
    expect(saying).to.deep.equal([]);
  });
});
