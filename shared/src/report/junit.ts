// JUnit XML of a run: one testcase per run test case. Failure message = resultTitle; details =
// evaluationThought and a link to the run. CI systems (GitLab's merge request widget, Jenkins' junit
// step, GitHub test reporters) read this format, as Ant's JUnit schema describes it: `time` in seconds
// on testcase and testsuite, `timestamp` on testsuite as YYYY-MM-DDTHH:MM:SS without a zone (UTC here).
import type { RunStatusView, RunTestCase } from '../api/types.js';
import { runTestCaseLink } from '../run-page-anchor.js';

const escapeXml = (text: string) =>
  text
    // Control characters are not allowed in XML 1.0: removing them is the point.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** Seconds with at most 3 decimals, as Ant writes them: "12.5", "0". */
const seconds = (millis: number) => String(Math.round(Math.max(0, millis)) / 1000);

/** How long it ran here; 0 when it did not both start and end (skipped, cancelled, still running). */
function duration(tc: RunTestCase): number {
  const span = ms(tc.finishedAt) - ms(tc.startedAt);
  return Number.isFinite(span) ? span : 0;
}

/** The suite's time and timestamp: from the first test case's start to the last one's end (they run in parallel). */
function suiteTiming(testCases: readonly RunTestCase[]): { time: string; timestamp: string } {
  const starts = testCases.map((tc) => ms(tc.startedAt)).filter(Number.isFinite);
  if (starts.length === 0) return { time: ' time="0"', timestamp: '' };
  const first = Math.min(...starts);
  const last = Math.max(first, ...testCases.map((tc) => ms(tc.finishedAt)).filter(Number.isFinite));
  return {
    time: ` time="${seconds(last - first)}"`,
    timestamp: ` timestamp="${new Date(first).toISOString().slice(0, 19)}"`,
  };
}

/** Each healed step as a property of its testcase (old and new target), where CI shows the verdict. */
function healedProperties(tc: RunTestCase): string {
  if (!tc.healed?.length) return '';
  const properties = tc.healed.map(
    (h) => `<property name="healed step ${h.step}" value="${escapeXml(`${h.before} → ${h.after}`)}"/>`,
  );
  return `      <properties>${properties.join('')}</properties>\n`;
}

export function junitXml(run: RunStatusView, options: { runUrl: string; suiteName?: string }): string {
  const cases = run.runTestCases.map((tc) => {
    const details = [tc.evaluationThought ?? '', `Run: ${runTestCaseLink(options.runUrl, tc.shortId)}`]
      .filter(Boolean)
      .join('\n\n');
    const attrs = `name="${escapeXml(tc.name)}" classname="${escapeXml(options.suiteName ?? 'goalie')}" time="${seconds(duration(tc))}"`;
    const healed = healedProperties(tc);
    if (tc.result === 'PASSED')
      return `    <testcase ${attrs}>\n${healed}      <system-out>${escapeXml(details)}</system-out>\n    </testcase>`;
    if (tc.result === 'FAILED') {
      return `    <testcase ${attrs}>\n${healed}      <failure message="${escapeXml(tc.resultTitle ?? 'Failed')}" type="FAILED">${escapeXml(details)}</failure>\n    </testcase>`;
    }
    if (tc.status === 'SKIPPED' || tc.result === 'SKIPPED') {
      return `    <testcase ${attrs}>\n      <skipped message="${escapeXml(tc.resultTitle ?? 'Skipped')}"/>\n    </testcase>`;
    }
    // ERROR, CANCELLED, or not finished: no verdict, which JUnit calls an error.
    return `    <testcase ${attrs}>\n      <error message="${escapeXml(tc.resultTitle ?? tc.status)}" type="${escapeXml(tc.status)}">${escapeXml(details)}</error>\n    </testcase>`;
  });
  const count = (pred: (tc: RunStatusView['runTestCases'][number]) => boolean) => run.runTestCases.filter(pred).length;
  const failures = count((tc) => tc.result === 'FAILED');
  const skipped = count(
    (tc) => tc.result !== 'FAILED' && tc.result !== 'PASSED' && (tc.status === 'SKIPPED' || tc.result === 'SKIPPED'),
  );
  const errors = run.runTestCases.length - failures - skipped - count((tc) => tc.result === 'PASSED');
  const name = escapeXml(options.suiteName ?? `Goalie run ${run.shortId}`);
  const timing = suiteTiming(run.runTestCases);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" tests="${run.runTestCases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}"${timing.time}>`,
    `  <testsuite name="${name}" tests="${run.runTestCases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}"${timing.time}${timing.timestamp}>`,
    `    <properties><property name="run" value="${escapeXml(options.runUrl)}"/><property name="status" value="${run.status}"/><property name="result" value="${run.result ?? ''}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
