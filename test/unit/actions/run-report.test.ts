// How the run action ends a step for each way a run can end, and what its job summary and
// annotations say. Pure functions over the API's run view.
import { expect } from 'chai';
import type { RunStatusView, RunTestCase } from '../../../shared/src/api/types.js';
import { failureAnnotations } from '../../../actions/run/src/annotations.js';
import {
  conclude,
  finishedSummary,
  formatMinutes,
  startedSummary,
  type StartedRun,
} from '../../../actions/run/src/summary.js';

const started: StartedRun = {
  id: 'f6d1c3a2-0000-4000-8000-000000000001',
  shortId: 'r1',
  url: 'https://goalie.example.com/runs/r1',
  testCount: 3,
  testPlan: { name: 'Smoke', shortId: 'pln-smoke_1' },
};

function tc(
  name: string,
  status: RunTestCase['status'],
  result: RunTestCase['result'],
  resultTitle: string | null = null,
): RunTestCase {
  return {
    id: name,
    shortId: `t-${name.toLowerCase().replace(/\W+/g, '-')}`,
    name,
    status,
    result,
    resultTitle,
    evaluationThought: null,
    promptGoal: null,
    promptExamples: null,
    projectTestCaseId: null,
    startedAt: null,
    finishedAt: null,
  };
}

function view(
  status: RunStatusView['status'],
  result: RunStatusView['result'],
  runTestCases: RunTestCase[],
): RunStatusView {
  return { id: started.id, shortId: 'r1', status, result, runTestCases };
}

const wait = (run: RunStatusView, timedOut = false) => ({ run, timedOut, timeoutMinutes: 10 });

describe('run action: verdict, summary and annotations', () => {
  it('passes a PASSED run, fails FAILED, ERROR, CANCELLED and time-outs, warns on SKIPPED, each saying which', () => {
    const cases: [RunStatusView, boolean, string, RegExp][] = [
      [
        view('COMPLETED', 'PASSED', [tc('A', 'COMPLETED', 'PASSED')]),
        false,
        'pass',
        /^Goalie run r1 passed: 1 passed, 0 failed\. https:\/\/goalie\.example\.com\/runs\/r1$/,
      ],
      [
        view('COMPLETED', 'FAILED', [tc('A', 'COMPLETED', 'PASSED'), tc('B', 'COMPLETED', 'FAILED')]),
        false,
        'fail',
        /^Goalie run r1 FAILED: 1 passed, 1 failed\./,
      ],
      [
        view('ERROR', null, [tc('A', 'ERROR', null)]),
        false,
        'fail',
        /^Goalie run r1 ended with status ERROR \(0 passed, 0 failed, 1 errored\)/,
      ],
      [
        view('CANCELLED', null, [tc('A', 'CANCELLED', null)]),
        false,
        'fail',
        /^Goalie run r1 was cancelled \(0 passed, 0 failed, 1 cancelled\)/,
      ],
      [
        view('COMPLETED', 'SKIPPED', [tc('A', 'SKIPPED', 'SKIPPED')]),
        false,
        'warn',
        /^Goalie run r1 was SKIPPED: no test case got a verdict \(0 passed, 0 failed, 1 skipped\)/,
      ],
      [
        view('RUNNING', null, [tc('A', 'RUNNING', null)]),
        true,
        'fail',
        /^Goalie run r1 did not finish within timeout_minutes \(10 minutes\): it is still RUNNING \(0 passed, 0 failed, 1 not finished\)\. It goes on in Goalie/,
      ],
    ];
    for (const [run, timedOut, verdict, message] of cases) {
      const conclusion = conclude(started, wait(run, timedOut));
      expect(conclusion.verdict, `${run.status} ${run.result}`).to.equal(verdict);
      expect(conclusion.message).to.match(message);
    }
  });

  it('annotates each FAILED or errored test case with its name and result title', () => {
    const run = view('COMPLETED', 'FAILED', [
      tc('Sign in', 'COMPLETED', 'PASSED', 'Signed in'),
      tc('Checkout', 'COMPLETED', 'FAILED', "'Thank you' was not shown"),
      tc('Pay', 'SKIPPED', 'SKIPPED', 'A dependency failed'),
      tc('Refund', 'ERROR', null, null),
    ]);
    expect(failureAnnotations(run)).to.deep.equal([
      { title: 'Checkout', message: "'Thank you' was not shown" },
      { title: 'Refund', message: 'Ended with an error before a verdict' },
    ]);
  });

  it('summarises a finished run: heading, plan, counts, linked results table, link, and why it failed', () => {
    const run = view('COMPLETED', 'FAILED', [
      tc('Sign in', 'COMPLETED', 'PASSED'),
      tc('Check | out', 'COMPLETED', 'FAILED', 'Total was 0'),
    ]);
    const summary = finishedSummary(started, wait(run));
    expect(summary.split('\n')).to.include.members([
      '## ❌ Goalie run `r1`: FAILED',
      'Test plan: Smoke (`pln-smoke_1`)  ',
      '| COMPLETED | FAILED | 1 passed, 1 failed (2 in all) |',
      '| ✅ PASSED | [Sign in](https://goalie.example.com/runs/r1#t-sign-in) |  |',
      '| ❌ FAILED | [Check \\| out](https://goalie.example.com/runs/r1#t-check-out) | Total was 0 |',
      '[Open run r1 in Goalie](https://goalie.example.com/runs/r1)',
      '> Goalie run r1 FAILED: 1 passed, 1 failed. https://goalie.example.com/runs/r1',
    ]);
  });

  it('summarises a time-out and a run that was only started', () => {
    const timedOut = finishedSummary(started, { run: view('RUNNING', null, []), timedOut: true, timeoutMinutes: 0.5 });
    expect(timedOut).to.include('## ⏱️ Goalie run `r1`: not finished within 0.5 minutes (30 s)');
    expect(timedOut).to.include('| RUNNING | — | 0 passed, 0 failed (0 in all) |');
    expect(startedSummary({ ...started, testPlan: undefined, rerunOf: 'r0' })).to.include(
      'Rerun of the failed test cases of run `r0`',
    );
    expect(formatMinutes(1)).to.equal('1 minute');
  });
});
