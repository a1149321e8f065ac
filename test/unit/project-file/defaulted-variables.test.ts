// `${NAME:-default}` is read where goalie apply runs; the loader reports which variables were unset (or
// empty) there and took their default, so the summary can name them (names only).
import { expect } from 'chai';
import { loadProjectFile } from '../../../shared/src/project-file/load.js';

const yaml = `
organization: { name: "\${ORG:-Acme}" }
project: { name: "\${PROJECT:-shop}" }
applications:
  - name: web
    environments: [{ name: prod, url: "\${SHOP_URL:-https://shop.example.com}" }, { name: stage, url: "\${SHOP_URL:-https://stage.example.com}" }]
`;

describe('project file: variables that took their default', () => {
  it('names each unset or empty variable once, sorted; a set one is not named', () => {
    const loaded = loadProjectFile('shop.yaml', yaml, { PROJECT: 'from-env', ORG: '' });
    expect(loaded.defaulted).to.deep.equal(['ORG', 'SHOP_URL']);
    expect(loaded.doc.project.name).to.equal('from-env');
    expect(loaded.doc.organization.name).to.equal('Acme');
  });

  it('names none when every variable is set', () => {
    expect(
      loadProjectFile('shop.yaml', yaml, { PROJECT: 'p', ORG: 'o', SHOP_URL: 'https://x.example.com' }).defaulted,
    ).to.deep.equal([]);
  });
});
