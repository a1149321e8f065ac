// The words of `goalie apply`'s summary, from a summary as apply-project returns it (the command
// itself, on a real database, is tested in test/integration/apply-wait.test.ts).
import { expect } from 'chai';
import { whereWritten } from '../../../backend/src/cli/apply.js';
import {
  describeSummary,
  type ApplyStatus,
  type ApplySummary,
} from '../../../shared/src/project-file/apply-summary.js';

const object = (name: string, status: ApplyStatus) => ({
  name,
  id: `id-${name}`,
  shortId: `x-${name}`,
  created: status === 'created',
  status,
});
const testCase = (name: string, status: ApplyStatus, generationStatus = 'COMPLETED') => ({
  ...object(name, status),
  enabled: true,
  generationStatus,
  regenerate: generationStatus === 'GENERATING',
});

function summary(overrides: Partial<ApplySummary> = {}): ApplySummary {
  return {
    organization: object('Acme', 'unchanged'),
    project: { ...object('shop', 'unchanged'), slug: 'shop', defaultTestPlan: null },
    applications: [],
    devicePresets: [],
    configs: [],
    scenarios: [],
    testCases: [],
    testPlans: [],
    toGenerate: [],
    leftAlone: { applications: [], devicePresets: [], configs: [], scenarios: [], testCases: [], testPlans: [] },
    repository: null,
    ...overrides,
  };
}

describe('goalie apply: the summary', () => {
  it('one line per status, changed objects named (at most five, the rest counted)', () => {
    const changed = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((n) => testCase(n, 'changed'));
    const text = describeSummary(
      'shop.yaml',
      summary({
        configs: [object('login', 'created')],
        testCases: [...changed, testCase('H', 'unchanged')],
        scenarios: [object('s', 'changed')],
      }),
    );
    expect(text).to.include(
      '  created: 1 config\n  changed: 1 scenario (s), 7 test cases (A, B, C, D, E and 2 more)\n  unchanged: 1 test case\n',
    );
  });

  it('says which fields of a changed object changed', () => {
    const text = describeSummary(
      'shop.yaml',
      summary({
        testCases: [
          { ...testCase('Checkout', 'changed'), changedFields: ['goal', 'expectedResult'] },
          { ...testCase('Login', 'changed'), changedFields: ['configs'] },
        ],
      }),
      { dryRun: true },
    );
    expect(text).to.include('  would change: 2 test cases (Checkout: goal, expectedResult; Login: configs)\n');
  });

  it('names what the database has that the file does not, and the variables that took their default', () => {
    const text = describeSummary(
      'shop.yaml',
      summary({
        leftAlone: {
          applications: [],
          devicePresets: [],
          configs: [],
          scenarios: [],
          testCases: ['Old', 'Older'],
          testPlans: ['Nightly'],
        },
      }),
      { defaulted: ['SHOP_URL', 'SLACK_BOT_TOKEN'] },
    );
    expect(text).to.include(
      '  left alone, in the database but not in the file: 2 test cases (Old, Older), 1 test plan (Nightly)\n',
    );
    expect(text).to.include(
      '  unset where goalie apply ran, so their ${NAME:-default} defaults were used: SHOP_URL, SLACK_BOT_TOKEN\n',
    );
  });

  it('says when the project settings changed, and where it wrote', () => {
    const text = describeSummary(
      'shop.yaml',
      summary({ project: { ...object('shop', 'changed'), slug: 'shop', defaultTestPlan: null } }),
      { database: 'PostgreSQL at db:5432, database goalie (DATABASE_URL)' },
    );
    expect(text.split('\n')[0]).to.equal(
      'Applied shop.yaml to organization Acme, project shop (slug shop), its settings changed, in PostgreSQL at db:5432, database goalie (DATABASE_URL).',
    );
  });

  it('a new embedded database is named as one that no running server uses', () => {
    expect(
      whereWritten({
        description: 'the embedded PostgreSQL of GOALIE_HOME /x/.goalie (127.0.0.1:5, database goalie)',
        embeddedHome: '/x/.goalie',
        fresh: true,
      }),
    ).to.equal('a new embedded database under /x/.goalie, which no running server uses');
    expect(
      whereWritten({
        description: 'PostgreSQL at db:5432, database goalie (DATABASE_URL)',
        embeddedHome: null,
        fresh: false,
      }),
    ).to.equal('PostgreSQL at db:5432, database goalie (DATABASE_URL)');
  });

  it('names burn-ins that failed before, and says when no worker will burn in the queued ones; not while waiting', () => {
    const s = summary({
      testCases: [
        testCase('Home', 'created', 'GENERATING'),
        testCase('Rockets', 'unchanged', 'FAILED'),
        testCase('Cart', 'unchanged', 'FAILED'),
      ],
    });
    const text = describeSummary('shop.yaml', s, { workers: 0 });
    expect(text).to.include('  1 test case queued for burn-in');
    expect(text).to.include('  No worker is running on this database now');
    expect(text).to.include(
      '  2 burn-ins FAILED before and their goals are unchanged (a changed goal is burned in again):\n    Rockets: goalie test-case show id-Rockets\n    Cart: goalie test-case show id-Cart\n',
    );
    const waiting = describeSummary('shop.yaml', s, { workers: 0, waiting: true });
    expect(waiting).to.not.include('No worker is running').and.not.include('FAILED before');
    expect(describeSummary('shop.yaml', s, { workers: 1 })).to.not.include('No worker is running');
  });
});
