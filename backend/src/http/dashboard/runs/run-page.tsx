// The run's page: its state in words and its test cases counted; what did not pass first, each with
// its reason, the screenshot of where it stopped, the trace and the logs; passes collapsed; then who
// and what started it, with links to the repository host; and Rerun failed, Rerun all and Cancel for
// those who may run.
import { legacyRunTestCaseAnchor, runTestCaseAnchor } from '../../../../../shared/src/run-page-anchor.js';
import type { RunCounts, RunNeighbour } from '../../../app/ports/run-queries.js';
import type { ReviewRecord } from '../../../app/ports/review-store.js';
import type { RunRecord, RunTestCaseRecord } from '../../../app/records.js';
import type { HostLinks, RepositoryHost } from '../../../domain/host-links.js';
import { isFailedOutcome, type RunStatus } from '../../../domain/run-state.js';
import { Badge, duration, Notice, PostForm, Time } from '../components.js';
import type { NavProject } from '../layout.js';
import { modelTokensText } from '../model-tokens.js';
import { OutsideLink } from '../outside-link.js';
import {
  countsSentence,
  countTestCases,
  isLive,
  runStateWords,
  shortSha,
  shownResult,
  TRIGGER_EXPLAINED,
  TRIGGER_WORDS,
} from './run-words.js';

export interface RunPageData {
  run: RunRecord;
  testCases: RunTestCaseRecord[];
  project: NavProject;
  /** The sentences of the steps each run test case ran, by run test case id (empty when unknown). */
  steps: Map<string, string[]>;
  previous: RunNeighbour | null;
  rerunOf: RunNeighbour | null;
  review: ReviewRecord | null;
  host: { kind: RepositoryHost; links: HostLinks } | null;
  /** Who reads: may they rerun and cancel, and are they signed in at all. */
  viewer: { mayRun: boolean; signedIn: boolean };
  csrf: string;
  notice: string | null;
}

/** The notices the run's actions come back with (`?notice=`), in words. */
export const RUN_NOTICES: Record<string, { kind?: 'error' | 'ok'; text: string }> = {
  'nothing-failed': {
    text: 'Nothing to rerun: no test case of this run failed, errored or was skipped. Rerun all runs every test case again.',
  },
  'nothing-to-rerun': { text: 'Nothing to rerun: none of the test cases of this run exists any more.' },
  cancelling: {
    kind: 'ok',
    text: 'Cancelling: the test cases that had not started are cancelled, running ones stop within a few seconds.',
  },
  ended: { text: 'This run has already ended: there is nothing to cancel.' },
  'still-running': {
    text: 'This run has not ended yet: nothing was rerun. Rerun it once it has ended, or cancel it first.',
  },
};

const evidenceHref = (key: string) => `/evidence/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The sentences of a step plan ("1. Click 'Greet'  (from "...")  [interpreted by ...]"), by position. */
export function stepPlanSentences(plan: string | null): string[] {
  if (!plan) return [];
  const sentences: string[] = [];
  for (const line of plan.split('\n')) {
    const match = /^(\d+)\.\s(.*)$/.exec(line);
    if (!match) continue;
    sentences[Number(match[1]) - 1] = match[2]!
      .replace(/\s+\[interpreted by [^\]]*\]$/, '')
      .replace(/\s+\(from ".*"\)$/, '');
  }
  return sentences;
}

type Shot = RunTestCaseRecord['evidence'][number];

/** "after step 3: Click 'Add to cart'", "at the end". */
export function screenshotCaption(shot: Shot, sentences: readonly string[], ended: 'passed' | 'stopped'): string {
  if (shot.label === 'final') return ended === 'passed' ? 'at the end' : 'when it stopped';
  const step = Number(shot.label);
  if (!Number.isInteger(step) || step < 1) return shot.label;
  const sentence = sentences[step - 1];
  return sentence ? `after step ${step}: ${sentence}` : `after step ${step}`;
}

function Figure({ shot, caption, main }: { shot: Shot; caption: string; main?: boolean }) {
  return (
    <figure class={main ? 'main' : undefined}>
      <a href={evidenceHref(shot.key)}>
        <img loading="lazy" src={evidenceHref(shot.key)} alt={`Screenshot ${caption}`} />
      </a>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

const FILE_NAMES: Record<string, string> = {
  trace: 'Playwright trace (zip)',
  console: 'Console errors (text)',
  network: 'Failed requests (text)',
};

/** Screenshots, trace and logs of a test case; for one that did not pass, where it stopped comes first and large. */
function Evidence({ tc, sentences, passed }: { tc: RunTestCaseRecord; sentences: string[]; passed: boolean }) {
  const shots = tc.evidence.filter((e) => e.kind === 'screenshot');
  const files = tc.evidence.filter((e) => e.kind !== 'screenshot');
  const caption = (shot: Shot) => screenshotCaption(shot, sentences, passed ? 'passed' : 'stopped');
  if (tc.evidenceExpiredAt && !tc.evidence.length) {
    return (
      <p class="muted evidence-expired">
        The screenshots, trace and logs of this test case expired on {tc.evidenceExpiredAt.toISOString().slice(0, 10)}:
        the project keeps evidence for a number of days (evidenceRetentionDays in its project file).
      </p>
    );
  }
  const last = shots.find((s) => s.label === 'final') ?? shots[shots.length - 1];
  const others = passed ? shots : shots.filter((s) => s !== last);
  return (
    <>
      {!passed && last ? (
        <div class="shots">
          <Figure shot={last} caption={caption(last)} main />
        </div>
      ) : null}
      {others.length ? (
        passed ? (
          <div class="shots">
            {others.map((s) => (
              <Figure shot={s} caption={caption(s)} />
            ))}
          </div>
        ) : (
          <details id={`shots-${tc.shortId}`}>
            <summary>Screenshots of the steps before ({others.length})</summary>
            <div class="shots">
              {others.map((s) => (
                <Figure shot={s} caption={caption(s)} />
              ))}
            </div>
          </details>
        )
      ) : null}
      {files.length ? (
        <p class="actions">
          {files.map((f) => (
            <a href={evidenceHref(f.key)} download>
              {FILE_NAMES[f.kind] ?? f.label}
            </a>
          ))}
        </p>
      ) : null}
    </>
  );
}

const CHANGE_WORDS = { typo: 'name spelt differently', reworded: 'name reworded', role: 'a link for a button' };

function Healed({ tc }: { tc: RunTestCaseRecord }) {
  if (!tc.healed.length) return null;
  return (
    <div class="healed">
      <p>
        <strong>
          Healed {tc.healed.length} step{tc.healed.length === 1 ? '' : 's'}
        </strong>
        : the page changed, and Goalie found an element with the same role, in the same place, with a close name.
      </p>
      <ul>
        {tc.healed.map((h) => (
          <li>
            Step {h.index + 1} “{h.sentence}”: {h.before} → {h.after}
            {h.change && h.change !== 'none' ? ` (${CHANGE_WORDS[h.change]})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TestCaseFacts({ tc, stepCount }: { tc: RunTestCaseRecord; stepCount: number }) {
  return (
    <dl class="facts">
      <dt>Test case</dt>
      <dd>{tc.testCaseId ? <a href={`/test-cases/${tc.testCaseId}`}>{tc.name}</a> : <>{tc.name} (deleted since)</>}</dd>
      <dt>Environment</dt>
      <dd>{tc.environmentUrl ?? '—'}</dd>
      {tc.startedAt ? (
        <>
          <dt>Duration</dt>
          <dd>
            {tc.finishedAt ? duration(tc.startedAt, tc.finishedAt) : 'still running'}
            {tc.attempt > 0 ? ` (attempt ${tc.attempt + 1})` : ''}
          </dd>
        </>
      ) : null}
      {tc.stepVersion ? (
        <>
          <dt>Steps</dt>
          <dd>
            {stepCount ? `${stepCount} recorded steps, ` : ''}version {tc.stepVersion}
          </dd>
        </>
      ) : null}
      {tc.modelTokens ? (
        <>
          <dt>Language model</dt>
          <dd>{modelTokensText(tc.modelTokens)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function StepPlan({ tc }: { tc: RunTestCaseRecord }) {
  if (!tc.promptExamples) return null;
  return (
    <details id={`plan-${tc.shortId}`}>
      <summary>Steps it ran</summary>
      <pre>{tc.promptExamples}</pre>
    </details>
  );
}

function outcomeBadge(tc: RunTestCaseRecord) {
  return tc.result && tc.result !== 'SKIPPED' ? tc.result : tc.status;
}

/**
 * Links from before the one anchor scheme (`#tc-<shortId>`, which the MCP server wrote) still land
 * on the test case: an empty element with that id just before its own (docs/dashboard.md).
 */
function LegacyAnchor({ tc }: { tc: RunTestCaseRecord }) {
  return <span id={legacyRunTestCaseAnchor(tc.shortId)} />;
}

/** A test case that failed, errored, was skipped or cancelled: open, its reason first. */
function NotPassed({ tc, sentences }: { tc: RunTestCaseRecord; sentences: string[] }) {
  const headingId = `h-${tc.shortId}`;
  return (
    <section class="test-case failed" id={runTestCaseAnchor(tc.shortId)} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {tc.name} <Badge value={outcomeBadge(tc)} />
      </h3>
      {tc.resultTitle ? (
        <p class="reason">
          <strong>{tc.resultTitle}</strong>
        </p>
      ) : null}
      {tc.evaluationThought ? <pre class="thought">{tc.evaluationThought}</pre> : null}
      {tc.errorMessage && tc.errorMessage !== tc.evaluationThought ? (
        <details id={`error-${tc.shortId}`}>
          <summary>Error message</summary>
          <pre>{tc.errorMessage}</pre>
        </details>
      ) : null}
      <Healed tc={tc} />
      <Evidence tc={tc} sentences={sentences} passed={false} />
      <TestCaseFacts tc={tc} stepCount={sentences.length} />
      <StepPlan tc={tc} />
    </section>
  );
}

/** A test case that passed: one line, its screenshots and facts inside. */
function Passed({ tc, sentences }: { tc: RunTestCaseRecord; sentences: string[] }) {
  return (
    <details class="test-case" id={runTestCaseAnchor(tc.shortId)}>
      <summary>
        {tc.name} <Badge value="PASSED" />
        <span class="muted">
          {tc.startedAt && tc.finishedAt ? ` in ${duration(tc.startedAt, tc.finishedAt)}` : ''}
          {tc.healed.length ? ` · healed ${tc.healed.length} step${tc.healed.length === 1 ? '' : 's'}` : ''}
        </span>
      </summary>
      {tc.evaluationThought ? <p>{tc.evaluationThought}</p> : null}
      <Healed tc={tc} />
      <Evidence tc={tc} sentences={sentences} passed />
      <TestCaseFacts tc={tc} stepCount={sentences.length} />
      <StepPlan tc={tc} />
    </details>
  );
}

const ORDER: Record<string, number> = { FAILED: 0, ERROR: 1, SKIPPED: 2, CANCELLED: 3 };
const notPassedRank = (tc: RunTestCaseRecord) => (tc.result === 'FAILED' ? 0 : (ORDER[tc.status] ?? 4));

function Neighbour({ run }: { run: RunNeighbour }) {
  return (
    <>
      <a href={`/runs/${run.shortId}`}>
        <span class="visually-hidden">Run </span>
        {run.shortId}
      </a>{' '}
      <Badge value={shownResult(run) ?? run.status} /> <Time at={run.createdAt} />
    </>
  );
}

function Attribution({ data }: { data: RunPageData }) {
  const { run, review, host } = data;
  const links = host?.links ?? null;
  const message = run.commitMessage?.split('\n')[0]?.trim();
  const changeRequest = review
    ? (review.changeRequestUrl ?? links?.changeRequest(review.changeRequestNumber) ?? null)
    : null;
  const number = review ? `${host?.kind === 'gitlab' ? '!' : '#'}${review.changeRequestNumber}` : '';
  return (
    <dl class="facts">
      <dt>Test plan</dt>
      <dd>
        <a href={`/p/${data.project.slug}/plans#plan-${run.testPlanShortId}`}>{run.testPlanName}</a>{' '}
        <code>{run.testPlanShortId}</code>
      </dd>
      <dt>Trigger</dt>
      <dd>{TRIGGER_EXPLAINED[run.trigger]}</dd>
      {run.actor ? (
        <>
          <dt>Started by</dt>
          <dd>{run.actor}</dd>
        </>
      ) : null}
      {review ? (
        <>
          <dt>Merge request</dt>
          <dd>
            <OutsideLink href={changeRequest}>
              {number} {review.changeRequestTitle}
            </OutsideLink>{' '}
            (<a href={`/reviews/${review.shortId}`}>review {review.shortId}</a>)
          </dd>
        </>
      ) : null}
      {run.repository || links ? (
        <>
          <dt>Repository</dt>
          <dd>
            <OutsideLink href={links?.repository ?? null}>{run.repository ?? links?.repository}</OutsideLink>
          </dd>
        </>
      ) : null}
      {run.branch ? (
        <>
          <dt>Branch</dt>
          <dd>
            <OutsideLink href={links?.branch(run.branch) ?? null}>
              <code>{run.branch}</code>
            </OutsideLink>
          </dd>
        </>
      ) : null}
      {run.commitHash ? (
        <>
          <dt>Commit</dt>
          <dd>
            <OutsideLink href={links?.commit(run.commitHash) ?? null}>
              <code title={run.commitHash}>{shortSha(run.commitHash)}</code>
            </OutsideLink>
            {message ? ` ${message}` : ''}
          </dd>
        </>
      ) : null}
      <dt>Created</dt>
      <dd>
        <Time at={run.createdAt} />
      </dd>
      {run.finishedAt ? (
        <>
          <dt>Duration</dt>
          <dd>{duration(run.startedAt ?? run.createdAt, run.finishedAt)}</dd>
        </>
      ) : null}
      {data.rerunOf ? (
        <>
          <dt>Rerun of</dt>
          <dd>
            <Neighbour run={data.rerunOf} />
          </dd>
        </>
      ) : null}
      <dt>Previous run of the plan</dt>
      <dd>{data.previous ? <Neighbour run={data.previous} /> : <span class="muted">none: this is its first</span>}</dd>
    </dl>
  );
}

/**
 * Why there is no rerun yet, for a run that has not ended: "Not started yet: 5 test cases waiting."
 * (waiting, or running with none finished), else "Running: 2 of 5 done."
 */
export function liveSentence(status: RunStatus, counts: RunCounts): string {
  const done = counts.total - counts.toGo;
  if (status === 'INITIATED' || done === 0) {
    const waiting = counts.total === 1 ? '1 test case waiting' : `${counts.total} test cases waiting`;
    return `Not started yet: ${counts.total ? waiting : 'no test cases'}.`;
  }
  return `Running: ${done} of ${counts.total} done.`;
}

function Actions({
  data,
  counts,
  rerunnableFailed,
  rerunnable,
}: {
  data: RunPageData;
  counts: RunCounts;
  rerunnableFailed: number;
  rerunnable: number;
}) {
  const { run, viewer, csrf } = data;
  if (!viewer.mayRun) {
    return (
      <p class="muted">
        {viewer.signedIn ? (
          'You may read this run; rerunning and cancelling runs needs a member (or admin, or owner) of the organization.'
        ) : (
          <>
            <a href={`/sign-in?next=${encodeURIComponent(`/runs/${run.shortId}`)}`}>Sign in</a> as a member of the
            organization to rerun or cancel this run.
          </>
        )}
      </p>
    );
  }
  if (isLive(run.status)) {
    // A rerun is offered once the run has ended: until then, what it would rerun is not known yet.
    return (
      <div class="actions">
        <PostForm action={`/runs/${run.shortId}/cancel`} csrf={csrf} class="inline">
          <button type="submit" class="danger">
            Cancel run
          </button>
        </PostForm>
        <span class="muted">{liveSentence(run.status, counts)} Rerun is offered once the run has ended.</span>
      </div>
    );
  }
  return (
    <div class="actions">
      {rerunnableFailed ? (
        <PostForm action={`/runs/${run.shortId}/rerun-failed`} csrf={csrf} class="inline">
          <button type="submit">Rerun failed</button>
        </PostForm>
      ) : null}
      {rerunnable ? (
        <PostForm action={`/runs/${run.shortId}/rerun`} csrf={csrf} class="inline">
          <button type="submit" class={rerunnableFailed ? 'secondary' : undefined}>
            Rerun all
          </button>
        </PostForm>
      ) : null}
      <span class="muted">
        {rerunnableFailed
          ? `Rerun failed starts a new run of the ${rerunnableFailed === 1 ? 'test case that' : `${rerunnableFailed} test cases that`} failed, errored or ${rerunnableFailed === 1 ? 'was' : 'were'} skipped (with what ${rerunnableFailed === 1 ? 'it depends' : 'they depend'} on).`
          : rerunnable
            ? 'Nothing failed, errored or was skipped.'
            : ''}
      </span>
    </div>
  );
}

/** One line under the summary: who started it and on what, and when (the details are at the bottom). */
function Byline({ run }: { run: RunRecord }) {
  return (
    <p class="byline muted">
      {capitalised(TRIGGER_WORDS[run.trigger])} run{run.actor ? ` by ${run.actor}` : ''}
      {run.branch ? (
        <>
          {' '}
          on <code>{run.branch}</code>
        </>
      ) : null}
      {run.commitHash ? (
        <>
          {' '}
          at <code>{shortSha(run.commitHash)}</code>
        </>
      ) : null}
      , created <Time at={run.createdAt} />
      {run.finishedAt ? `, took ${duration(run.startedAt ?? run.createdAt, run.finishedAt)}` : ''}.
    </p>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function RunPage({ data }: { data: RunPageData }) {
  const { run, testCases } = data;
  const counts = countTestCases(testCases);
  const result = shownResult(run);
  const sentencesOf = (tc: RunTestCaseRecord) => data.steps.get(tc.id) ?? [];
  const notPassed = testCases
    .filter((t) => ['COMPLETED', 'ERROR', 'SKIPPED', 'CANCELLED'].includes(t.status) && t.result !== 'PASSED')
    .sort((a, b) => notPassedRank(a) - notPassedRank(b) || a.position - b.position);
  const going = testCases.filter((t) => t.status === 'PENDING' || t.status === 'RUNNING');
  const passed = testCases.filter((t) => t.status === 'COMPLETED' && t.result === 'PASSED');
  const rerunnableFailed = testCases.filter((t) => t.testCaseId && isFailedOutcome(t)).length;
  const rerunnable = testCases.filter((t) => t.testCaseId).length;
  const notice = data.notice ? RUN_NOTICES[data.notice] : undefined;
  return (
    <>
      <h1>
        Run {run.shortId} of {run.testPlanName}
      </h1>
      <p class="summary">
        <Badge value={result ?? run.status} /> <strong>{capitalised(runStateWords(run))}</strong>:{' '}
        {countsSentence(counts)}.
      </p>
      <Byline run={run} />
      {run.errorMessage ? <Notice kind="error">{run.errorMessage}</Notice> : null}
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <Actions data={data} counts={counts} rerunnableFailed={rerunnableFailed} rerunnable={rerunnable} />

      {notPassed.length ? (
        <>
          <h2>Did not pass ({notPassed.length})</h2>
          {notPassed.map((tc) => (
            <>
              <LegacyAnchor tc={tc} />
              <NotPassed tc={tc} sentences={sentencesOf(tc)} />
            </>
          ))}
        </>
      ) : null}

      {going.length ? (
        <>
          <h2>Still to go ({going.length})</h2>
          <ul class="going">
            {going.map((tc) => (
              <li>
                {tc.name} <Badge value={tc.status} />
                {tc.status === 'RUNNING' && tc.startedAt ? (
                  <span class="muted">
                    {' '}
                    since <Time at={tc.startedAt} />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {passed.length ? (
        <>
          <h2>Passed ({passed.length})</h2>
          {passed.map((tc) => (
            <>
              <LegacyAnchor tc={tc} />
              <Passed tc={tc} sentences={sentencesOf(tc)} />
            </>
          ))}
        </>
      ) : null}

      <h2>Who and what started it</h2>
      <Attribution data={data} />
    </>
  );
}
