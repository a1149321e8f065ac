// A queued Slack notification about a run: the run-started message or the final summary.
import type { AppContext } from '../context.js';
import type { SlackMessenger } from '../ports/slack.js';
import { runStartedMessage, runSummaryMessage } from './slack-messages.js';

export async function sendRunNotification(
  ctx: AppContext,
  slack: SlackMessenger,
  job: { runId: string; channel: string; event: 'started' | 'finished' },
): Promise<'sent' | 'skipped'> {
  const run = await ctx.store.runs.findById(job.runId);
  if (!run) return 'skipped';
  const botToken = await ctx.store.projects.slackBotToken(run.projectId);
  if (!botToken) {
    ctx.log.warn({ runId: run.id }, 'Slack is not configured for the project any more; notification dropped');
    return 'skipped';
  }
  const testCases = await ctx.store.runs.testCasesOf(run.id);
  const url = ctx.links.run(run.shortId);
  const message =
    job.event === 'started' ? runStartedMessage(run, testCases.length, url) : runSummaryMessage(run, testCases, url);
  // Errors propagate: the job is retried with backoff, and its failure is in the logs.
  await slack.post(botToken, job.channel, message);
  return 'sent';
}
