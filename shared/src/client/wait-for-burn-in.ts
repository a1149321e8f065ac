// Polls a test case until its burn-in has ended (COMPLETED or FAILED), with backoff (1 s, growing to 15 s).
import type { TestCaseView } from '../api/types.js';
import type { GoalieClient } from './api-client.js';
import { pollUntil, type PollOptions } from './poll.js';

export async function waitForBurnIn(
  client: GoalieClient,
  id: string,
  options: PollOptions<TestCaseView>,
): Promise<{ finished: boolean; testCase: TestCaseView }> {
  const { finished, value } = await pollUntil(
    () => client.getTestCase(id),
    (tc) => tc.generationStatus !== 'GENERATING',
    { firstIntervalMs: 1000, ...options },
  );
  return { finished, testCase: value };
}
