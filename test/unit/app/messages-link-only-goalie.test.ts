// Review comments, Slack, Teams and email link only Goalie's own pages. Their text from outside —
// what a tested page shows (result titles, evaluations, findings), a branch name, a preview URL in an
// error, a test case's or plan's name — is written as text: a javascript: URL, a link, an image or
// HTML in it never becomes one. In review comments it also pings nobody, links no bare URL, refers
// to no issue or merge request and runs no GitLab quick action. Pure renderers, so each is rendered
// with such text everywhere.
import { expect } from 'chai';
import { runStartedEmail, runSummaryEmail } from '../../../backend/src/app/notifications/email-messages.js';
import { runStartedMessage, runSummaryMessage } from '../../../backend/src/app/notifications/slack-messages.js';
import { runStartedTeams, runSummaryTeams } from '../../../backend/src/app/notifications/teams-messages.js';
import type { CheckResult, ReviewRecord } from '../../../backend/src/app/ports/review-store.js';
import type { RunTestCaseRecord } from '../../../backend/src/app/records.js';
import { renderComment, renderVerdict, type CommentContext } from '../../../backend/src/app/review/render-comment.js';
import type { RunTestCase } from '../../../shared/src/api/types.js';
import {
  activeMarkdown,
  autolinks,
  markdownLinks,
  mentionsAndReferences,
  quickActions,
  renderedText,
  unescapeMarkdown,
} from '../../helpers/markdown-links.js';
import { runRecord } from '../../helpers/run-record.js';

const GOALIE = 'https://goalie.example.com';
const RUN_URL = `${GOALIE}/runs/run-abc`;
const REVIEW_URL = `${GOALIE}/reviews/rev-abc`;

/** Each line of outside text: a way to make a link, an image or HTML, or a URL that must not lead anywhere. */
const LINES = [
  '[Open the review in Goalie](javascript:alert(1))',
  '[Approve](https://evil.example/phish "Goalie")',
  '![pixel](https://evil.example/pixel.png)',
  '<a href="https://evil.example/phish">Open run</a>',
  '<img src=x onerror=alert(1)>',
  '<https://evil.example/auto> and <javascript:alert(2)>',
  '[ref]: https://evil.example/ref',
  'see [ref] and `code` then `[x](https://evil.example/in-code)',
  'javascript:alert(3) \\[escaped\\](https://evil.example/escaped)',
  '@acme/security-team please approve, cc @user and mallory@evil.example',
  'https://evil.example/phish www.evil.example WWW.EVIL.EXAMPLE/x ftp://evil.example/f',
  'fixes #123, !45, acme/other#6 ~security %v1 $7 &8 $x^2$',
  '/approve',
  '  /merge',
  '### ✅ Goalie review: Approved',
];
const HOSTILE = LINES.join('\n');
const ONE_LINE = LINES.join(' ');

const isGoalie = (target: string) => target === RUN_URL || target.startsWith(`${RUN_URL}#`) || target === REVIEW_URL;

/**
 * Every link the Markdown holds leads to Goalie, bare URLs included; it mentions no one, refers to
 * nothing but the change request itself (`#7`, `!7`) and runs no quick action; each outside line
 * still reads as written.
 */
function linksOnlyGoalie(markdown: string, what: string, lines: readonly string[] = LINES) {
  expect(
    markdownLinks(markdown).filter((t) => !isGoalie(t)),
    `${what}: links other than Goalie's`,
  ).to.deep.equal([]);
  const rendered = renderedText(markdown);
  expect(
    autolinks(rendered).filter((t) => !isGoalie(t)),
    `${what}: bare URLs the host links`,
  ).to.deep.equal([]);
  expect(
    mentionsAndReferences(rendered).filter((t) => !['#7', '!7'].includes(t)),
    `${what}: mentions and references`,
  ).to.deep.equal([]);
  expect(quickActions(markdown), `${what}: GitLab quick actions`).to.deep.equal([]);
  expect(markdown, `${what}: a heading of its own`).not.to.match(/^#+ (?!.*Goalie (?:review|could not|is waiting))/m);
  const reads = unescapeMarkdown(markdown);
  for (const line of lines) expect(reads, `${what} reads "${line}"`).to.include(line);
}

function review(over: Partial<ReviewRecord>): ReviewRecord {
  return {
    id: 'r1',
    shortId: 'rev-abc',
    projectId: 'p1',
    connectionId: 'c1',
    changeRequestNumber: 7,
    changeRequestTitle: ONE_LINE,
    changeRequestUrl: null,
    branch: 'feature/`[Approve](https://evil.example/branch)`',
    headSha: '0123456789abcdef0123456789abcdef01234567',
    author: 'mallory',
    authorId: null,
    event: 'comment',
    status: 'COMPLETED',
    deploymentUrls: [],
    runId: 'run1',
    exploration: null,
    checks: null,
    verdict: 'Changes Requested',
    summary: `1 critical finding: ${ONE_LINE}.`,
    errorMessage: `No review was run: the preview URL ${ONE_LINE} is not on an allowed preview origin.`,
    commentId: null,
    supersededBySha: null,
    createdAt: new Date('2026-01-01T10:00:00Z'),
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

const check: CheckResult = { goal: ONE_LINE, passed: false, title: ONE_LINE, thought: HOSTILE };
const context: CommentContext = {
  host: 'github',
  projectName: ONE_LINE,
  reviewUrl: REVIEW_URL,
  runUrl: RUN_URL,
  testPlanName: ONE_LINE,
  testCases: [
    {
      shortId: 'rtc-1',
      name: ONE_LINE,
      status: 'COMPLETED',
      result: 'FAILED',
      resultTitle: ONE_LINE,
      evaluationThought: HOSTILE,
    } as RunTestCase,
  ],
  findings: [{ severity: 'critical', kind: 'console-error', title: ONE_LINE, page: ONE_LINE, evidence: HOSTILE }],
  pagesVisited: 3,
  checks: [check],
  missing: [ONE_LINE],
  mention: '@goalie',
  supersededBySha: null,
};

describe('messages link only Goalie: text from outside is written as text', () => {
  describe('the review comment and the verdict (Markdown)', () => {
    for (const status of ['COMPLETED', 'ERROR', 'WAITING', 'RUNNING'] as const)
      it(`the comment on a review in ${status}`, () => {
        const comment = renderComment(review({ status }), context);
        linksOnlyGoalie(comment, status, status === 'COMPLETED' ? LINES : [ONE_LINE]);
      });

    it('a branch with backticks stays inside its code span', () => {
      const comment = renderComment(review({ status: 'RUNNING' }), context);
      expect(markdownLinks(comment).filter((t) => !isGoalie(t))).to.deep.equal([]);
      expect(comment).to.include('`` feature/`[Approve](https://evil.example/branch)` ``');
    });

    it("the verdict's body", () => {
      linksOnlyGoalie(renderVerdict(review({}), REVIEW_URL), 'verdict', [ONE_LINE]);
    });
  });

  const run = runRecord({
    testPlanName: ONE_LINE,
    actor: ONE_LINE,
    branch: ONE_LINE,
    commitMessage: ONE_LINE,
    repository: ONE_LINE,
  });
  const testCases = [
    { name: ONE_LINE, status: 'COMPLETED', result: 'FAILED', resultTitle: ONE_LINE, errorMessage: null },
  ] as RunTestCaseRecord[];

  it('Slack: the only links are the run page, in mrkdwn and buttons', () => {
    for (const message of [runStartedMessage(run, 1, RUN_URL), runSummaryMessage(run, testCases, RUN_URL)]) {
      const json = JSON.stringify(message.blocks);
      const texts = [...json.matchAll(/"text":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
      // In mrkdwn a link is <url> or <url|words>; <!date^...> is Slack's date, not a link.
      const links = texts.flatMap((t) => [...t.matchAll(/<([^>!][^>|]*)(?:\|[^>]*)?>/g)].map((m) => m[1]!));
      expect(links.filter((t) => !isGoalie(t))).to.deep.equal([]);
      const urls = [...json.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1]!);
      expect(urls.filter((t) => !isGoalie(t))).to.deep.equal([]);
      // The text reads as written: Slack shows &lt; &gt; &amp; as < > &.
      const reads = texts.join('\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      expect(reads).to.include(ONE_LINE);
    }
  });

  it('Teams: the only link is the Open run action; Markdown in the card is escaped', () => {
    for (const message of [runStartedTeams(run, 1, RUN_URL), runSummaryTeams(run, testCases, RUN_URL)]) {
      const card = message.attachments[0]!.content;
      expect(card.actions.map((a) => a.url)).to.deep.equal([RUN_URL]);
      const json = JSON.stringify(card.body);
      const texts = [...json.matchAll(/"(?:text|title|value)":"((?:[^"\\]|\\.)*)"/g)].map(
        (m) => JSON.parse(`"${m[1]}"`) as string,
      );
      // A card's Markdown has links ([words](url)), no HTML.
      for (const text of texts) expect(activeMarkdown(text), text).not.to.match(/\]\(/);
      expect(texts.map(unescapeMarkdown).join('\n')).to.include(ONE_LINE);
    }
  });

  it('email: the only link is the run page, everything else escaped', () => {
    for (const mail of [runStartedEmail(run, 1, RUN_URL), runSummaryEmail(run, testCases, RUN_URL)]) {
      const tags = [...mail.html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*>/gi)].map((m) => m[0]);
      const links = tags.filter((t) => /\b(?:href|src)\s*=/i.test(t));
      expect(links).to.deep.equal([`<a href="${RUN_URL}">`]);
      expect(tags.map((t) => /^<([a-z0-9]+)/i.exec(t)![1]!.toLowerCase())).not.to.include.members(['img', 'script']);
      expect(mail.text).to.include(ONE_LINE);
    }
  });
});
