// The one comment Goalie keeps on a change request, rendered from the newest review of it.
// Pure: the same review renders the same text, so updating it twice changes nothing. Text from
// outside (what the preview's pages showed, the branch, a preview URL in an error) is written as
// text: the only links are Goalie's own (docs/security.md, URLs from outside).
import { markdownCell, markdownCode, markdownText } from '../../../../shared/src/report/markdown-text.js';
import { markdownResultsTable } from '../../../../shared/src/report/results-table.js';
import type { RunTestCase } from '../../../../shared/src/api/types.js';
import { commentMarker } from '../../domain/review/comment-marker.js';
import type { Verdict } from '../../domain/review/verdict.js';
import type { HostKind } from '../ports/change-request-platform.js';
import type { Finding } from '../ports/explorer.js';
import type { CheckResult, ReviewRecord } from '../ports/review-store.js';

export interface CommentContext {
  host: HostKind;
  projectName: string;
  reviewUrl: string;
  runUrl: string | null;
  testPlanName: string | null;
  testCases: RunTestCase[];
  findings: Finding[];
  pagesVisited: number;
  checks: CheckResult[];
  /** Deployments still missing while WAITING. */
  missing: string[];
  mention: string;
  /** The newer commit that superseded this review, when it was. */
  supersededBySha: string | null;
  /** The review this one replaced while it was in progress (the one before it, SUPERSEDED), if any. */
  replaced?: { headSha: string; supersededBySha: string | null } | null;
}

const VERDICT_ICONS: Record<Verdict, string> = { Approved: '✅', 'Changes Requested': '❌', Comment: '💬' };
const EVENT_LABELS = { opened: 'opened', updated: 'updated', comment: 'comment', ci: 'CI' } as const;
const SEVERITY_ORDER = { critical: 0, major: 1, minor: 2 } as const;

const short = (sha: string) => (sha ? sha.slice(0, 7) : 'unknown');

function detailsTable(review: ReviewRecord, ctx: CommentContext): string {
  const number = `${ctx.host === 'gitlab' ? '!' : '#'}${review.changeRequestNumber}`;
  return [
    '| Project | Change request | Branch | Event | Commit |',
    '| --- | --- | --- | --- | --- |',
    `| ${markdownCell(ctx.projectName)} | ${number} | ${markdownCode(review.branch).replace(/\|/g, '\\|')} | ${EVENT_LABELS[review.event]} | \`${short(review.headSha)}\` |`,
  ].join('\n');
}

function findingsSection(ctx: CommentContext): string {
  if (!ctx.findings.length)
    return `**Exploration**: ${ctx.pagesVisited} page${ctx.pagesVisited === 1 ? '' : 's'} visited, nothing found.`;
  const sorted = [...ctx.findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  const rows = sorted.slice(0, 15).map((f) => `| ${f.severity} | ${markdownCell(f.title)} | ${markdownCell(f.page)} |`);
  const more = sorted.length > 15 ? `\n\n…and ${sorted.length - 15} more on the review page.` : '';
  return (
    [
      `**Exploration**: ${ctx.pagesVisited} pages visited, ${ctx.findings.length} finding${ctx.findings.length === 1 ? '' : 's'}.`,
      '',
      '| Severity | Finding | Page |',
      '| --- | --- | --- |',
      ...rows,
    ].join('\n') + more
  );
}

function checksSection(ctx: CommentContext): string {
  if (!ctx.checks.length) return '';
  const rows = ctx.checks.map(
    (c) => `| ${c.passed ? '✅ PASSED' : '❌ FAILED'} | ${markdownCell(c.goal)} | ${markdownCell(c.title)} |`,
  );
  return ['**Checks from the review context**', '', '| Result | Check | Reason |', '| --- | --- | --- |', ...rows].join(
    '\n',
  );
}

function evaluationDetails(ctx: CommentContext): string {
  const items = ctx.testCases
    .filter((t) => t.evaluationThought)
    .map((t) => `**${markdownText(t.name)}** (${t.result ?? t.status})\n\n${markdownText(t.evaluationThought ?? '')}`);
  if (!items.length) return '';
  return `<details><summary>Evaluation details</summary>\n\n${items.join('\n\n---\n\n')}\n\n</details>`;
}

function replacedNote(ctx: CommentContext): string {
  if (!ctx.replaced) return '';
  const what = ctx.replaced.headSha ? `The review of \`${short(ctx.replaced.headSha)}\`` : 'The previous review';
  return ctx.replaced.supersededBySha
    ? `${what} was cancelled: \`${short(ctx.replaced.supersededBySha)}\` is newer.`
    : `${what} was cancelled.`;
}

export function renderComment(review: ReviewRecord, ctx: CommentContext): string {
  const marker = commentMarker(review.changeRequestNumber);
  const link = `[Open the review in Goalie](${ctx.reviewUrl})`;
  const parts: string[] = [];
  switch (review.status) {
    case 'WAITING':
      parts.push(
        `### ⏳ Goalie is waiting for the deployments of \`${short(review.headSha)}\``,
        `Waiting for: ${ctx.missing.map(markdownCode).join(', ') || 'the mapped environments'}. The review starts when they are ready, or comment \`${ctx.mention} <preview URL>\` to start it now.`,
        detailsTable(review, ctx),
      );
      break;
    case 'QUEUED':
    case 'RUNNING':
      parts.push(
        `### 🧪 Goalie review in progress`,
        `${link}: the live progress of the end-to-end run and the exploration.`,
        detailsTable(review, ctx),
      );
      break;
    case 'SUPERSEDED':
      parts.push(
        `### ⏹️ Goalie review superseded`,
        ctx.supersededBySha
          ? `The review of \`${short(review.headSha)}\` was cancelled: \`${short(ctx.supersededBySha)}\` is newer. Comment \`${ctx.mention} <preview URL>\` to review it now.`
          : `The review of \`${short(review.headSha)}\` was cancelled (the change request changed or was closed).`,
        detailsTable(review, ctx),
      );
      break;
    case 'ERROR':
      parts.push(
        `### ⚠️ Goalie could not review this change`,
        markdownText(review.errorMessage ?? 'The review failed.'),
        link,
        detailsTable(review, ctx),
      );
      break;
    case 'COMPLETED': {
      const verdict = review.verdict ?? 'Comment';
      parts.push(
        `### ${VERDICT_ICONS[verdict]} Goalie review: ${verdict}`,
        markdownText(review.summary ?? ''),
        link,
        detailsTable(review, ctx),
      );
      if (ctx.testCases.length) {
        const passed = ctx.testCases.filter((t) => t.result === 'PASSED').length;
        parts.push(
          `**End-to-end**${ctx.testPlanName ? ` (plan ${markdownCell(ctx.testPlanName)})` : ''}: ${passed} of ${ctx.testCases.length} passed.`,
          markdownResultsTable(ctx.testCases, ctx.runUrl ?? undefined),
        );
      } else if (!ctx.runUrl) {
        parts.push('**End-to-end**: no test plan to run for this project.');
      }
      parts.push(findingsSection(ctx));
      const checks = checksSection(ctx);
      if (checks) parts.push(checks);
      const details = evaluationDetails(ctx);
      if (details) parts.push(details);
      break;
    }
  }
  // A superseded review has said so above; any other says what it replaced, right under its title.
  if (review.status !== 'SUPERSEDED' && ctx.replaced) parts.splice(1, 0, `_${replacedNote(ctx)}_`);
  return `${parts.filter(Boolean).join('\n\n')}\n\n${marker}\n`;
}

/** The body of the review (GitHub) or note (GitLab) that carries the verdict. */
export function renderVerdict(review: Pick<ReviewRecord, 'verdict' | 'summary'>, reviewUrl: string): string {
  return `Goalie review: **${review.verdict}**. ${markdownText(review.summary ?? '')}\n\n${reviewUrl}`;
}
