import { expect } from 'chai';
import { flakiness, type FinishedResult } from '../../../backend/src/domain/flaky.js';

/** "PFP" with commits "aab": P on a, F on a, P on b; '-' is no commit. E: ERROR, S: SKIPPED. */
function results(outcomes: string, commits = ''): FinishedResult[] {
  const names = { P: 'PASSED', F: 'FAILED', E: 'ERROR', S: 'SKIPPED' } as const;
  return [...outcomes].map((o, i) => {
    const c = commits[i];
    return { outcome: names[o as keyof typeof names], commitHash: c && c !== '-' ? `${c}`.repeat(40) : null };
  });
}

describe('flakiness: a test case whose verdict does not follow from the code', () => {
  const table: [string, string, string, string | null][] = [
    ['no results', '', '', null],
    ['always passed', 'PPPPP', '', null],
    ['always failed', 'FFFF', 'abcd', null],
    ['one change is a regression, not flakiness', 'PPPFFF', 'abcdef', null],
    ['one change back is a fix', 'FFPP', 'abcd', null],
    ['passed, failed, passed again', 'PFP', 'abc', 'its result changed 2 times in its last 3 verdicts'],
    ['failed, passed, failed', 'FPF', '---', 'its result changed 2 times in its last 3 verdicts'],
    ['passed and failed on one commit', 'PF', 'aa', 'passed and failed on the same commit aaaaaaa'],
    [
      'failed, then passed on a rerun of the same commit',
      'PPFP',
      'abcc',
      'passed and failed on the same commit ccccccc',
    ],
    ['one commit wins over the count of changes', 'PFPF', 'aabb', 'passed and failed on the same commit aaaaaaa'],
    ['two results without a commit are not the same commit', 'PF', '--', null],
    ['errors are not verdicts', 'PEPEP', 'abcde', null],
    ['skips are not verdicts', 'FSFSF', 'abcde', null],
    [
      'an error between two verdicts does not hide a change',
      'PEF',
      'aba',
      'passed and failed on the same commit aaaaaaa',
    ],
    ['changes older than the last 10 results do not count', 'PFP' + 'P'.repeat(10), '', null],
    [
      'the last 10 results: exactly two changes',
      'PPPPPPPFPP',
      '',
      'its result changed 2 times in its last 10 verdicts',
    ],
    ['the same commit older than the last 10 does not count', 'PF' + 'F'.repeat(10), 'aa' + 'bcdefghijk', null],
  ];
  for (const [title, outcomes, commits, reason] of table) {
    it(`${title}: ${reason ? 'flaky' : 'not flaky'}`, () => {
      expect(flakiness(results(outcomes, commits))).to.deep.equal(reason ? { flaky: true, reason } : { flaky: false });
    });
  }
});
