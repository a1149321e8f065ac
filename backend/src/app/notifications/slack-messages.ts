// Block Kit messages about runs. Pure: a run and its test cases in, a message out.
import type { RunRecord, RunTestCaseRecord } from '../records.js';
import type { SlackMessage } from '../ports/slack.js';
import { slackText as esc } from './slack-text.js';
import { countOutcomes, countsLine, duration, notPassed, OUTCOME_WORDS, outcomeOf, type Outcome } from './run-facts.js';

function attribution(run: RunRecord): string {
  const parts = [`Trigger: ${run.trigger}`];
  if (run.repository) parts.push(`Repository: ${esc(run.repository)}`);
  if (run.branch) parts.push(`Branch: \`${esc(run.branch)}\``);
  if (run.commitHash)
    parts.push(
      `Commit: \`${esc(run.commitHash.slice(0, 7))}\`${run.commitMessage ? ` ${esc(run.commitMessage.split('\n')[0]!.slice(0, 80))}` : ''}`,
    );
  if (run.actor) parts.push(`By: ${esc(run.actor)}`);
  return parts.join(' · ');
}

export function runStartedMessage(run: RunRecord, testCount: number, runUrl: string): SlackMessage {
  const text = `Goalie run ${run.shortId} of ${run.testPlanName} started (${testCount} test cases)`;
  return {
    text,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `:hourglass_flowing_sand: *<${runUrl}|Run ${run.shortId}>* of *${esc(run.testPlanName)}* started: ${testCount} test case${testCount === 1 ? '' : 's'}.`,
        },
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: attribution(run) }] },
    ],
  };
}

const ICONS: Record<Outcome, string> = {
  passed: ':white_check_mark:',
  nothing: ':fast_forward:',
  failed: ':x:',
  cancelled: ':no_entry_sign:',
  error: ':warning:',
};

function headline(run: RunRecord): { icon: string; words: string } {
  const outcome = outcomeOf(run);
  return { icon: ICONS[outcome], words: OUTCOME_WORDS[outcome] };
}

export const RERUN_FAILED_ACTION = 'rerun_failed';

export function runSummaryMessage(
  run: RunRecord,
  testCases: readonly RunTestCaseRecord[],
  runUrl: string,
): SlackMessage {
  const { icon, words } = headline(run);
  const counts = countOutcomes(testCases);
  const failed = notPassed(testCases);
  const started = Math.floor((run.startedAt ?? run.createdAt).getTime() / 1000);
  const blocks: Record<string, unknown>[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `${icon} *<${runUrl}|Run ${run.shortId}>* of *${esc(run.testPlanName)}* ${words}.`,
      },
    },
    {
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: `*Status*\n${run.status}${run.result ? ` · ${run.result}` : ''}` },
        { type: 'mrkdwn', text: `*Plan*\n${esc(run.testPlanName)}` },
        {
          type: 'mrkdwn',
          text: `*Started*\n<!date^${started}^{date_short_pretty} {time}|${new Date(started * 1000).toISOString()}>`,
        },
        { type: 'mrkdwn', text: `*Duration*\n${duration(run)}` },
        {
          type: 'mrkdwn',
          text: `*Test cases*\n${countsLine(counts)}`,
        },
      ],
    },
  ];
  if (failed.length) {
    const lines = failed.slice(0, 5).map((t) => `• *${esc(t.name)}*: ${esc(t.resultTitle ?? t.status)}`);
    if (failed.length > 5) lines.push(`…and ${failed.length - 5} more`);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } });
  }
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: attribution(run) }] });
  const buttons: Record<string, unknown>[] = [
    { type: 'button', text: { type: 'plain_text', text: 'Open run' }, url: runUrl, action_id: 'open_run' },
  ];
  if (failed.length)
    buttons.push({
      type: 'button',
      text: { type: 'plain_text', text: 'Rerun failed' },
      action_id: RERUN_FAILED_ACTION,
      value: run.shortId,
      style: 'primary',
    });
  blocks.push({ type: 'actions', elements: buttons });
  return {
    text: `Goalie run ${run.shortId} of ${run.testPlanName} ${words}: ${counts.passed} passed, ${counts.failed} failed`,
    blocks,
  };
}
