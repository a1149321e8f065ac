import { expect } from 'chai';
import {
  isFailedOutcome,
  isTerminalRunStatus,
  runResult,
  type Outcome,
} from '../../../backend/src/domain/run-state.js';
import { usagePeriod } from '../../../backend/src/domain/usage.js';

const passed: Outcome = { status: 'COMPLETED', result: 'PASSED' };
const failed: Outcome = { status: 'COMPLETED', result: 'FAILED' };
const skipped: Outcome = { status: 'SKIPPED', result: 'SKIPPED' };
const errored: Outcome = { status: 'ERROR', result: null };
const cancelled: Outcome = { status: 'CANCELLED', result: null };

describe('run result', () => {
  const table: [string, Outcome[], string][] = [
    ['all passed', [passed, passed], 'PASSED'],
    ['one failed', [passed, failed], 'FAILED'],
    ['one errored', [passed, errored], 'FAILED'],
    ['nothing ran', [], 'SKIPPED'],
    ['everything skipped', [skipped, skipped], 'SKIPPED'],
    ['passed with a skipped dependent', [passed, skipped], 'FAILED'],
  ];
  for (const [name, outcomes, expected] of table) it(name, () => expect(runResult(outcomes)).to.equal(expected));
});

describe('failed test cases (what failedOnly reruns)', () => {
  const table: [Outcome, boolean][] = [
    [passed, false],
    [failed, true],
    [skipped, true],
    [errored, true],
    [cancelled, false],
    [{ status: 'PENDING', result: null }, false],
  ];
  for (const [outcome, expected] of table)
    it(`${outcome.status}/${outcome.result} → ${expected}`, () => expect(isFailedOutcome(outcome)).to.equal(expected));
});

describe('terminal run statuses', () => {
  for (const [status, terminal] of [
    ['INITIATED', false],
    ['RUNNING', false],
    ['COMPLETED', true],
    ['ERROR', true],
    ['CANCELLED', true],
  ] as const) {
    it(`${status} → ${terminal}`, () => expect(isTerminalRunStatus(status)).to.equal(terminal));
  }
});

describe('usage period', () => {
  it('is the UTC calendar month', () => {
    expect(usagePeriod(new Date('2026-11-30T23:59:59Z'))).to.equal('2026-11');
    expect(usagePeriod(new Date('2026-12-01T00:00:00Z'))).to.equal('2026-12');
  });
});
