// wait_for_run: polls GET /v1/run/{shortId} until the run ends or the time is up. Bounded (at most
// MAX_WAIT_SECONDS), so a call never holds a connection for long; progress notifications (finished
// test cases of all) go to the caller's progressToken, and the caller's cancellation stops it.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { RunStatusView } from '../../api/types.js';
import { waitForRun } from '../../client/wait-for-run.js';
import type { McpContext } from '../context.js';
import { formatRun } from '../format.js';
import { sleepUnless, untilAborted } from '../abortable.js';
import { apiCall } from '../results.js';
import { runShortId } from './runs.js';

export const MAX_WAIT_SECONDS = 600;
export const DEFAULT_WAIT_SECONDS = 300;

const finishedCount = (run: RunStatusView) => run.runTestCases.filter((tc) => tc.result !== null).length;

export function registerWaitForRunTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'wait_for_run',
    {
      title: 'Wait for a run',
      description: `Waits until the run ends (or timeoutSeconds pass, at most ${MAX_WAIT_SECONDS}), reporting progress, then answers as get_run. When the time is up the run goes on: call it again.`,
      inputSchema: {
        shortId: runShortId,
        timeoutSeconds: z
          .number()
          .int()
          .min(1)
          .max(MAX_WAIT_SECONDS)
          .default(DEFAULT_WAIT_SECONDS)
          .describe(`How long to wait, 1 to ${MAX_WAIT_SECONDS} seconds (default ${DEFAULT_WAIT_SECONDS}).`),
      },
      annotations: { readOnlyHint: true },
    },
    ({ shortId: id, timeoutSeconds }, extra) =>
      apiCall(async () => {
        const progressToken = extra._meta?.progressToken;
        let reported = -1;
        // The last notification goes out before the answer, so the caller sees the final count.
        let sent: Promise<unknown> = Promise.resolve();
        const { finished, run } = await waitForRun(ctx.client, id, {
          timeoutMs: extra.signal.aborted ? 0 : timeoutSeconds * 1000,
          firstIntervalMs: 1000,
          maxIntervalMs: 5000,
          sleep: sleepUnless(extra.signal),
          onProgress: (view) => {
            const done = finishedCount(view);
            if (progressToken === undefined || done === reported) return;
            reported = done;
            sent = extra
              .sendNotification({
                method: 'notifications/progress',
                params: {
                  progressToken,
                  progress: done,
                  total: view.runTestCases.length,
                  message: `Run ${view.shortId}: ${view.status}, ${done} of ${view.runTestCases.length} test case(s) finished`,
                },
              })
              // The caller went away: the wait ends at its deadline or cancellation anyway.
              .catch(() => undefined);
          },
          now: untilAborted(extra.signal),
        });
        await sent;
        const view = formatRun(run, ctx.runPage(id));
        return finished
          ? view
          : `The run has not ended after ${timeoutSeconds} s (it goes on; call wait_for_run again).\n${view}`;
      }),
  );
}
