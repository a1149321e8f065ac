// The verdict of a review, from the end-to-end results and the exploratory findings.
//   Approved           everything passed and exploration found nothing
//   Changes Requested  a test case failed, or a critical finding
//   Comment            findings that are not critical only, test cases without a verdict (errored),
//                      or nothing could be tested

export type Verdict = 'Approved' | 'Changes Requested' | 'Comment';
export type Severity = 'critical' | 'major' | 'minor';

export interface VerdictInput {
  /** End-to-end test cases that reached a verdict or not; empty when the review had none to run. */
  testCases: { name: string; result: 'PASSED' | 'FAILED' | 'SKIPPED' | null; status: string }[];
  findings: { severity: Severity; title: string }[];
  /** Nothing could be tested: the preview was unreachable, or the run ended in ERROR. */
  untestable: boolean;
}

export interface VerdictOutcome {
  verdict: Verdict;
  /** One sentence per reason, most important first. */
  reasons: string[];
}

export function reviewVerdict(input: VerdictInput): VerdictOutcome {
  const failed = input.testCases.filter((t) => t.result === 'FAILED');
  const errored = input.testCases.filter((t) => t.status === 'ERROR');
  const critical = input.findings.filter((f) => f.severity === 'critical');
  const major = input.findings.filter((f) => f.severity === 'major');
  const minor = input.findings.filter((f) => f.severity === 'minor');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

  if (failed.length || critical.length) {
    const reasons: string[] = [];
    if (failed.length)
      reasons.push(`${plural(failed.length, 'test case')} failed: ${failed.map((t) => t.name).join(', ')}.`);
    if (critical.length)
      reasons.push(`${plural(critical.length, 'critical finding')}: ${critical.map((f) => f.title).join('; ')}.`);
    return { verdict: 'Changes Requested', reasons };
  }
  const ranTests = input.testCases.some((t) => t.result === 'PASSED');
  if (input.untestable || (!ranTests && input.testCases.length > 0)) {
    return {
      verdict: 'Comment',
      reasons: ['Nothing could be tested: the preview could not be reached or no test case ran.'],
    };
  }
  if (major.length || minor.length || errored.length) {
    const reasons = [];
    if (errored.length)
      reasons.push(
        `${plural(errored.length, 'test case')} could not be run to a verdict: ${errored.map((t) => t.name).join(', ')}.`,
      );
    if (major.length)
      reasons.push(`${plural(major.length, 'major finding')}: ${major.map((f) => f.title).join('; ')}.`);
    if (minor.length) reasons.push(`${plural(minor.length, 'minor finding')}.`);
    return { verdict: 'Comment', reasons };
  }
  const passed = input.testCases.filter((t) => t.result === 'PASSED').length;
  return {
    verdict: 'Approved',
    reasons: [
      passed
        ? `All ${plural(passed, 'test case')} passed and exploration found nothing major.`
        : 'Exploration found nothing major.',
    ],
  };
}
