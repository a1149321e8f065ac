// Every heal is reported where the verdict is (issue 28): the counts of `goalie status`, `run --wait`
// and the job summary, and the JUnit report.
import { expect } from 'chai';
import type { RunStatusView, RunTestCase } from '../../../shared/src/api/types.js';
import { junitXml } from '../../../shared/src/report/junit.js';
import { countTestCases, describeCounts } from '../../../shared/src/report/summary.js';

const testCase = (name: string, healed?: RunTestCase['healed']): RunTestCase => ({
  id: '00000000-0000-4000-8000-000000000001',
  shortId: 'abcdefghij',
  name,
  status: 'COMPLETED',
  result: 'PASSED',
  resultTitle: null,
  evaluationThought: 'ok',
  promptGoal: null,
  promptExamples: null,
  ...(healed ? { healed } : {}),
});

const heal = {
  step: 2,
  sentence: "Fill 'Email' with 'a'",
  before: 'the "Email" field',
  after: 'the "E-mail address" field',
  change: 'typo' as const,
};

describe('reporting heals with the verdict', () => {
  it('counts healed steps after the verdicts, and says nothing without them', () => {
    expect(describeCounts(countTestCases([testCase('a', [heal]), testCase('b', [])]))).to.equal(
      '2 passed, 0 failed, healed 1 step',
    );
    expect(describeCounts(countTestCases([testCase('a', [heal, heal])]))).to.equal(
      '1 passed, 0 failed, healed 2 steps',
    );
    expect(describeCounts(countTestCases([testCase('a')]))).to.equal('1 passed, 0 failed');
  });

  it('puts each healed step into its JUnit testcase as a property, old and new target', () => {
    const run: RunStatusView = {
      id: '00000000-0000-4000-8000-000000000002',
      shortId: 'r',
      status: 'COMPLETED',
      result: 'PASSED',
      runTestCases: [testCase('a', [heal]), testCase('b')],
    };
    const xml = junitXml(run, { runUrl: 'http://goalie/runs/r' });
    expect(xml).to.include(
      '<testcase name="a" classname="goalie" time="0">\n      <properties><property name="healed step 2" value="the &quot;Email&quot; field → the &quot;E-mail address&quot; field"/></properties>\n      <system-out>',
    );
    expect(xml).to.include('<testcase name="b" classname="goalie" time="0">\n      <system-out>');
  });
});
