// JUnit XML of a run: one testcase per run test case. Failure message = resultTitle; details =
// evaluationThought and a link to the run. CI systems (GitLab's merge request widget, GitHub test
// reporters) read this format.
import type { RunStatusView } from '../api/types.js';

const escapeXml = (text: string) =>
  text
    // Control characters are not allowed in XML 1.0: removing them is the point.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function junitXml(run: RunStatusView, options: { runUrl: string; suiteName?: string }): string {
  const cases = run.runTestCases.map((tc) => {
    const details = [tc.evaluationThought ?? '', `Run: ${options.runUrl}#${tc.shortId}`].filter(Boolean).join('\n\n');
    const attrs = `name="${escapeXml(tc.name)}" classname="${escapeXml(options.suiteName ?? 'goalie')}"`;
    if (tc.result === 'PASSED') return `    <testcase ${attrs}>\n      <system-out>${escapeXml(details)}</system-out>\n    </testcase>`;
    if (tc.result === 'FAILED') {
      return `    <testcase ${attrs}>\n      <failure message="${escapeXml(tc.resultTitle ?? 'Failed')}" type="FAILED">${escapeXml(details)}</failure>\n    </testcase>`;
    }
    if (tc.status === 'SKIPPED' || tc.result === 'SKIPPED') {
      return `    <testcase ${attrs}>\n      <skipped message="${escapeXml(tc.resultTitle ?? 'Skipped')}"/>\n    </testcase>`;
    }
    // ERROR, CANCELLED, or not finished: no verdict, which JUnit calls an error.
    return `    <testcase ${attrs}>\n      <error message="${escapeXml(tc.resultTitle ?? tc.status)}" type="${escapeXml(tc.status)}">${escapeXml(details)}</error>\n    </testcase>`;
  });
  const count = (pred: (tc: RunStatusView['runTestCases'][number]) => boolean) => run.runTestCases.filter(pred).length;
  const failures = count((tc) => tc.result === 'FAILED');
  const skipped = count((tc) => tc.result !== 'FAILED' && tc.result !== 'PASSED' && (tc.status === 'SKIPPED' || tc.result === 'SKIPPED'));
  const errors = run.runTestCases.length - failures - skipped - count((tc) => tc.result === 'PASSED');
  const name = escapeXml(options.suiteName ?? `Goalie run ${run.shortId}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" tests="${run.runTestCases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">`,
    `  <testsuite name="${name}" tests="${run.runTestCases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">`,
    `    <properties><property name="run" value="${escapeXml(options.runUrl)}"/><property name="status" value="${run.status}"/><property name="result" value="${run.result ?? ''}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
