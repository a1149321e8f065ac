// project.evidenceRetentionDays in the project YAML: a whole number of days from 1 to 3650, left out by default.
import { expect } from 'chai';
import { loadProjectFile, ProjectFileError } from '../../../shared/src/project-file/load.js';

const load = (line: string) =>
  loadProjectFile('shop.yaml', `organization: { name: Acme }\nproject:\n  name: shop\n${line}\n`, {});

describe('project file: evidenceRetentionDays', () => {
  it('reads a number of days, and leaves it out when not given', () => {
    expect(load('  evidenceRetentionDays: 90').doc.project.evidenceRetentionDays).to.equal(90);
    expect(load('').doc.project.evidenceRetentionDays).to.equal(undefined);
  });

  for (const bad of ['0', '-1', '1.5', '"30"', '4000']) {
    it(`refuses evidenceRetentionDays: ${bad}`, () => {
      let error: unknown = null;
      try {
        load(`  evidenceRetentionDays: ${bad}`);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(ProjectFileError);
      expect((error as Error).message).to.include('project.evidenceRetentionDays');
    });
  }
});
