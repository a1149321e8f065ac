import { expect } from 'chai';
import YAML from 'yaml';
import { projectFileSchema } from '../../../shared/src/project-file/schema.js';
import { testCaseYaml, type TestCaseYamlFields } from '../../../backend/src/http/dashboard/test-cases/yaml-snippet.js';

describe("a declared test case's entry for its project file", () => {
  const base: TestCaseYamlFields = {
    name: 'Sign in',
    application: 'web',
    goal: 'Go to /login',
    expectedResult: null,
    configs: [],
    resumeFrom: null,
    waitFor: [],
    enabled: true,
    plans: [],
  };
  const table: [string, Partial<TestCaseYamlFields>, Record<string, unknown>][] = [
    ['the fields it needs, defaults left out', {}, { name: 'Sign in', application: 'web', goal: 'Go to /login' }],
    [
      'every field, in the order of the file',
      {
        expectedResult: "'Welcome' is shown",
        configs: ['admin login', 'shop: EU'],
        resumeFrom: 'Open the shop',
        waitFor: ['Seed data'],
        enabled: false,
      },
      {
        name: 'Sign in',
        application: 'web',
        goal: 'Go to /login',
        expectedResult: "'Welcome' is shown",
        configs: ['admin login', 'shop: EU'],
        resumeFrom: 'Open the shop',
        waitFor: ['Seed data'],
        enabled: false,
      },
    ],
    [
      'a goal of several lines, with quotes and a colon',
      { goal: "Go to /login.\nFill 'Email' with '{{config.email}}': then\nClick \"Sign in\"" },
      {
        name: 'Sign in',
        application: 'web',
        goal: "Go to /login.\nFill 'Email' with '{{config.email}}': then\nClick \"Sign in\"",
      },
    ],
  ];
  for (const [what, fields, entry] of table) {
    it(`${what}: read back as written, and valid in a project file`, () => {
      const text = testCaseYaml({ ...base, ...fields });
      const parsed = YAML.parse(text) as { testCases: unknown[] };
      expect(parsed).to.deep.equal({ testCases: [entry] });
      const file = projectFileSchema.safeParse({
        organization: { name: 'Acme' },
        project: { name: 'shop' },
        ...parsed,
      });
      expect(file.success, JSON.stringify(file.error?.issues)).to.equal(true);
    });
  }

  it('says where it goes, and which plans list it', () => {
    const text = testCaseYaml({ ...base, plans: ['Smoke', 'Nightly'] });
    expect(text).to.match(/^# Replace the entry named "Sign in" under testCases with this one\./);
    expect(text).to.include('# Listed in the testCases of the test plans "Smoke", "Nightly".');
  });
});
