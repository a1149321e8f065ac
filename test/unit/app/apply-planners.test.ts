// The apply planners on their own: what they find wrong in a file, against what is stored, and what
// they decide (the default environment, which test cases are generated again). The whole apply, on a
// real database, is tested in test/integration/apply.test.ts.
import { expect } from 'chai';
import { projectFileSchema, type ProjectFile } from '../../../shared/src/project-file/schema.js';
import type { ExistingProject } from '../../../backend/src/app/ports/projects-as-code.js';
import { planApplications } from '../../../backend/src/app/apply/plan-applications.js';
import { planTestCases } from '../../../backend/src/app/apply/plan-test-cases.js';
import { planTestPlans } from '../../../backend/src/app/apply/plan-test-plans.js';

const file = (rest: Record<string, unknown>): ProjectFile =>
  projectFileSchema.parse({ organization: { name: 'Acme' }, project: { name: 'shop' }, ...rest });
const nothingStored: ExistingProject = {
  organization: null,
  project: null,
  applications: [],
  devicePresets: [],
  configs: [],
  scenarios: [],
  testCases: [],
  testPlans: [],
  repository: null,
};
const label = 'project shop';
const refs = {
  applicationByName: new Map([['web', 'app-web']]),
  configByName: new Map([['admin', 'cfg-admin']]),
  scenarioByName: new Map<string, string>(),
};
const tc = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  application: 'web',
  goal: `goal of ${name}`,
  ...more,
});

describe('apply planners', () => {
  describe('applications: the default environment', () => {
    const table: [string, { name: string; url: string; default?: boolean }[], string[], string[]][] = [
      [
        'none marked: the first',
        [
          { name: 'a', url: 'https://a.test' },
          { name: 'b', url: 'https://b.test' },
        ],
        ['a'],
        [],
      ],
      [
        'one marked',
        [
          { name: 'a', url: 'https://a.test' },
          { name: 'b', url: 'https://b.test', default: true },
        ],
        ['b'],
        [],
      ],
      [
        'two marked: a problem',
        [
          { name: 'a', url: 'https://a.test', default: true },
          { name: 'b', url: 'https://b.test', default: true },
        ],
        ['a'],
        ['applications.0.environments: marks 2 environments default: true; mark exactly one'],
      ],
    ];
    for (const [name, environments, defaults, problems] of table) {
      it(name, () => {
        const plan = planApplications(file({ applications: [{ name: 'web', environments }] }), nothingStored);
        expect(plan.environments.filter((e) => e.isDefault).map((e) => e.name)).to.deep.equal(defaults);
        expect(plan.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).to.deep.equal(problems);
      });
    }
  });

  describe('test cases: references', () => {
    const table: [string, unknown[], string[]][] = [
      [
        'all found',
        [
          tc('login', { configs: ['admin'] }),
          tc('checkout', { resumeFrom: 'login', waitFor: ['search'] }),
          tc('search'),
        ],
        [],
      ],
      [
        'unknown application',
        [tc('login', { application: 'api' })],
        ['testCases.0.application: names no application "api" in this file or in project shop'],
      ],
      [
        'unknown config',
        [tc('login', { configs: ['admin', 'guest'] })],
        ['testCases.0.configs.1: names no config "guest" in this file or in project shop'],
      ],
      [
        'unknown scenario',
        [tc('login', { scenario: 'sale' })],
        ['testCases.0.scenario: names no scenario "sale" in this file or in project shop'],
      ],
      [
        'unknown resumeFrom',
        [tc('login', { resumeFrom: 'signup' })],
        ['testCases.0.resumeFrom: names no test case "signup" in this file or in project shop'],
      ],
      [
        'waitFor twice',
        [tc('a'), tc('b', { waitFor: ['a', 'a'] })],
        ['testCases.1.waitFor: lists a test case more than once'],
      ],
      [
        'a cycle, at the first test case in it',
        [tc('a'), tc('b', { waitFor: ['c'] }), tc('c', { resumeFrom: 'b' })],
        [
          'testCases.1: dependencies form a cycle: b → c → b; a test case cannot depend on itself, directly or through others',
        ],
      ],
    ];
    for (const [name, testCases, problems] of table) {
      it(name, () => {
        const plan = planTestCases(file({ testCases }), nothingStored, refs, label);
        expect(plan.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).to.deep.equal(problems);
      });
    }
  });

  describe('test cases: generated again', () => {
    const stored: ExistingProject = {
      ...nothingStored,
      testCases: [
        {
          id: 'tc-login',
          name: 'login',
          applicationId: 'app-web',
          goal: 'goal of login',
          generationStatus: 'COMPLETED',
          resumeFromId: null,
          waitForIds: [],
        },
      ],
    };
    const table: [string, Record<string, unknown>, boolean][] = [
      ['same goal and application', {}, false],
      ['another goal', { goal: 'log in as admin' }, true],
      ['another application', { application: 'admin' }, true],
    ];
    for (const [name, change, regenerate] of table) {
      it(name, () => {
        const appRefs = { ...refs, applicationByName: new Map([...refs.applicationByName, ['admin', 'app-admin']]) };
        const [planned] = planTestCases(file({ testCases: [tc('login', change)] }), stored, appRefs, label).testCases;
        expect([planned!.id, planned!.created, planned!.regenerate, planned!.generationStatus]).to.deep.equal([
          'tc-login',
          false,
          regenerate,
          regenerate ? 'GENERATING' : 'COMPLETED',
        ]);
      });
    }
    it('a new one', () => {
      const [planned] = planTestCases(file({ testCases: [tc('signup')] }), stored, refs, label).testCases;
      expect([planned!.created, planned!.regenerate]).to.deep.equal([true, true]);
    });
  });

  describe('test plans', () => {
    const planRefs = {
      applicationByName: new Map([['web', 'app-web']]),
      environmentIndex: new Map([['app-web', new Map([['staging', 'env-staging']])]]),
      presetByName: new Map([['phone', 'preset-phone']]),
      testCaseByName: new Map([['login', 'tc-login']]),
    };
    const table: [string, unknown[], string[]][] = [
      [
        'all found',
        [
          {
            name: 'smoke',
            testCases: ['login'],
            applications: { web: { environment: 'staging', devicePreset: 'phone' } },
          },
        ],
        [],
      ],
      [
        'two defaults',
        [
          { name: 'a', default: true },
          { name: 'b', default: true },
        ],
        ['testPlans: marks 2 plans default: true (a, b); mark at most one'],
      ],
      [
        'a test case twice',
        [{ name: 'a', testCases: ['login', 'login'] }],
        ['testPlans.0.testCases: lists a test case more than once'],
      ],
      [
        'unknown test case',
        [{ name: 'a', testCases: ['logout'] }],
        ['testPlans.0.testCases.0: names no test case "logout" in this file or in project shop'],
      ],
      [
        'unknown application',
        [{ name: 'a', applications: { api: { environment: 'staging' } } }],
        ['testPlans.0.applications.api: names no application "api" in this file or in project shop'],
      ],
      [
        'unknown environment and preset',
        [{ name: 'a', applications: { web: { environment: 'prod', devicePreset: 'tablet' } } }],
        [
          'testPlans.0.applications.web.environment: names no environment "prod" of application web',
          'testPlans.0.applications.web.devicePreset: names no device preset "tablet" in this file or in project shop',
        ],
      ],
    ];
    for (const [name, testPlans, problems] of table) {
      it(name, () => {
        const plan = planTestPlans(file({ testPlans }), nothingStored, planRefs, label);
        expect(plan.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).to.deep.equal(problems);
      });
    }

    const defaults: [string, { name: string; default?: boolean }[], string | null, string | undefined][] = [
      ['a new project without a marked plan: the first', [{ name: 'a' }, { name: 'b' }], null, 'a'],
      ['a stored default and no marked plan: kept', [{ name: 'a' }, { name: 'b' }], 'stored-plan', undefined],
      ['a marked plan wins over the stored default', [{ name: 'a' }, { name: 'b', default: true }], 'stored-plan', 'b'],
    ];
    for (const [name, testPlans, storedDefault, expected] of defaults) {
      it(`the default: ${name}`, () => {
        const existing = {
          ...nothingStored,
          project: storedDefault ? { id: 'p', slug: 'shop', defaultTestPlanId: storedDefault } : null,
        };
        const plan = planTestPlans(file({ testPlans }), existing, planRefs, label);
        const byId = new Map(plan.testPlans.map((p) => [p.id, p.name]));
        expect(plan.defaultTestPlanId === undefined ? undefined : byId.get(plan.defaultTestPlanId)).to.equal(expected);
      });
    }
  });
});
