// project.network and repository.reviews.previewOrigins in the project YAML: read, defaulted, and
// refused with a message that says what a valid value looks like.
import { expect } from 'chai';
import { loadProjectFile } from '../../../shared/src/project-file/load.js';
import { fileProblems } from '../../helpers/project-file-problems.js';

const yaml = (project: string, reviews = '') => `
organization: { name: Acme }
project:
  name: shop
${project}
repository:
  host: github
  repository: acme/shop
  token: ghp_x
  reviews:
    environments: { preview: web }
${reviews}
`;

const problems = fileProblems;

describe('project file: where the browser may go', () => {
  it('reads project.network and reviews.previewOrigins', () => {
    const { doc } = loadProjectFile(
      'shop.yaml',
      yaml(
        '  network: { allowLoopback: true, allowPrivate: false }',
        '    previewOrigins: ["*.vercel.app", "pr-*.preview.example.com", "https://staging.example.com:8443", "[::1]"]',
      ),
      {},
    );
    expect(doc.project.network).to.deep.equal({ allowLoopback: true, allowPrivate: false });
    expect(doc.repository!.reviews.previewOrigins).to.deep.equal([
      '*.vercel.app',
      'pr-*.preview.example.com',
      'https://staging.example.com:8443',
      '[::1]',
    ]);
  });

  it('leaves both out when not given (the defaults apply)', () => {
    const { doc } = loadProjectFile('shop.yaml', yaml(''), {});
    expect(doc.project.network).to.equal(undefined);
    expect(doc.repository!.reviews.previewOrigins).to.equal(undefined);
  });

  it('refuses an unknown network field and a preview origin that is not a host pattern', () => {
    expect(problems(yaml('  network: { allowPublic: true }'))).to.match(/project\.network.*allowPublic/);
    expect(problems(yaml('', '    previewOrigins: ["https://preview.example.com/path?x"]'))).to.include(
      'must be a host pattern such as *.vercel.app, pr-*.preview.example.com or https://staging.example.com',
    );
  });
});
