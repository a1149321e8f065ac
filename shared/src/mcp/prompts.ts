// Prompts a coding agent's user can pick: why a run failed (its summary in the message) and how to
// write a test case for a change (the goal language's rules and the project's applications).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ApiError } from '../client/api-error.js';
import type { McpContext } from './context.js';
import { formatRun, formatTestPlans } from './format.js';
import { describeApiError } from './results.js';

async function orMessage(work: () => Promise<string>): Promise<string> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return `(Could not read it: ${describeApiError(error)})`;
    throw error;
  }
}

const user = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

export function registerPrompts(server: McpServer, ctx: McpContext): void {
  server.registerPrompt(
    'why_did_this_run_fail',
    {
      title: 'Why did this run fail?',
      description: 'Explains the failures of a Goalie run and proposes fixes to the code or to the test cases.',
      argsSchema: { shortId: z.string().min(1).max(64).describe('The run short ID.') },
    },
    async ({ shortId }) => {
      const summary = await orMessage(async () =>
        formatRun(await ctx.client.getRun(shortId, 'all'), ctx.runPage(shortId)),
      );
      return user(
        `Goalie run ${shortId} did not pass. Here is its summary:\n\n${summary}\n\n` +
          'For each failed, errored or skipped test case: say what the test expected, what happened instead (its result and evaluation), ' +
          'and whether the application or the test case is wrong. Use get_test_case to read its recorded steps and compare them with the ' +
          'code changed recently. Propose the smallest fix, then rerun_run with failedOnly to check it.',
      );
    },
  );

  server.registerPrompt(
    'write_test_case_for_change',
    {
      title: 'Write a test case for this change',
      description:
        'Drafts a Goalie test case (goal and expected result) for a change in the application, then creates it.',
      argsSchema: { description: z.string().min(1).max(10_000).describe('What the change does, in a few sentences.') },
    },
    async ({ description }) => {
      const plans = await orMessage(async () => formatTestPlans((await ctx.client.listTestPlans()).testPlans));
      return user(
        `Write a Goalie test case for this change:\n\n${description}\n\n` +
          'The existing test plans and test cases:\n' +
          `${plans}\n\n` +
          "A goal is plain language, one sentence per action: \"Go to /settings. Click 'Profile'. Fill 'Name' with 'Ada'. Click 'Save'\"; " +
          'the expected result says what success looks like: "\'Saved\' is shown". Secrets are never written out: use {{config.key}} with a config. ' +
          'Keep it to what the change affects, give it a name of at most 80 characters unique in the project, ' +
          'then call create_test_case (the application short ID is in list_test_cases or the project file) and get_test_case with waitSeconds to see whether its burn-in recorded the steps.',
      );
    },
  );
}
