// Block Kit messages about runs. Pure: a run and its test cases in, a message out.
import type { RunRecord, RunTestCaseRecord } from '../records.js';
import type { SlackMessage } from '../ports/slack.js';

/** Slack's mrkdwn escapes: &, < and > only. */
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
}

export function countOutcomes(testCases: readonly RunTestCaseRecord[]): RunCounts {
  return {
    passed: testCases.filter((t) => t.result === 'PASSED').length,
    failed: testCases.filter((t) => t.result === 'FAILED').length,
    skipped: testCases.filter((t) => t.status === 'SKIPPED').length,
    errored: testCases.filter((t) => t.status === 'ERROR').length,
  };
}

function headline(run: RunRecord): { icon: string; words: string } {
  if (run.status === 'COMPLETED' && run.result === 'PASSED') return { icon: ':white_check_mark:', words: 'passed' };
  if (run.status === 'COMPLETED' && run.result === 'SKIPPED')
    return { icon: ':fast_forward:', words: 'had nothing to run' };
  if (run.status === 'COMPLETED') return { icon: ':x:', words: 'failed' };
  if (run.status === 'CANCELLED') return { icon: ':no_entry_sign:', words: 'was cancelled' };
  return { icon: ':warning:', words: 'ended in an error' };
}

function duration(run: RunRecord): string {
  if (!run.finishedAt) return '—';
  const seconds = Math.round((run.finishedAt.getTime() - (run.startedAt ?? run.createdAt).getTime()) / 1000);
  return seconds < 90 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export const RERUN_FAILED_ACTION = 'rerun_failed';

export function runSummaryMessage(
  run: RunRecord,
  testCases: readonly RunTestCaseRecord[],
  runUrl: string,
): SlackMessage {
  const { icon, words } = headline(run);
  const counts = countOutcomes(testCases);
  const failed = testCases.filter((t) => t.result === 'FAILED' || t.status === 'ERROR' || t.status === 'SKIPPED');
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
          text: `*Test cases*\n${counts.passed} passed · ${counts.failed} failed · ${counts.skipped} skipped · ${counts.errored} errored`,
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
