// One anchor scheme for links into a run's page (shared/src/run-page-anchor.ts): every link builder
// — the GitHub job summary, the review comment on GitHub and GitLab, JUnit reports (the CLI's
// --junit, GitLab's test report), the MCP server — links a run test case, failed or passed, with the
// helper's form, and no source builds such a fragment by hand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { finishedSummary, type StartedRun } from '../../actions/run/src/summary.js';
import type { ReviewRecord } from '../../backend/src/app/ports/review-store.js';
import { renderComment, type CommentContext } from '../../backend/src/app/review/render-comment.js';
import type { RunStatusView, RunTestCase } from '../../shared/src/api/types.js';
import { formatRun } from '../../shared/src/mcp/format.js';
import { junitXml } from '../../shared/src/report/junit.js';
import { markdownResultsTable } from '../../shared/src/report/results-table.js';
import { legacyRunTestCaseAnchor, runTestCaseAnchor, runTestCaseLink } from '../../shared/src/run-page-anchor.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN_URL = 'https://goalie.example.com/runs/k3m9x2p7qa';

function tc(shortId: string, name: string, result: 'PASSED' | 'FAILED'): RunTestCase {
  return {
    id: `id-${shortId}`,
    shortId,
    name,
    status: 'COMPLETED',
    result,
    resultTitle: result === 'FAILED' ? 'The cart stayed empty' : null,
    evaluationThought: result === 'FAILED' ? "'1 item' never appeared." : 'Signed in.',
    promptGoal: null,
    promptExamples: null,
    projectTestCaseId: null,
    startedAt: null,
    finishedAt: null,
  };
}

const failed = tc('f4ild9x2ab', 'Add to cart', 'FAILED');
const passed = tc('p4ss3d7xyz', 'Sign in', 'PASSED');
const run: RunStatusView = {
  id: 'f6d1c3a2-0000-4000-8000-000000000001',
  shortId: 'k3m9x2p7qa',
  status: 'COMPLETED',
  result: 'FAILED',
  runTestCases: [failed, passed],
};
const started: StartedRun = {
  id: run.id,
  shortId: run.shortId,
  url: RUN_URL,
  testCount: 2,
  testPlan: { name: 'Smoke', shortId: 'pln-smoke_1' },
};
const link = (t: RunTestCase) => runTestCaseLink(RUN_URL, t.shortId);

// Only what the comment reads of a finished review with a run.
const review = {
  shortId: 'rev-abc',
  changeRequestNumber: 7,
  branch: 'feature/cart',
  author: 'ada',
  headSha: '0123456789abcdef0123456789abcdef01234567',
  event: 'opened',
  status: 'COMPLETED',
  verdict: 'Changes Requested',
  summary: '1 test case failed.',
  createdAt: new Date('2026-01-01T10:00:00Z'),
} as unknown as ReviewRecord;

const comment = (host: CommentContext['host']): CommentContext => ({
  host,
  projectName: 'Shop',
  reviewUrl: 'https://goalie.example.com/reviews/rev-abc',
  runUrl: RUN_URL,
  testPlanName: 'Smoke',
  testCases: [failed, passed],
  findings: [],
  pagesVisited: 0,
  checks: [],
  missing: [],
  mention: '@goalie',
  supersededBySha: null,
});

describe('links into a run page: one anchor scheme', () => {
  it("the anchor is the run test case's short ID; the old tc- form is only what the page still answers", () => {
    expect(runTestCaseAnchor('p4ss3d7xyz')).to.equal('p4ss3d7xyz');
    expect(legacyRunTestCaseAnchor('p4ss3d7xyz')).to.equal('tc-p4ss3d7xyz');
    expect(runTestCaseLink(RUN_URL, 'p4ss3d7xyz')).to.equal(`${RUN_URL}#p4ss3d7xyz`);
    expect(runTestCaseLink('/runs/k3m9x2p7qa', 'p4ss3d7xyz')).to.equal('/runs/k3m9x2p7qa#p4ss3d7xyz');
  });

  const builders: [string, () => string, RunTestCase[]][] = [
    ['the Markdown results table', () => markdownResultsTable(run.runTestCases, RUN_URL), [failed, passed]],
    [
      'the GitHub job summary',
      () =>
        finishedSummary(started, {
          run,
          timedOut: false,
          timeoutMinutes: 10,
        }),
      [failed, passed],
    ],
    ['the review comment on GitHub', () => renderComment(review, comment('github')), [failed, passed]],
    ['the review note on GitLab', () => renderComment(review, comment('gitlab')), [failed, passed]],
    ['the JUnit report (--junit, GitLab test reports)', () => junitXml(run, { runUrl: RUN_URL }), [failed, passed]],
    // The MCP server links the evidence of what did not pass.
    ['the MCP run view', () => formatRun(run, RUN_URL), [failed]],
  ];
  for (const [what, build, linked] of builders) {
    it(`${what} links each run test case with the helper's form`, () => {
      const text = build();
      for (const t of linked) expect(text, `${what}: ${t.name}`).to.include(link(t));
      expect(text, `${what}: the old tc- form`).not.to.include('#tc-');
      // Every fragment after the run's URL is one of the helper's.
      const fragments = [...text.matchAll(new RegExp(`${RUN_URL.replace(/[.]/g, '\\.')}#([\\w-]+)`, 'g'))].map(
        (m) => m[1],
      );
      expect(fragments.length, what).to.be.greaterThan(0);
      for (const f of fragments)
        expect(
          run.runTestCases.map((t) => runTestCaseAnchor(t.shortId)),
          what,
        ).to.include(f);
    });
  }

  it('no source builds a fragment into a run page by hand (they call runTestCaseLink)', () => {
    const roots = [
      'backend/src',
      'shared/src',
      ...fs.readdirSync(path.join(ROOT, 'actions')).map((a) => `actions/${a}/src`),
    ];
    const files = roots.flatMap((root) =>
      fs.existsSync(path.join(ROOT, root))
        ? (fs.readdirSync(path.join(ROOT, root), { recursive: true }) as string[])
            .filter((f) => /\.tsx?$/.test(f))
            .map((f) => path.join(root, f))
        : [],
    );
    const byHand = files.flatMap((file) => {
      if (file === 'shared/src/run-page-anchor.ts') return [];
      return fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          // Code, not comments (which may name the old form).
          !/^\s*(\/\/|\/?\*)/.test(line) && /#tc-|\/runs\/\$\{[^}]+\}#|[rR]unUrl\}#|runPage\}#/.test(line)
            ? [`${file}:${i + 1}: ${line.trim()}`]
            : [],
        );
    });
    expect(byHand).to.deep.equal([]);
  });
});
