// A queued notification about a run, to Slack, an email list or a Teams channel: the run-started
// message or the final summary. Errors propagate (the job is retried with backoff, its failure is in
// the logs) except definite refusals, which are logged once and not tried again.
import type { AppContext } from '../context.js';
import { projectNetworkAccess } from '../network-access.js';
import { PermanentDeliveryFailure, type Mailer, type TeamsPoster } from '../ports/notifiers.js';
import type { NotifyJob } from '../ports/queue.js';
import type { SlackMessenger } from '../ports/slack.js';
import type { RunRecord, RunTestCaseRecord } from '../records.js';
import { runStartedEmail, runSummaryEmail } from './email-messages.js';
import { runStartedMessage, runSummaryMessage } from './slack-messages.js';
import { runStartedTeams, runSummaryTeams } from './teams-messages.js';

export interface Notifiers {
  slack?: SlackMessenger;
  /** Absent: SMTP is not configured (GOALIE_SMTP_URL), and email notifications are skipped. */
  email?: Mailer;
  teams?: TeamsPoster;
}

export type SendOutcome = 'sent' | 'skipped' | 'refused';

export async function sendRunNotification(ctx: AppContext, notifiers: Notifiers, job: NotifyJob): Promise<SendOutcome> {
  const run = await ctx.store.runs.findById(job.runId);
  if (!run) return 'skipped';
  try {
    if (job.kind === 'email') return await sendEmail(ctx, notifiers.email, run, job);
    if (job.kind === 'teams') return await sendTeams(ctx, notifiers.teams, run, job);
    return await sendSlack(ctx, notifiers.slack, run, job);
  } catch (error) {
    if (!(error instanceof PermanentDeliveryFailure)) throw error;
    ctx.log.error(
      { event: 'notify.refused', runId: run.id, kind: job.kind ?? 'slack', channel: job.channel },
      `${job.kind ?? 'slack'} notification (run ${job.event}) to ${job.channel} refused, not retried: ${error.message}`,
    );
    return 'refused';
  }
}

async function sendSlack(
  ctx: AppContext,
  slack: SlackMessenger | undefined,
  run: RunRecord,
  job: NotifyJob,
): Promise<SendOutcome> {
  const botToken = await ctx.store.projects.slackBotToken(run.projectId);
  if (!botToken || !slack) {
    ctx.log.warn({ runId: run.id }, 'Slack is not configured for the project any more; notification dropped');
    return 'skipped';
  }
  await slack.post(botToken, job.channel, await runMessage(ctx, run, job, runStartedMessage, runSummaryMessage));
  return 'sent';
}

/** The job's message in a kind's words: the run-started one or the summary, with the run's link. */
async function runMessage<M>(
  ctx: AppContext,
  run: RunRecord,
  job: NotifyJob,
  started: (run: RunRecord, testCaseCount: number, url: string) => M,
  summary: (run: RunRecord, testCases: readonly RunTestCaseRecord[], url: string) => M,
): Promise<M> {
  const testCases = await ctx.store.runs.testCasesOf(run.id);
  const url = ctx.links.run(run.shortId);
  return job.event === 'started' ? started(run, testCases.length, url) : summary(run, testCases, url);
}

/** The run's notification the job is about, if it is still of that kind. */
function target<K extends 'email' | 'teams'>(run: RunRecord, job: NotifyJob, kind: K) {
  const n = run.notifications?.[job.index ?? -1];
  return n?.type === kind ? (n as Extract<NonNullable<RunRecord['notifications']>[number], { type: K }>) : null;
}

async function sendEmail(
  ctx: AppContext,
  mailer: Mailer | undefined,
  run: RunRecord,
  job: NotifyJob,
): Promise<SendOutcome> {
  const n = target(run, job, 'email');
  if (!n) return 'skipped';
  if (!mailer) {
    ctx.log.warn(
      { event: 'notify.skipped', runId: run.id, to: n.to },
      'email notification skipped: SMTP is not configured (set GOALIE_SMTP_URL and GOALIE_SMTP_FROM)',
    );
    return 'skipped';
  }
  await mailer.send(n.to, await runMessage(ctx, run, job, runStartedEmail, runSummaryEmail));
  return 'sent';
}

async function sendTeams(
  ctx: AppContext,
  teams: TeamsPoster | undefined,
  run: RunRecord,
  job: NotifyJob,
): Promise<SendOutcome> {
  const n = target(run, job, 'teams');
  if (!n || !teams) return 'skipped';
  // Looked up now, not kept with the run: a URL taken out of the project file stops getting messages.
  const url = (await ctx.store.projects.teamsWebhookUrls(run.projectId)).find((w) => w.key === n.key)?.url;
  if (!url) {
    ctx.log.warn(
      { event: 'notify.skipped', runId: run.id, channel: n.label },
      'Teams notification dropped: the project and its plans no longer have this webhook URL',
    );
    return 'skipped';
  }
  const access = await projectNetworkAccess(ctx, run.projectId);
  const message = await runMessage(ctx, run, job, runStartedTeams, runSummaryTeams);
  await teams.post(url, message, access);
  return 'sent';
}
