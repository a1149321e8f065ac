// A file's unset variables and its structure's problems come in one round, so one apply reports both;
// a value whose variable is unset is reported once, for the variable, not again for its form.
import { expect } from 'chai';
import { loadProjectFile, ProjectFileError } from '../../../shared/src/project-file/load.js';

const yaml = `
organization: { name: Acme }
project: { name: shop }
applications:
  - name: web
    environments: [{ name: prod, url: "\${SHOP_URL}" }]
testCases:
  - name: Home
    application: web
    goal: Go to /
    expectedResults: typo
`;

describe('project file: problems found in one round', () => {
  it('lists an unset variable and an unknown field together, the variable once', () => {
    let error: unknown;
    try {
      loadProjectFile('shop.yaml', yaml, {});
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(ProjectFileError);
    const problems = (error as ProjectFileError).problems;
    expect(problems.map((p) => p.path)).to.deep.equal(['applications[0].environments[0].url', 'testCases[0]']);
    expect(problems[0]!.message).to.include('SHOP_URL is not set');
    expect(problems[1]!.message).to.include('expectedResults');
  });
});
