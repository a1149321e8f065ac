// A review's page (the link on the change request's comment and commit status): the verdict and why
// first, then the end-to-end results, the exploration's findings and the context checks, then where
// the review came from. Updates itself while the review is in progress.
import { runTestCaseLink } from '../../../../../shared/src/run-page-anchor.js';
import type { ConnectionSummary, ReviewSummary } from '../../../app/ports/reviews-queries.js';
import type { ReviewRecord } from '../../../app/ports/review-store.js';
import type { RunRecord, RunTestCaseRecord } from '../../../app/records.js';
import { Badge, duration, Table, Time } from '../components.js';
import { OutsideLink } from '../outside-link.js';
import {
  changeRequestNoun,
  changeRequestRef,
  countInWords,
  EVENT_WORDS,
  HOST_NAMES,
  IN_PROGRESS,
  OUTCOME_WORDS,
  SEVERITY_ORDER,
  SEVERITY_WORDS,
  shortSha,
  STATUS_WORDS,
} from './review-words.js';

export interface ReviewPageData {
  review: ReviewRecord;
  /** The project's connection (null: it was removed since). */
  connection: ConnectionSummary | null;
  run: RunRecord | null;
  testCases: RunTestCaseRecord[];
  /** The change request's reviews, newest first (this one among them). */
  history: ReviewSummary[];
  /** While WAITING: the hosting environments without a deployment of the commit yet. */
  missing: string[];
}

export function isLive(review: ReviewRecord): boolean {
  return IN_PROGRESS.includes(review.status);
}

export function reviewTitle(data: ReviewPageData): string {
  const { review, connection } = data;
  return `Review of ${changeRequestRef(connection?.host ?? 'github', review.changeRequestNumber)}${review.changeRequestTitle ? `: ${review.changeRequestTitle}` : ''}`;
}

/** What happened, in words: the first thing on the page. */
function Outcome({ data }: { data: ReviewPageData }) {
  const { review, connection, missing } = data;
  const host = connection ? HOST_NAMES[connection.host] : 'the host';
  const sha = <code>{shortSha(review.headSha)}</code>;
  switch (review.status) {
    case 'COMPLETED':
      return (
        <section
          class={`verdict ${review.verdict ? review.verdict.replace(/\s+/g, '') : ''}`}
          aria-labelledby="verdict"
        >
          <h2 id="verdict">
            Verdict: <Badge value={review.verdict ?? 'Comment'} />
          </h2>
          {review.summary ? <p class="summary">{review.summary}</p> : null}
        </section>
      );
    case 'AUTHORIZING':
      return (
        <p class="notice" role="status">
          Goalie is asking {host} whether {review.author ?? 'the person who asked'} may ask for a review. Nothing runs
          before {host} answers.
        </p>
      );
    case 'WAITING':
      return (
        <p class="notice" role="status">
          Waiting for the deployments of commit {sha}
          {missing.length ? (
            <>
              {' '}
              to {missing.length === 1 ? 'the environment' : 'the environments'}{' '}
              {missing.map((m, i) => [i ? ', ' : '', <code>{m}</code>])}
            </>
          ) : null}
          . The review starts when they are ready
          {connection ? (
            <>
              , or when someone comments <code>{connection.mention} &lt;preview URL&gt;</code> on the{' '}
              {changeRequestNoun(connection.host)}
            </>
          ) : null}
          .
        </p>
      );
    case 'QUEUED':
      return (
        <p class="notice" role="status">
          Queued: the review of commit {sha} starts as soon as a worker is free.
        </p>
      );
    case 'RUNNING':
      return (
        <p class="notice" role="status">
          In progress: the end-to-end run and the exploration of the preview are running. This page updates itself.
        </p>
      );
    case 'SUPERSEDED':
      return (
        <div class="notice warn">
          <p>
            <strong>Superseded.</strong>{' '}
            {review.supersededBySha ? (
              <>
                Commit <code>{shortSha(review.supersededBySha)}</code> is newer, so this review of {sha} was cancelled
                and gave no verdict.
              </>
            ) : (
              <>
                This review of {sha} was cancelled because the change request changed or was closed; it gave no verdict.
              </>
            )}
          </p>
          {data.history[0] && data.history[0].shortId !== review.shortId ? (
            <p>
              The newest review of this change request:{' '}
              <a href={`/reviews/${data.history[0].shortId}`}>{data.history[0].shortId}</a> (
              {STATUS_WORDS[data.history[0].status]}).
            </p>
          ) : null}
        </div>
      );
    case 'REFUSED':
      return (
        <div class="notice error" role="alert">
          <p>
            <strong>Refused.</strong> {review.author ?? 'The person who asked'} may not ask for a review, so nothing ran
            and no usage was spent.
            {review.errorMessage ? ` ${review.errorMessage}` : ''}
          </p>
          <p>Someone with enough permission on the repository can ask again by mentioning Goalie in a comment.</p>
        </div>
      );
    case 'ERROR':
      return (
        <div class="notice error" role="alert">
          <p>
            <strong>Goalie could not finish this review.</strong>{' '}
            {review.errorMessage ?? 'The review failed without a message; the server log has the details.'}
          </p>
        </div>
      );
  }
}

function outcomeOf(t: RunTestCaseRecord): string {
  return t.result ?? t.status;
}

/** Failures first, then what could not run, then the passes, each in plan order. */
function byImportance(a: RunTestCaseRecord, b: RunTestCaseRecord): number {
  const rank = (t: RunTestCaseRecord) =>
    ['FAILED', 'ERROR', 'SKIPPED', 'CANCELLED', 'RUNNING', 'PENDING', 'PASSED'].indexOf(outcomeOf(t));
  return rank(a) - rank(b) || a.position - b.position;
}

function EndToEnd({ data }: { data: ReviewPageData }) {
  const { run, testCases, review } = data;
  return (
    <section aria-labelledby="end-to-end">
      <h2 id="end-to-end">End-to-end tests</h2>
      {!run ? (
        <p class="muted">
          {isLive(review)
            ? 'The run has not started yet.'
            : 'No end-to-end run: the review ended before it, or the project has no test plan to run.'}
        </p>
      ) : (
        <>
          <p>
            <a href={`/runs/${run.shortId}`}>Run {run.shortId}</a> of the plan {run.testPlanName}:{' '}
            <Badge value={run.result ?? run.status} label={(run.result ?? run.status).toLowerCase()} />
            {testCases.length ? ` ${countInWords(testCases.map(outcomeOf))}.` : ' no test cases.'}
          </p>
          {testCases.length ? (
            <Table
              caption={`Test cases of run ${run.shortId}, failures first`}
              columns={['Test case', 'Result', 'Reason']}
            >
              {[...testCases].sort(byImportance).map((t) => (
                <tr>
                  <td>
                    <a href={runTestCaseLink(`/runs/${run.shortId}`, t.shortId)}>{t.name}</a>
                  </td>
                  <td>
                    <Badge value={outcomeOf(t)} label={OUTCOME_WORDS[outcomeOf(t)]} />
                  </td>
                  <td>{t.resultTitle ?? t.errorMessage ?? <span class="muted">—</span>}</td>
                </tr>
              ))}
            </Table>
          ) : null}
        </>
      )}
    </section>
  );
}

function ExplorationSection({ data }: { data: ReviewPageData }) {
  const exploration = data.review.exploration;
  const findings = [...(exploration?.findings ?? [])].sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
  const bySeverity = (['critical', 'major', 'minor'] as const)
    .map((s) => [s, findings.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0);
  return (
    <section aria-labelledby="exploration">
      <h2 id="exploration">Exploration of the preview</h2>
      {!exploration ? (
        <p class="muted">{isLive(data.review) ? 'The exploration has not finished yet.' : 'No exploration ran.'}</p>
      ) : (
        <>
          <p>
            {exploration.unreachable ? 'The preview could not be reached. ' : ''}
            {exploration.pagesVisited.length} {exploration.pagesVisited.length === 1 ? 'page' : 'pages'} visited,{' '}
            {findings.length === 0
              ? 'nothing found.'
              : `${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}: ${bySeverity.map(([s, n]) => `${n} ${s}`).join(', ')}.`}
          </p>
          {findings.length ? (
            <Table
              class="findings"
              caption="Findings of the exploration, the most severe first"
              columns={['Severity', 'Finding', 'Page', 'Evidence']}
            >
              {findings.map((f) => (
                <tr>
                  <td>
                    <Badge value={`severity-${f.severity}`} label={SEVERITY_WORDS[f.severity]} />
                  </td>
                  <td>{f.title}</td>
                  <td class="wrap">
                    <OutsideLink href={f.page} />
                  </td>
                  <td>
                    <pre>{f.evidence}</pre>
                  </td>
                </tr>
              ))}
            </Table>
          ) : null}
          {exploration.pagesVisited.length ? (
            <details id="pages-visited">
              <summary>Pages visited ({exploration.pagesVisited.length})</summary>
              <ul class="wrap">
                {exploration.pagesVisited.map((p) => (
                  <li>{p}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function Checks({ review }: { review: ReviewRecord }) {
  const checks = review.checks ?? [];
  if (!checks.length) return null;
  const failed = checks.filter((c) => !c.passed).length;
  return (
    <section aria-labelledby="checks">
      <h2 id="checks">Checks from the review context</h2>
      <p>
        The goals in the project's review context, checked on the preview: {failed ? `${failed} failed, ` : ''}
        {checks.length - failed} passed.
      </p>
      <Table caption="Checks from the review context" columns={['Result', 'Check', 'Reason']}>
        {[...checks]
          .sort((a, b) => Number(a.passed) - Number(b.passed))
          .map((c) => (
            <tr>
              <td>
                <Badge value={c.passed ? 'PASSED' : 'FAILED'} label={c.passed ? 'passed' : 'failed'} />
              </td>
              <td>
                <pre>{c.goal}</pre>
              </td>
              <td>{c.title ?? <span class="muted">—</span>}</td>
            </tr>
          ))}
      </Table>
    </section>
  );
}

function Attribution({ data }: { data: ReviewPageData }) {
  const { review, connection, run } = data;
  const ref = changeRequestRef(connection?.host ?? 'github', review.changeRequestNumber);
  return (
    <section aria-labelledby="about">
      <h2 id="about">About this review</h2>
      <dl class="facts">
        <dt>Change request</dt>
        <dd>
          <OutsideLink href={review.changeRequestUrl} fallback={`${ref} ${review.changeRequestTitle}`}>
            {ref} {review.changeRequestTitle}
            {connection ? ` on ${HOST_NAMES[connection.host]}` : ''}
          </OutsideLink>
          {connection ? <span class="muted"> ({connection.repository})</span> : null}
        </dd>
        <dt>Branch</dt>
        <dd>
          <code>{review.branch}</code>
        </dd>
        <dt>Commit</dt>
        <dd>
          <code>{review.headSha}</code>
        </dd>
        <dt>Author</dt>
        <dd>{review.author ?? <span class="muted">unknown</span>}</dd>
        <dt>Started by</dt>
        <dd>{EVENT_WORDS[review.event]}</dd>
        <dt>Previews</dt>
        <dd>
          {review.deploymentUrls.length ? (
            <ul class="plain">
              {review.deploymentUrls.map((d) => (
                <li>
                  <OutsideLink href={d.url} /> <span class="muted">({d.environment})</span>
                </li>
              ))}
            </ul>
          ) : (
            <span class="muted">none yet</span>
          )}
        </dd>
        <dt>Asked for</dt>
        <dd>
          <Time at={review.createdAt} />
        </dd>
        {review.startedAt ? (
          <>
            <dt>Started</dt>
            <dd>
              <Time at={review.startedAt} />
            </dd>
          </>
        ) : null}
        {review.finishedAt ? (
          <>
            <dt>Ended</dt>
            <dd>
              <Time at={review.finishedAt} />
              {review.startedAt ? ` (took ${duration(review.startedAt, review.finishedAt)})` : ''}
            </dd>
          </>
        ) : null}
        {run ? (
          <>
            <dt>End-to-end run</dt>
            <dd>
              <a href={`/runs/${run.shortId}`}>{run.shortId}</a>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function History({ data }: { data: ReviewPageData }) {
  const { history, review } = data;
  if (history.length < 2) return null;
  return (
    <section aria-labelledby="history">
      <h2 id="history">Reviews of this change request</h2>
      <Table
        caption="Reviews of this change request, newest first"
        columns={['Review', 'State', 'Verdict', 'Commit', 'Asked for']}
      >
        {history.map((h) => (
          <tr>
            <td>
              {h.shortId === review.shortId ? (
                <strong aria-current="page">{h.shortId} (this one)</strong>
              ) : (
                <a href={`/reviews/${h.shortId}`}>{h.shortId}</a>
              )}
            </td>
            <td>
              <Badge value={h.status} label={STATUS_WORDS[h.status]} />
            </td>
            <td>{h.verdict ? <Badge value={h.verdict} /> : <span class="muted">—</span>}</td>
            <td>
              <code>{shortSha(h.headSha)}</code>
            </td>
            <td>
              <Time at={h.createdAt} />
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

export function ReviewPage({ data }: { data: ReviewPageData }) {
  const { review, connection } = data;
  return (
    <>
      <h1>
        {reviewTitle(data)} <Badge value={review.status} label={STATUS_WORDS[review.status]} />
      </h1>
      <p class="muted">
        Review {review.shortId}
        {connection ? ` of ${connection.repository} on ${HOST_NAMES[connection.host]}` : ''}, branch{' '}
        <code>{review.branch}</code>, commit <code>{shortSha(review.headSha)}</code>
      </p>
      <Outcome data={data} />
      <EndToEnd data={data} />
      <ExplorationSection data={data} />
      <Checks review={review} />
      <Attribution data={data} />
      <History data={data} />
    </>
  );
}
