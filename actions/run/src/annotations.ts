// One error annotation per test case that did not pass: title = the test case's name, message =
// its result title. GitHub shows them on the workflow run's summary page.
import type { RunStatusView } from '../../../shared/src/api/types.js';

export interface Annotation {
  title: string;
  message: string;
}

export function failureAnnotations(run: RunStatusView): Annotation[] {
  return run.runTestCases.flatMap((tc) => {
    if (tc.result === 'FAILED') return [{ title: tc.name, message: tc.resultTitle ?? 'Failed' }];
    if (tc.status === 'ERROR')
      return [{ title: tc.name, message: tc.resultTitle ?? 'Ended with an error before a verdict' }];
    return [];
  });
}
