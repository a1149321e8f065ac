import { expect } from 'chai';
import {
  changedFields,
  joinWords,
  reusableSteps,
  TRY_STALE_MS,
  tryIsLive,
  tryState,
  type FormFacts,
  type TriedSteps,
  type TryFacts,
  type TryState,
} from '../../../backend/src/domain/goal-try.js';
import type { Step } from '../../../backend/src/domain/steps.js';

const started = new Date('2026-11-30T10:00:00Z');
const later = (ms: number) => new Date(started.getTime() + ms);

describe('a try of a goal in words', () => {
  const table: [string, Partial<TryFacts>, Date, TryState][] = [
    ['queued', { status: 'QUEUED' }, later(1000), 'waiting'],
    ['running its goal', { status: 'RUNNING' }, later(1000), 'running'],
    ['checking the expected result', { status: 'RUNNING', goalDone: true, checking: true }, later(1000), 'checking'],
    ['passed', { status: 'PASSED', goalDone: true }, later(1000), 'passed'],
    ['failed before the goal was done', { status: 'FAILED' }, later(1000), 'goal-failed'],
    ['failed at the expected result', { status: 'FAILED', goalDone: true }, later(1000), 'expectation-failed'],
    ['no verdict', { status: 'ERROR' }, later(1000), 'error'],
    ['still queued when no worker took it in time', { status: 'QUEUED' }, later(TRY_STALE_MS), 'lost'],
    ['still running long after', { status: 'RUNNING', checking: true }, later(TRY_STALE_MS + 1), 'lost'],
    ['an ended try stays as it ended', { status: 'PASSED', goalDone: true }, later(TRY_STALE_MS * 10), 'passed'],
  ];
  for (const [what, facts, now, state] of table) {
    it(`${what}: ${state}`, () => {
      const t: TryFacts = { status: 'QUEUED', goalDone: false, checking: false, createdAt: started, ...facts };
      expect(tryState(t, now)).to.equal(state);
    });
  }

  it('the page looks again only while the try waits, runs or checks', () => {
    const live = (
      ['waiting', 'running', 'checking', 'passed', 'goal-failed', 'expectation-failed', 'error', 'lost'] as const
    ).filter(tryIsLive);
    expect(live).to.deep.equal(['waiting', 'running', 'checking']);
  });
});

describe("when Save keeps a try's steps", () => {
  const steps: Step[] = [{ action: 'goto', url: '/', sentence: 'Go to /' }];
  const subject = { goal: "Go to /. Click 'About'", applicationId: 'app-1', environmentId: 'env-1' };
  const tried = (over: Partial<TriedSteps> = {}): TriedSteps => ({
    ...subject,
    status: 'PASSED',
    goalDone: true,
    steps,
    ...over,
  });
  const table: [string, TriedSteps | null, Partial<typeof subject>, string | null][] = [
    ['the same goal, application and environment', tried(), {}, null],
    ['the goal done, the expected result failed (a burn-in does not check it)', tried({ status: 'FAILED' }), {}, null],
    ['the same goal with other spaces around it', tried(), { goal: `  ${subject.goal}\n` }, null],
    ['no try', null, {}, 'the goal was not tried'],
    [
      'a goal that could not be carried out',
      tried({ status: 'FAILED', goalDone: false }),
      {},
      'the try did not carry the goal out',
    ],
    ['a try that recorded no step', tried({ steps: [] }), {}, 'the try did not carry the goal out'],
    ['another goal', tried(), { goal: "Go to /. Click 'Help'" }, 'the goal changed since the try'],
    ['another environment', tried(), { environmentId: 'env-2' }, 'the environment changed since the try'],
    [
      'another application and environment',
      tried(),
      { applicationId: 'app-2', environmentId: 'env-3' },
      'the application and environment changed since the try',
    ],
  ];
  for (const [what, t, change, reason] of table) {
    it(`${what}: ${reason ?? 'kept'}`, () => {
      const answer = reusableSteps(t, { ...subject, ...change });
      expect(answer.reason).to.equal(reason);
      expect(answer.steps).to.deep.equal(reason ? null : steps);
    });
  }

  it('words are joined as a sentence', () => {
    expect([[], ['goal'], ['goal', 'application'], ['a', 'b', 'c']].map(joinWords)).to.deep.equal([
      '',
      'goal',
      'goal and application',
      'a, b and c',
    ]);
  });
});

describe('what a Save of the test case form changes', () => {
  const before: FormFacts = {
    name: 'Buy a mug',
    goal: "Click 'Add to cart'",
    expectedResult: "'1 item' is shown",
    applicationId: 'app-1',
    configIds: ['c1', 'c2'],
    planIds: ['p1', 'p2'],
    resumeFromId: null,
    waitForIds: ['t1', 't2'],
  };
  const table: [string, Partial<FormFacts>, (keyof FormFacts)[]][] = [
    ['nothing', {}, []],
    ['texts with other spaces around them', { name: ' Buy a mug ', goal: "Click 'Add to cart'\n" }, []],
    ['plans and waits in another order (sets)', { planIds: ['p2', 'p1'], waitForIds: ['t2', 't1'] }, []],
    ['an empty Resume From as none', { resumeFromId: '' }, []],
    ['configs in another order (the order names which wins)', { configIds: ['c2', 'c1'] }, ['configIds']],
    ['a config given twice is once', { configIds: ['c1', 'c2', 'c1'] }, []],
    ['the name and the goal', { name: 'Buy two mugs', goal: "Click 'Add to cart' twice" }, ['name', 'goal']],
    ['the expected result emptied', { expectedResult: '' }, ['expectedResult']],
    ['the application', { applicationId: 'app-2' }, ['applicationId']],
    ['a plan less', { planIds: ['p1'] }, ['planIds']],
    ['a Resume From', { resumeFromId: 't3' }, ['resumeFromId']],
    ['a wait replaced', { waitForIds: ['t1', 't3'] }, ['waitForIds']],
  ];
  for (const [what, change, fields] of table) {
    it(`${what}: ${fields.join(', ') || 'nothing'}`, () => {
      expect(changedFields(before, { ...before, ...change })).to.deep.equal(fields);
    });
  }
});
