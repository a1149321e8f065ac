// A test case's page (the API's `url` points here): its state and what to do about it first, then
// goal and expected result, the burn-in, its last results, the recorded steps as Playwright code, and
// its history of runs. Actions (enable, disable, run now, edit, burn in again, delete) for those who
// may; after a test case of a project file was changed here, its entry for the file.
import type { TestCaseDetails } from '../../../app/test-case-details.js';
import type { TestCaseHistoryRow } from '../../../app/ports/test-case-queries.js';
import { can, type Role } from '../../../domain/access.js';
import { readableStep } from '../../../domain/step-code.js';
import { Badge, Notice, PostForm, TableHead, Time } from '../components.js';
import { modelTokensText } from '../model-tokens.js';
import { FlakyMark, ResultStrip } from './result-strip.js';
import { StepFacts } from './step-facts.js';
import { runTestCaseLink } from '../../../../../shared/src/run-page-anchor.js';

/** What an action did, said after the redirect back (?done=...). */
export const DONE: Record<string, string> = {
  enabled: 'Enabled: it runs in its test plans from now on.',
  disabled: 'Disabled: its test plans leave it out until it is enabled again.',
  edited: 'Saved. The burn-in is recording the steps of the new goal; this page follows it.',
  'created-burn-in':
    'Saved. The burn-in is recording its steps; this page follows it. Enable it once that is done to run it in its plans.',
  'created-tried': 'Saved with the steps of your try (no second burn-in). Enable it to run it in its plans.',
  'edited-burn-in': 'Saved. The burn-in is recording the steps of the new goal; this page follows it.',
  'edited-tried': 'Saved with the steps of your try (no second burn-in).',
  'edited-kept': 'Saved. Its goal and application did not change, so its recorded steps stay as they are.',
  'edited-unchanged': 'Nothing was changed, so nothing was saved.',
  unchanged: 'Nothing was changed, so nothing was saved.',
  'burn-in': 'The burn-in was queued again; this page follows it.',
};

export interface TestCasePageProps {
  details: TestCaseDetails;
  role: Role | null;
  csrf: string;
  projectSlug: string;
  /** The result of the action just done, or the refusal of one. */
  done?: string | null;
  error?: string | null;
  /** A test case of a project file just changed here: its entry for the file, to paste there. */
  yaml?: string | null;
}

function Actions({ details, role, csrf }: { details: TestCaseDetails; role: Role | null; csrf: string }) {
  const { testCase } = details;
  const base = `/test-cases/${testCase.id}`;
  if (!can(role, 'edit') && !can(role, 'run')) {
    return (
      <p class="muted">
        {role
          ? 'You may read this test case; enabling, changing or running it needs the member role (ask an owner of the organization).'
          : 'Sign in as a member of its organization to enable, change or run it.'}
      </p>
    );
  }
  const burned = testCase.generationStatus === 'COMPLETED';
  const why: string[] = [];
  if (!testCase.isEnabled && !burned) {
    why.push(
      testCase.generationStatus === 'GENERATING'
        ? 'It can be enabled and run once its burn-in has recorded the steps (a worker must be running: goalie serve or goalie worker).'
        : `It cannot be enabled or run: its burn-in failed. ${testCase.createdVia === 'apply' ? 'Fix its goal in the project file and run goalie apply again, or burn it in again.' : 'Edit its goal, or burn it in again.'}`,
    );
  }
  return (
    <>
      <div class="actions">
        {can(role, 'edit') && testCase.isEnabled ? (
          <PostForm action={`${base}/disable`} csrf={csrf}>
            <button type="submit" class="secondary">
              Disable
            </button>
          </PostForm>
        ) : null}
        {can(role, 'edit') && !testCase.isEnabled && burned ? (
          <PostForm action={`${base}/enable`} csrf={csrf}>
            <button type="submit">Enable</button>
          </PostForm>
        ) : null}
        {can(role, 'run') && burned ? (
          <PostForm action={`${base}/run`} csrf={csrf}>
            <button type="submit">Run now</button>
          </PostForm>
        ) : null}
        {can(role, 'edit') ? (
          <a class="button secondary" href={`${base}/edit`}>
            Edit
          </a>
        ) : null}
        {can(role, 'edit') ? (
          <PostForm action={`${base}/burn-in`} csrf={csrf} confirm="Record its steps again from its goal?">
            <button type="submit" class="secondary">
              Burn in again
            </button>
          </PostForm>
        ) : null}
        {can(role, testCase.createdVia === 'apply' ? 'settings' : 'edit') ? (
          <PostForm
            action={`${base}/delete`}
            csrf={csrf}
            confirm={`Delete ${testCase.name}? Its recorded steps go with it; past runs keep their results.`}
          >
            <button type="submit" class="danger">
              Delete
            </button>
          </PostForm>
        ) : null}
      </div>
      {why.map((text) => (
        <p>{text}</p>
      ))}
      {testCase.createdVia === 'apply' ? (
        <p class="muted">
          <small>
            Declared in a project file: the next goalie apply sets it back to what the file says (and enabled or
            disabled as the file says), so a change made here goes into the file too: Edit, then paste the YAML this
            page shows after saving.
          </small>
        </p>
      ) : null}
    </>
  );
}

function BurnIn({ details }: { details: TestCaseDetails }) {
  const { testCase, steps } = details;
  if (testCase.generationStatus === 'GENERATING') {
    return (
      <p>
        <Badge value="GENERATING" /> The burn-in is recording the steps
        {steps ? ` (runs replay version ${steps.version} until it is done)` : ''}. This page updates when it is done.
      </p>
    );
  }
  if (testCase.generationStatus === 'FAILED') {
    const [first, ...rest] = (testCase.generationError ?? 'The burn-in failed without a message.').split('\n');
    // Blank lines around the details go, the indentation of their first line stays (it lines up with the others).
    const details = rest
      .join('\n')
      .replace(/^(\s*\n)+/, '')
      .trimEnd();
    return (
      <div class="burn-in-error">
        <p>
          <Badge value="FAILED" /> <strong>{first}</strong>
        </p>
        {details ? <pre class="message">{details}</pre> : null}
      </div>
    );
  }
  return (
    <p>
      <Badge value="COMPLETED" />{' '}
      {steps ? `${steps.steps.length} step${steps.steps.length === 1 ? '' : 's'} recorded` : 'Completed'}
      {testCase.burnInTokens ? `; the burn-in used ${modelTokensText(testCase.burnInTokens)}` : ''}.
    </p>
  );
}

function Steps({ details }: { details: TestCaseDetails }) {
  const { steps, testCase } = details;
  if (!steps || steps.steps.length === 0) {
    return (
      <p class="muted">
        No steps recorded yet{testCase.generationStatus === 'GENERATING' ? ': the burn-in is running or queued' : ''}.
      </p>
    );
  }
  return (
    <>
      <p class="muted">
        Version {steps.version}, recorded <Time at={steps.createdAt} />. Each target's locators are Playwright calls,
        best first: a replay uses the first that finds the element.
      </p>
      <ol class="steps">
        {steps.steps.map((step) => {
          const readable = readableStep(step);
          return (
            <li>
              <StepFacts readable={readable} />
            </li>
          );
        })}
      </ol>
    </>
  );
}

function outcome(row: TestCaseHistoryRow): string {
  return row.result ?? row.status;
}

function History({ history }: { history: TestCaseHistoryRow[] }) {
  if (history.length === 0) return <p class="muted">It has not run yet.</p>;
  return (
    <table>
      <caption class="visually-hidden">Its runs, the latest first</caption>
      <TableHead columns={['Run', 'Result', 'Why', 'Finished', 'Commit', 'Trigger']} />
      <tbody>
        {history.map((row) => (
          <tr>
            <td>
              <a href={runTestCaseLink(`/runs/${encodeURIComponent(row.runShortId)}`, row.runTestCaseShortId)}>
                {row.runShortId}
              </a>
            </td>
            <td>
              <Badge value={outcome(row)} />
            </td>
            <td class="reason">{row.result === 'PASSED' ? '' : (row.resultTitle ?? '')}</td>
            <td>{row.finishedAt ? <Time at={row.finishedAt} /> : <span class="muted">not yet</span>}</td>
            <td>
              {row.commitHash ? (
                <code title={row.commitHash}>{row.commitHash.slice(0, 7)}</code>
              ) : (
                <span class="muted">—</span>
              )}
              {row.branch ? <small class="muted"> on {row.branch}</small> : null}
            </td>
            <td>
              {row.trigger.toLowerCase()}
              {row.actor ? <small class="muted"> by {row.actor}</small> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TestCasePage({ details, role, csrf, projectSlug, done, error, yaml }: TestCasePageProps) {
  const { testCase } = details;
  return (
    <>
      <h1>{testCase.name}</h1>
      <p class="states">
        {testCase.isEnabled ? <span class="badge PASSED">enabled</span> : <span class="badge">disabled</span>}{' '}
        <FlakyMark flakiness={details.flakiness} />{' '}
        <span class="muted">
          {testCase.isEnabled ? 'Runs in its test plans.' : 'Its test plans leave it out until it is enabled.'}
          {details.flakiness.flaky ? ` Flaky: ${details.flakiness.reason}.` : ''}
        </span>
      </p>
      {error ? (
        <Notice kind="error">{error}</Notice>
      ) : done && DONE[done] ? (
        <Notice kind="ok">{DONE[done]}</Notice>
      ) : null}
      <Actions details={details} role={role} csrf={csrf} />
      {yaml ? (
        <section aria-labelledby="in-the-file">
          <h2 id="in-the-file">In the project file</h2>
          <p>
            The next goalie apply sets this test case back to what its project file says. To keep the change, replace
            its entry under testCases in the file with this one:
          </p>
          <pre class="yaml" tabIndex={0} aria-label={`The entry of ${testCase.name} in the project file`}>
            {yaml}
          </pre>
          <button type="button" class="secondary" data-copy={yaml}>
            Copy the YAML
          </button>
        </section>
      ) : null}

      <h2>Goal</h2>
      <p class="text">{testCase.goal}</p>
      <h2>Expected result</h2>
      {testCase.expectedResult ? (
        <p class="text">{testCase.expectedResult}</p>
      ) : (
        <p class="muted">None: it passes when every step can be done.</p>
      )}

      <h2>Burn-in</h2>
      <BurnIn details={details} />

      <h2>Last results</h2>
      <div>
        <ResultStrip results={details.results} label={`Last results of ${testCase.name}, oldest first`} />
      </div>

      <h2>About it</h2>
      <dl class="facts">
        <dt>Application</dt>
        <dd>{details.applicationName}</dd>
        <dt>Test plans</dt>
        <dd>
          {details.plans.length === 0 ? (
            <span class="muted">none</span>
          ) : (
            details.plans.map((plan, i) => (
              <>
                {i > 0 ? ', ' : ''}
                {role ? <a href={`/p/${projectSlug}/plans#plan-${plan.shortId}`}>{plan.name}</a> : plan.name}
              </>
            ))
          )}
        </dd>
        {details.resumeFrom ? (
          <>
            <dt>Resumes from</dt>
            <dd>
              <a href={`/test-cases/${details.resumeFrom.id}`}>{details.resumeFrom.name}</a>{' '}
              <small class="muted">(starts where it ended, in its browser state)</small>
            </dd>
          </>
        ) : null}
        {details.waitFor.length ? (
          <>
            <dt>Waits for</dt>
            <dd>
              {details.waitFor.map((dep, i) => (
                <>
                  {i > 0 ? ', ' : ''}
                  <a href={`/test-cases/${dep.id}`}>{dep.name}</a>
                </>
              ))}
            </dd>
          </>
        ) : null}
        <dt>Declared</dt>
        <dd>
          {testCase.createdVia === 'apply' ? 'in a project file (goalie apply)' : 'through the API or the dashboard'}
        </dd>
        <dt>ID</dt>
        <dd>
          <code>{testCase.id}</code>
        </dd>
      </dl>

      <h2>Recorded steps</h2>
      <Steps details={details} />

      <h2>History</h2>
      <History history={details.history} />
    </>
  );
}
