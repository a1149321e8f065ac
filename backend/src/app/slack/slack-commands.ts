// The Slack app's commands: `/goalie run [plan]`, `/goalie status <run>`, and the "Rerun failed"
// button. A channel's commands act on the project connected to that channel.
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { getRun } from '../get-run.js';
import { runSummaryMessage } from '../notifications/slack-messages.js';
import { slackText } from '../notifications/slack-text.js';
import type { SlackMessage } from '../ports/slack.js';
import type { Caller, ProjectRecord } from '../records.js';
import { rerun } from '../rerun.js';
import { startRun } from '../start-run.js';
import { insideCaller } from '../project-caller.js';

export interface SlackReply extends SlackMessage {
  /** in_channel: everyone sees it; ephemeral: only the person who asked. */
  responseType: 'in_channel' | 'ephemeral';
}

const reply = (text: string, responseType: SlackReply['responseType'] = 'ephemeral'): SlackReply => ({
  text,
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
  responseType,
});

export const COMMAND_HELP = [
  '*Goalie* commands:',
  "• `/goalie run` runs the project's default test plan; `/goalie run Smoke` (a plan name) or `/goalie run pln-smoke_4kq8z1` runs that plan",
  '• `/goalie status <run short ID>` shows a run',
  'The summary of a run started here comes back to this channel, with a *Rerun failed* button.',
].join('\n');

/** The project a channel's request acts on, among those whose signing secret the request carries. */
export async function projectForChannel(
  ctx: AppContext,
  channel: string,
  verifiedProjectIds: readonly string[],
): Promise<ProjectRecord | { problem: string }> {
  const connected = (await ctx.store.projects.connectedToChannel(channel)).filter((p) =>
    verifiedProjectIds.includes(p.id),
  );
  if (connected.length === 1) return connected[0]!;
  if (connected.length === 0) {
    return {
      problem: `This channel is not connected to a Goalie project. Set \`project.slack.defaultChannel: ${channel}\` (or a test plan's \`notifications.slack.channel\`) in the project YAML and run \`goalie apply\`.`,
    };
  }
  return {
    problem: `This channel is connected to several projects (${connected.map((p) => slackText(p.name)).join(', ')}); connect it to one.`,
  };
}

async function callerFor(ctx: AppContext, project: ProjectRecord): Promise<Caller> {
  const organization = (await ctx.store.organizations.findById(project.organizationId))!;
  return insideCaller(project, organization);
}

export async function handleCommand(
  ctx: AppContext,
  request: { text: string; channel: string; userName: string; verifiedProjectIds: readonly string[] },
): Promise<SlackReply> {
  const [verb = 'help', ...rest] = request.text.trim().split(/\s+/).filter(Boolean);
  if (verb === 'help' || !['run', 'status'].includes(verb)) return reply(COMMAND_HELP);
  const project = await projectForChannel(ctx, request.channel, request.verifiedProjectIds);
  if ('problem' in project) return reply(project.problem);
  const caller = await callerFor(ctx, project);
  try {
    if (verb === 'run') return await runCommand(ctx, caller, rest.join(' '), request);
    const shortId = rest[0];
    if (!shortId) return reply('Which run? `/goalie status <run short ID>`');
    const { run, testCases } = await getRun(ctx, caller, shortId, 'all');
    if (run.status === 'INITIATED' || run.status === 'RUNNING') {
      const done = testCases.filter((t) => !['PENDING', 'RUNNING'].includes(t.status)).length;
      return reply(
        `:hourglass_flowing_sand: <${ctx.links.run(run.shortId)}|Run ${run.shortId}> of *${slackText(run.testPlanName)}* is ${run.status}: ${done} of ${testCases.length} test cases done.`,
      );
    }
    return { ...runSummaryMessage(run, testCases, ctx.links.run(run.shortId)), responseType: 'ephemeral' };
  } catch (error) {
    if (error instanceof AppError) return reply(`:warning: ${slackText(error.message)}`);
    throw error;
  }
}

async function runCommand(
  ctx: AppContext,
  caller: Caller,
  planArg: string,
  request: { channel: string; userName: string },
): Promise<SlackReply> {
  let testPlanShortId: string | undefined;
  if (planArg) {
    const plans = await ctx.store.testPlans.listByProject(caller.project.id);
    const plan =
      plans.find((p) => p.shortId === planArg) ?? plans.find((p) => p.name.toLowerCase() === planArg.toLowerCase());
    if (!plan)
      return reply(
        `No test plan ${slackText(JSON.stringify(planArg))} in project ${slackText(caller.project.name)}. Plans: ${plans.map((p) => `${slackText(p.name)} (\`${p.shortId}\`)`).join(', ') || 'none'}.`,
      );
    testPlanShortId = plan.shortId;
  }
  const run = await startRun(ctx, caller, {
    testPlanShortId,
    storedTrigger: 'MANUAL',
    actor: request.userName,
    // The summary comes back where the command was typed.
    knownNotifications: [{ type: 'slack', channel: request.channel, notifyOn: 'always' }],
  });
  return reply(
    `:rocket: ${slackText(request.userName)} started <${run.url}|run ${run.shortId}> of *${slackText(run.testPlan.name)}* (${run.testCount} test case${run.testCount === 1 ? '' : 's'}). The summary will follow here.`,
    'in_channel',
  );
}

/**
 * The project of the run a button names, among those whose signing secret the request carries: a
 * summary may be posted to any channel (a run's own `notifications`), not only a connected one.
 */
async function projectForRun(
  ctx: AppContext,
  runShortId: string,
  verifiedProjectIds: readonly string[],
): Promise<ProjectRecord | { problem: string }> {
  for (const projectId of verifiedProjectIds) {
    if (await ctx.store.runs.findByShortId(projectId, runShortId))
      return (await ctx.store.projects.findById(projectId))!;
  }
  return { problem: `Run ${runShortId} is not a run of a project this Slack app is connected to.` };
}

/** The "Rerun failed" button of a summary: a new run of its failed, skipped and errored test cases. */
export async function handleRerunFailed(
  ctx: AppContext,
  request: { runShortId: string; userName: string; verifiedProjectIds: readonly string[] },
): Promise<SlackReply & { projectId: string | null }> {
  const project = await projectForRun(ctx, request.runShortId, request.verifiedProjectIds);
  if ('problem' in project) return { ...reply(project.problem), projectId: null };
  try {
    const run = await rerun(
      ctx,
      await callerFor(ctx, project),
      request.runShortId,
      { failedOnly: true },
      { trigger: 'MANUAL', actor: request.userName },
    );
    return {
      ...reply(
        `:repeat: ${slackText(request.userName)} reran the failed test cases of run ${request.runShortId}: <${run.url}|run ${run.shortId}> (${run.testCount} test case${run.testCount === 1 ? '' : 's'}).`,
        'in_channel',
      ),
      projectId: project.id,
    };
  } catch (error) {
    if (error instanceof AppError) return { ...reply(`:warning: ${slackText(error.message)}`), projectId: project.id };
    throw error;
  }
}
